// Gives every function of a module that has something to stage a converted twin, so that converted
// code reaching it (a method, a helper, a closure) runs converted code with its closure intact, while
// plain calls run it as written at full speed. Functions made once keep their text and register a
// twin: module-level function declarations and `const f = …` functions (`ag__twin(f, function …)`
// after them) and public class methods (a holder in a static block: twin-members.ts). Every other
// function (nested, accessors, private methods, object-literal methods, class fields holding arrows)
// is fused: it opens with `if (ag__twinState.depth) return (function (…) { …converted }).call(…)`,
// which costs a plain call one property read and no allocation. Needs converted-copy, twin-members.
// Produces `addTwins`.

import * as t from '../convert/util/babel-types.js';
import { convertedCopy, fuse, type Convertible, type CopyOptions } from './converted-copy.js';
import { TWIN, TWIN_CLASS, classTwins, holderMethods } from './twin-members.js';

/** One edit, applied after the walk (so that every twin is made from the code as written). */
type Edit = () => void;

interface Walk {
  readonly copies: CopyOptions;
  /** Nodes already converted in place (jit/toGraph targets and their helpers): not twinned. */
  readonly skip: ReadonlySet<t.Node>;
  /** Class methods that get a holder twin (registered by their class). */
  readonly held: Set<t.Node>;
  readonly edits: Edit[];
  /** Statements to insert: at the top of the module (declarations), or after a statement. */
  readonly atTop: t.Statement[];
  readonly after: Map<t.Statement, t.Statement[]>;
  readonly used: Set<string>;
  count: number;
}

const register = (name: string, twin: t.Expression): t.Statement =>
  t.expressionStatement(t.callExpression(t.identifier(TWIN), [t.identifier(name), twin]));

/** Helpers that transpilers put in a module (`var __name = …`): never the user's code. */
const isToolHelper = (name: string): boolean => /^__[A-Za-z]+$/.test(name);

/** The function inside tsx's keepNames wrapper `__name(fn, "name")`, else `n` itself. */
function unwrapKeptName(n: t.Node | null | undefined): t.Node | null | undefined {
  if (t.isCallExpression(n) && t.isIdentifier(n.callee, { name: '__name' }) && n.arguments.length === 2)
    return n.arguments[0];
  return n;
}

function nameOf(fn: Convertible, parent: t.Node): string {
  if ((t.isFunctionDeclaration(fn) || t.isFunctionExpression(fn)) && fn.id) return fn.id.name;
  if ((t.isObjectMethod(fn) || t.isClassMethod(fn)) && t.isIdentifier(fn.key)) return fn.key.name;
  if (t.isClassPrivateMethod(fn)) return `#${fn.key.id.name}`;
  if (t.isVariableDeclarator(parent) && t.isIdentifier(parent.id)) return parent.id.name;
  if ((t.isObjectProperty(parent) || t.isClassProperty(parent)) && t.isIdentifier(parent.key)) return parent.key.name;
  return 'anonymous';
}

/** Fuses the converted copy into `fn` (after the walk). */
function fuseLater(w: Walk, fn: Convertible, name: string): void {
  const copy = convertedCopy(fn, name, w.copies);
  if (!copy) return;
  w.edits.push(() => {
    const mode = fuse(fn, copy);
    if (!mode) return;
    w.used.add(mode);
    w.count++;
  });
}

/** A module-level `const f = function|arrow` (possibly in tsx's `__name`): registered after its statement. */
function moduleConst(n: t.Node, stack: readonly t.Node[]): { name: string; statement: t.Statement } | undefined {
  const [decl, list, owner, program] = [
    stack[stack.length - 1],
    stack[stack.length - 2],
    stack[stack.length - 3],
    stack[stack.length - 4],
  ];
  if (!t.isVariableDeclarator(decl) || !t.isIdentifier(decl.id) || unwrapKeptName(decl.init) !== n) return undefined;
  if (!t.isVariableDeclaration(list) || list.kind !== 'const') return undefined;
  if (t.isProgram(owner)) return { name: decl.id.name, statement: list };
  if (t.isExportNamedDeclaration(owner) && t.isProgram(program)) return { name: decl.id.name, statement: owner };
  return undefined;
}

/** Whether declaration `n` stands in the module's own statement list (made once, hoisted). */
function atModuleLevel(stack: readonly t.Node[]): boolean {
  const parent = stack[stack.length - 1];
  return (
    t.isProgram(parent) ||
    ((t.isExportNamedDeclaration(parent) || t.isExportDefaultDeclaration(parent)) &&
      t.isProgram(stack[stack.length - 2]))
  );
}

function twinFunction(w: Walk, fn: Convertible, stack: readonly t.Node[]): void {
  const parent = stack[stack.length - 1]!;
  if (w.held.has(fn) || (t.isClassMethod(fn) && fn.kind === 'constructor')) return;
  if (t.isCallExpression(parent) && parent.callee === fn) return; // an IIFE runs where it stands
  const name = nameOf(
    fn,
    unwrapKeptName(parent) === fn && t.isCallExpression(parent) ? stack[stack.length - 2]! : parent,
  );
  if (t.isFunctionDeclaration(fn) && fn.id && atModuleLevel(stack)) {
    const copy = convertedCopy(fn, name, w.copies);
    if (copy) {
      w.atTop.push(register(fn.id.name, copy));
      w.used.add(TWIN);
      w.count++;
    }
    return;
  }
  const inKeptName = t.isCallExpression(parent) && unwrapKeptName(parent) === fn;
  const made =
    (t.isFunctionExpression(fn) || t.isArrowFunctionExpression(fn)) &&
    moduleConst(fn, inKeptName ? stack.slice(0, -1) : stack);
  if (made) {
    const copy = convertedCopy(fn, made.name, w.copies);
    if (copy) {
      w.after.set(made.statement, [...(w.after.get(made.statement) ?? []), register(made.name, copy)]);
      w.used.add(TWIN);
      w.count++;
    }
    return;
  }
  fuseLater(w, fn, name);
}

function visit(w: Walk, n: t.Node, stack: t.Node[]): void {
  if (w.skip.has(n)) return;
  const parent = stack[stack.length - 1];
  if (t.isVariableDeclarator(n) && t.isIdentifier(n.id) && isToolHelper(n.id.name)) return;
  if (parent && t.isFunction(n)) twinFunction(w, n as Convertible, stack);
  if (t.isClass(n)) {
    const methods = holderMethods(n);
    for (const m of methods) w.held.add(m);
    const r = classTwins(n, methods, w.copies);
    if (r.count) {
      w.used.add(TWIN_CLASS);
      w.count += r.count;
    }
    w.edits.push(r.apply);
  }
  stack.push(n);
  const rec = n as unknown as Record<string, unknown>;
  for (const k of t.VISITOR_KEYS[n.type] ?? []) {
    const child = rec[k];
    if (Array.isArray(child)) {
      for (const c of child) if (c && typeof c === 'object') visit(w, c as t.Node, stack);
    } else if (child && typeof child === 'object') visit(w, child as t.Node, stack);
  }
  stack.pop();
}

/**
 * Adds the twins to `program` (in place); `skip` holds the functions already converted in place.
 * Returns the runtime helpers the module now calls (to import) and how many twins it made.
 */
export function addTwins(
  program: t.Program,
  copies: CopyOptions,
  skip: ReadonlySet<t.Node>,
): { used: Set<string>; count: number } {
  const w: Walk = { copies, skip, held: new Set(), edits: [], atTop: [], after: new Map(), used: new Set(), count: 0 };
  visit(w, program, []);
  for (const edit of w.edits) edit();
  for (const [st, sts] of w.after) {
    const list = program.body as t.Statement[];
    list.splice(list.indexOf(st) + 1, 0, ...sts);
  }
  let at = 0;
  while (at < program.body.length && t.isImportDeclaration(program.body[at])) at++;
  program.body.splice(at, 0, ...w.atTop);
  return { used: w.used, count: w.count };
}
