// Which functions of a program run converted, found with the compiler's checker: the roots (functions
// passed to jit/toGraph — inline, by name, imported, `obj.method`, `f.bind(o)` — and functions whose
// body opens with 'use autograph'), then everything converted code reaches, as the loader's twins and
// run-time conversion do: functions and methods it calls (`f(x)`, `this.m(x)`, `super.m(x)`, a class
// field's arrow, an object-literal method, a closure a factory returned, `f.call(…)`), and getters and
// setters it reads or writes. Functions only called from plain code stay plain. Needs the compiler
// API. Produces `convertedFunctions`, `FunctionNode`.

import type ts from 'typescript';
import { DIRECTIVE } from '../plugin/find-targets.js';

export type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.AccessorDeclaration
  | ts.ConstructorDeclaration;

export interface ConvertedFunctionsOptions {
  /** Entry files of autograph-ts: an import that resolves to one of them imports the API. */
  readonly entries: ReadonlySet<string>;
  /** More module specifiers that mean autograph-ts (tsconfig plugin option `importSources`). */
  readonly importSources: readonly string[];
  /** Files whose functions are never the user's (the checker's own). */
  readonly skip: ReadonlySet<string>;
}

const API = new Set(['jit', 'toGraph']);

/**
 * The outermost converted functions of the program's own files (not declaration files, not
 * packages), by file name, in source order. Nested functions and classes convert with them.
 */
export function convertedFunctions(
  tsm: typeof ts,
  program: ts.Program,
  checker: ts.TypeChecker,
  opts: ConvertedFunctionsOptions,
): Map<string, FunctionNode[]> {
  const own = (sf: ts.SourceFile): boolean =>
    !sf.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sf) && !opts.skip.has(sf.fileName);
  const finder = new Reach(tsm, checker, own);
  for (const sf of program.getSourceFiles()) {
    if (own(sf) && (sf.text.includes(DIRECTIVE) || /\b(jit|toGraph)\b/.test(sf.text)))
      finder.roots(sf, apiNames(tsm, sf, checker, opts));
  }
  finder.run();
  const out = new Map<string, FunctionNode[]>();
  for (const fn of finder.outermost()) {
    const name = fn.getSourceFile().fileName;
    const list = out.get(name) ?? [];
    list.push(fn);
    out.set(name, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.pos - b.pos);
  return out;
}

/** The local names by which `sf` reaches jit/toGraph: named imports, and namespaces (`ag.jit`). */
function apiNames(
  tsm: typeof ts,
  sf: ts.SourceFile,
  checker: ts.TypeChecker,
  opts: ConvertedFunctionsOptions,
): { named: Set<string>; namespaces: Set<string> } {
  const named = new Set<string>();
  const namespaces = new Set<string>();
  for (const st of sf.statements) {
    if (!tsm.isImportDeclaration(st) || !tsm.isStringLiteral(st.moduleSpecifier) || st.importClause?.isTypeOnly)
      continue;
    const spec = st.moduleSpecifier.text;
    let api = spec === 'autograph-ts' || spec === 'autograph-ts/index.js' || opts.importSources.includes(spec);
    if (!api) {
      const decl = checker.getSymbolAtLocation(st.moduleSpecifier)?.valueDeclaration;
      api = decl !== undefined && tsm.isSourceFile(decl) && opts.entries.has(decl.fileName);
    }
    const bindings = api ? st.importClause?.namedBindings : undefined;
    if (!bindings) continue;
    if (tsm.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else
      for (const s of bindings.elements)
        if (!s.isTypeOnly && API.has((s.propertyName ?? s.name).text)) named.add(s.name.text);
  }
  return { named, namespaces };
}

function hasDirective(tsm: typeof ts, fn: ts.Node): boolean {
  const body = (fn as { body?: ts.Node }).body;
  if (!body || !tsm.isBlock(body)) return false;
  for (const st of body.statements) {
    if (!tsm.isExpressionStatement(st) || !tsm.isStringLiteral(st.expression)) return false;
    if (st.expression.text === DIRECTIVE) return true;
  }
  return false;
}

/** `autograph: false` in an options object literal leaves the function unconverted (as find-targets). */
function optsOff(tsm: typeof ts, arg: ts.Expression | undefined): boolean {
  return (
    arg !== undefined &&
    tsm.isObjectLiteralExpression(arg) &&
    arg.properties.some(
      (p) =>
        tsm.isPropertyAssignment(p) &&
        tsm.isIdentifier(p.name) &&
        p.name.text === 'autograph' &&
        p.initializer.kind === tsm.SyntaxKind.FalseKeyword,
    )
  );
}

/** The walk from the roots through calls and accessors. */
class Reach {
  private readonly reached = new Set<FunctionNode>();
  /** Functions already walked, themselves or as part of an enclosing one. */
  private readonly walked = new Set<ts.Node>();
  private readonly work: FunctionNode[] = [];

  constructor(
    private readonly tsm: typeof ts,
    private readonly checker: ts.TypeChecker,
    private readonly own: (sf: ts.SourceFile) => boolean,
  ) {}

  private add(fn: FunctionNode): void {
    if (this.reached.has(fn)) return;
    this.reached.add(fn);
    this.work.push(fn);
  }

  /** The roots of one file: 'use autograph' functions and what is passed to jit/toGraph. */
  roots(sf: ts.SourceFile, api: { named: ReadonlySet<string>; namespaces: ReadonlySet<string> }): void {
    const tsm = this.tsm;
    const isApi = (c: ts.Expression): boolean =>
      (tsm.isIdentifier(c) && api.named.has(c.text)) ||
      (tsm.isPropertyAccessExpression(c) &&
        tsm.isIdentifier(c.expression) &&
        api.namespaces.has(c.expression.text) &&
        API.has(c.name.text));
    const visit = (n: ts.Node): void => {
      if (isFunctionNode(tsm, n) && hasDirective(tsm, n)) this.add(n);
      if (
        tsm.isCallExpression(n) &&
        n.arguments[0] &&
        isApi(inner(tsm, n.expression)) &&
        !optsOff(tsm, n.arguments[1])
      ) {
        for (const fn of this.functionsOf(n.arguments[0])) this.add(fn);
      }
      tsm.forEachChild(n, visit);
    };
    visit(sf);
  }

  run(): void {
    while (this.work.length) {
      const fn = this.work.pop()!;
      if (this.walked.has(fn)) continue;
      this.walk(fn);
    }
  }

  /** The reached functions that no other reached function encloses. */
  outermost(): FunctionNode[] {
    return [...this.reached].filter((fn) => {
      for (let p = fn.parent; p; p = p.parent) if (this.reached.has(p as FunctionNode)) return false;
      return true;
    });
  }

  private walk(fn: FunctionNode): void {
    const tsm = this.tsm;
    const visit = (n: ts.Node): void => {
      if (isFunctionNode(tsm, n)) this.walked.add(n);
      if (tsm.isCallExpression(n)) for (const f of this.callees(n)) this.add(f);
      else if (tsm.isPropertyAccessExpression(n) && !(tsm.isCallExpression(n.parent) && n.parent.expression === n)) {
        for (const f of this.accessors(n)) this.add(f);
      }
      tsm.forEachChild(n, visit);
    };
    visit(fn);
  }

  /** The functions a call may run: its callee's declarations, or the signature the checker chose. */
  private callees(call: ts.CallExpression): FunctionNode[] {
    const tsm = this.tsm;
    const callee = inner(tsm, call.expression);
    if (tsm.isPropertyAccessExpression(callee) && (callee.name.text === 'call' || callee.name.text === 'apply')) {
      const target = this.functionsOf(callee.expression);
      if (target.length) return target;
    }
    const direct = this.functionsOf(callee);
    if (direct.length) return direct;
    // A value whose function the declarations do not show (`const g = make(); g(x)`): the checker's signature.
    const sym = this.symbolOf(callee);
    if (sym && !sym.declarations?.some((d) => this.own(d.getSourceFile()))) return []; // a library's
    const decl = this.checker.getResolvedSignature(call)?.declaration;
    return decl && isFunctionNode(tsm, decl) && decl.body && this.own(decl.getSourceFile()) ? [decl] : [];
  }

  /** A getter or setter that `e` reads or writes. */
  private accessors(e: ts.PropertyAccessExpression): FunctionNode[] {
    const sym = this.symbolOf(e);
    if (!sym || !(sym.flags & this.tsm.SymbolFlags.Accessor)) return [];
    return this.bodies(sym.declarations);
  }

  private symbolOf(e: ts.Expression): ts.Symbol | undefined {
    const tsm = this.tsm;
    let sym = this.checker.getSymbolAtLocation(tsm.isPropertyAccessExpression(e) ? e.name : e);
    if (sym && sym.flags & tsm.SymbolFlags.Alias) sym = this.checker.getAliasedSymbol(sym);
    return sym;
  }

  /** The functions an expression evaluates to, as far as declarations show (`f`, `o.m`, `f.bind(o)`, an inline arrow). */
  private functionsOf(e0: ts.Expression): FunctionNode[] {
    const tsm = this.tsm;
    const e = inner(tsm, e0);
    if (tsm.isFunctionExpression(e) || tsm.isArrowFunction(e)) return [e];
    if (tsm.isCallExpression(e)) {
      const c = inner(tsm, e.expression);
      return tsm.isPropertyAccessExpression(c) && c.name.text === 'bind' ? this.functionsOf(c.expression) : [];
    }
    if (!tsm.isIdentifier(e) && !tsm.isPropertyAccessExpression(e) && e.kind !== tsm.SyntaxKind.SuperKeyword) return [];
    if (tsm.isIdentifier(e) && tsm.isShorthandPropertyAssignment(e.parent)) {
      return this.bodies(this.checker.getShorthandAssignmentValueSymbol(e.parent)?.declarations);
    }
    return this.bodies(this.symbolOf(e)?.declarations);
  }

  /** The declarations that are functions with bodies in the program's own files (a variable's or field's function too). */
  private bodies(decls: readonly ts.Declaration[] | undefined): FunctionNode[] {
    const tsm = this.tsm;
    const out: FunctionNode[] = [];
    for (const d of decls ?? []) {
      if (!this.own(d.getSourceFile())) continue;
      if (isFunctionNode(tsm, d)) {
        if (d.body) out.push(d);
        continue;
      }
      const init =
        (tsm.isVariableDeclaration(d) || tsm.isPropertyDeclaration(d) || tsm.isPropertyAssignment(d)) && d.initializer
          ? inner(tsm, d.initializer)
          : undefined;
      if (init && (tsm.isFunctionExpression(init) || tsm.isArrowFunction(init))) out.push(init);
    }
    return out;
  }
}

/** `e` without parentheses, `as`/`satisfies`/`<T>` assertions and `!`. */
function inner(tsm: typeof ts, e: ts.Expression): ts.Expression {
  while (
    tsm.isParenthesizedExpression(e) ||
    tsm.isAsExpression(e) ||
    tsm.isSatisfiesExpression(e) ||
    tsm.isTypeAssertionExpression(e) ||
    tsm.isNonNullExpression(e)
  )
    e = e.expression;
  return e;
}

function isFunctionNode(tsm: typeof ts, n: ts.Node): n is FunctionNode {
  return (
    tsm.isFunctionDeclaration(n) ||
    tsm.isFunctionExpression(n) ||
    tsm.isArrowFunction(n) ||
    tsm.isMethodDeclaration(n) ||
    tsm.isGetAccessorDeclaration(n) ||
    tsm.isSetAccessorDeclaration(n) ||
    tsm.isConstructorDeclaration(n)
  );
}
