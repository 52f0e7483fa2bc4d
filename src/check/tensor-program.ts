// The core of `autograph check` and of the editor plugin: a program whose converted functions have
// their tensor operator expressions rewritten as calls of typed helpers. Rewriting changes types
// (`a * a` becomes a Tensor, so `a * a / 2` is a tensor op too), so it runs to a fixed point: check
// the operands, rewrite the operators that have a tensor operand, make the program again, until
// nothing more is rewritten. Needs a program factory and the modules of this folder.
// Produces `buildTensorProgram`, `TensorProgram`, `ProgramFactory`, `CheckedFile`.

import type ts from 'typescript';
import { collectCandidates, type Candidate } from './candidates.js';
import { convertedFunctions } from './converted-functions.js';
import { TENSOR_ALIAS, type OperatorsFile } from './operators-file.js';
import type { Span } from './position-map.js';
import { virtualText, type VirtualText } from './virtual-text.js';

export interface ProgramFactory {
  /** The project's program (the operators file among its roots) with `overlay` texts in place of those files. */
  create(overlay: ReadonlyMap<string, string>): ts.Program;
}

export interface TensorProgramOptions {
  readonly operators: OperatorsFile;
  /** Entry files of autograph-ts: an import that resolves to one of them imports the API. */
  readonly entries: readonly string[];
  /** More module specifiers that mean autograph-ts (tsconfig plugin option `importSources`). */
  readonly importSources?: readonly string[];
  /** Most programs made before giving up on a fixed point (default 12). */
  readonly maxRounds?: number;
}

export interface CheckedFile {
  /** The file as written (a source file of the first program). */
  readonly original: ts.SourceFile;
  readonly candidates: readonly Candidate[];
  /** The candidates rewritten, by node. */
  readonly plan: ReadonlyMap<ts.Node, Candidate>;
  /** Its virtual text (undefined while nothing in it is rewritten). */
  readonly virtual?: VirtualText;
}

export interface TensorProgram {
  /** The program of the fixed point: virtual texts in place of the files with tensor operators. */
  readonly program: ts.Program;
  /** Files holding converted functions, by file name. */
  readonly files: ReadonlyMap<string, CheckedFile>;
  readonly operators: OperatorsFile;
  /** How many programs were made. */
  readonly rounds: number;
}

const skipParens = (tsm: typeof ts, e: ts.Expression): ts.Expression => {
  while (tsm.isParenthesizedExpression(e)) e = e.expression;
  return e;
};

/** The deepest node of `sf` spanning exactly `[start, end)` (from its first token). */
export function nodeAt(tsm: typeof ts, sf: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  let n: ts.Node = sf;
  for (;;) {
    let next: ts.Node | undefined;
    tsm.forEachChild(n, (c) => {
      if (c.pos <= start && c.end >= end && c.getStart(sf) <= start) {
        next = c;
        return true;
      }
      return undefined;
    });
    if (!next) return found;
    if (next.getStart(sf) === start && next.end === end) found = next;
    n = next;
  }
}

export function buildTensorProgram(tsm: typeof ts, factory: ProgramFactory, opts: TensorProgramOptions): TensorProgram {
  const F = tsm.TypeFlags;
  const overlay = new Map<string, string>();
  let program = factory.create(overlay);
  const files = new Map<string, WorkFile>();
  {
    const checker = program.getTypeChecker(); // binds every file: parent pointers are set from here on
    const skip = new Set([opts.operators.typesFile, opts.operators.fileName]);
    const reached = convertedFunctions(tsm, program, checker, {
      entries: new Set(opts.entries),
      importSources: opts.importSources ?? [],
      skip,
    });
    for (const [name, fns] of reached) {
      const candidates = collectCandidates(tsm, fns);
      if (candidates.length)
        files.set(name, {
          original: program.getSourceFile(name)!,
          candidates,
          plan: new Map(),
          locals: untypedLocals(tsm, checker, candidates),
        });
    }
  }

  const maxRounds = opts.maxRounds ?? 12;
  let rounds = 1;
  for (; rounds <= maxRounds; rounds++) {
    const checker = program.getTypeChecker();
    const tensor = tensorType(tsm, program, checker, opts.operators);
    if (!tensor) break;
    const contains = (t: ts.Type, test: (t: ts.Type) => boolean): boolean => {
      if (t.flags & (F.Any | F.Unknown | F.Never)) return false;
      if (t.isUnionOrIntersection()) return t.types.some((x) => contains(x, test));
      if (t.flags & F.TypeParameter) {
        const c = checker.getBaseConstraintOfType(t);
        return c !== undefined && c !== t && contains(c, test);
      }
      return test(t);
    };
    const isTensor = (t: ts.Type): boolean => contains(t, isTensorClass(tsm, checker, tensor));
    const isString = (t: ts.Type): boolean => contains(t, (x) => (x.flags & F.StringLike) !== 0);

    const changed: string[] = [];
    for (const [name, f] of files) {
      const sf = program.getSourceFile(name);
      if (!sf) continue;
      const typeOf = (e: ts.Expression): ts.Type | undefined => {
        if (!f.virtual) return checker.getTypeAtLocation(e);
        const span = virtualSpan(f.virtual, e, f.original);
        const v = span && nodeAt(tsm, sf, span.start, span.end);
        return v ? checker.getTypeAtLocation(v) : undefined;
      };
      const tensorOperand = (e: ts.Expression): boolean => {
        if (f.plan.has(skipParens(tsm, e))) return true; // rewritten: a tensor op's result
        if (madeByPlan(tsm, f, e)) return true; // a local the next program will type from a rewritten expression
        const t = typeOf(e);
        return t !== undefined && isTensor(t);
      };
      const before = f.plan.size;
      // Within a round, a decision can make a local a tensor for a later one: repeat until none is added.
      for (let size = -1; size !== f.plan.size;) {
        size = f.plan.size;
        for (const c of f.candidates) {
          if (f.plan.has(c.node)) continue;
          if (
            !decide(c, tensorOperand, (e) => {
              const t = typeOf(e);
              return t !== undefined && isString(t);
            })
          )
            continue;
          f.plan.set(c.node, c);
        }
      }
      if (f.plan.size !== before) changed.push(name);
    }
    if (changed.length === 0) break;
    for (const name of changed) {
      const f = files.get(name)!;
      f.virtual = virtualText(tsm, f.original, f.plan);
      overlay.set(name, f.virtual.text);
    }
    program = factory.create(overlay);
  }
  return { program, files, operators: opts.operators, rounds };
}

interface WorkFile {
  readonly original: ts.SourceFile;
  readonly candidates: readonly Candidate[];
  readonly plan: Map<ts.Node, Candidate>;
  virtual?: VirtualText;
  /** Identifier operands naming a local declared without a type, with its declaration. */
  readonly locals: ReadonlyMap<ts.Node, ts.VariableDeclaration>;
}

/**
 * The identifier operands of `candidates` that name a variable of the same file declared without a
 * type annotation (its type is then its initializer's, or the element type of its `for…of`).
 */
function untypedLocals(
  tsm: typeof ts,
  checker: ts.TypeChecker,
  candidates: readonly Candidate[],
): Map<ts.Node, ts.VariableDeclaration> {
  const out = new Map<ts.Node, ts.VariableDeclaration>();
  for (const c of candidates) {
    for (const e of c.operands) {
      const id = skipParens(tsm, e);
      if (!tsm.isIdentifier(id) || out.has(id)) continue;
      const d = checker.getSymbolAtLocation(id)?.valueDeclaration;
      if (
        d &&
        tsm.isVariableDeclaration(d) &&
        !d.type &&
        tsm.isIdentifier(d.name) &&
        d.getSourceFile() === id.getSourceFile()
      )
        out.set(id, d);
    }
  }
  return out;
}

/**
 * Whether operand `e` is a local whose type the next program takes from a rewritten expression
 * (`let y = x * s` then `y / 2`; `for (const row of t)`): it will be a tensor there, so deciding it
 * now saves a program (a whole type check) per such step.
 */
function madeByPlan(tsm: typeof ts, f: WorkFile, e: ts.Expression): boolean {
  const d = f.locals.get(skipParens(tsm, e));
  if (!d) return false;
  const list = d.parent;
  if (tsm.isVariableDeclarationList(list) && tsm.isForOfStatement(list.parent)) return f.plan.has(list.parent);
  if (!d.initializer) return false;
  const init = skipParens(tsm, d.initializer);
  if (f.plan.has(init)) return true;
  return (
    tsm.isConditionalExpression(init) &&
    (f.plan.has(skipParens(tsm, init.whenTrue)) || f.plan.has(skipParens(tsm, init.whenFalse)))
  );
}

/** Whether candidate `c` is a tensor op, given which of its operands are tensors. */
function decide(
  c: Candidate,
  tensorOperand: (e: ts.Expression) => boolean,
  stringOperand: (e: ts.Expression) => boolean,
): boolean {
  switch (c.kind) {
    case 'binary':
    case 'compound':
      if (!c.operands.some(tensorOperand)) return false;
      // `s + t` with a string is JS concatenation, as the runtime's add does.
      return c.helper !== 'add' || !c.operands.some(stringOperand);
    case 'math':
      return c.operands.some(tensorOperand);
    default:
      return tensorOperand(c.operands[0]!);
  }
}

/** Where original node `e` is in the virtual text: recorded by the rewrite, or inside a verbatim run. */
function virtualSpan(v: VirtualText, e: ts.Node, sf: ts.SourceFile): Span | undefined {
  const known = v.spans.get(e);
  if (known) return known;
  const start = v.map.toVirtual(e.getStart(sf));
  const end = v.map.toVirtual(e.end, 'end');
  return start === undefined || end === undefined ? undefined : { start, end };
}

/**
 * Whether an object type is the tensor class or a class or interface derived from it (tf.Variable):
 * what assignability to the tensor type comes to, since the class has a protected member, which no
 * other type can have — but asked of the declarations, not by comparing members (a tenth of a check).
 */
function isTensorClass(tsm: typeof ts, checker: ts.TypeChecker, tensor: ts.Type): (t: ts.Type) => boolean {
  const target = (t: ts.Type): ts.Type =>
    t.flags & tsm.TypeFlags.Object && (t as ts.ObjectType).objectFlags & tsm.ObjectFlags.Reference
      ? (t as ts.TypeReference).target
      : t;
  const goal = target(tensor);
  const known = new Map<ts.Type, boolean>();
  const derives = (t0: ts.Type): boolean => {
    const t = target(t0);
    if (t === goal) return true;
    if (!(t.flags & tsm.TypeFlags.Object) || !((t as ts.ObjectType).objectFlags & tsm.ObjectFlags.ClassOrInterface))
      return false;
    let r = known.get(t);
    if (r === undefined) {
      known.set(t, false); // a cycle of bases (an error the compiler reports) ends here
      r = checker.getBaseTypes(t as ts.InterfaceType).some(derives);
      known.set(t, r);
    }
    return r;
  };
  return derives;
}

/** The tensor type as the operators file names it (undefined if that file is not in the program). */
function tensorType(
  tsm: typeof ts,
  program: ts.Program,
  checker: ts.TypeChecker,
  ops: OperatorsFile,
): ts.Type | undefined {
  const sf = program.getSourceFile(ops.fileName);
  const alias = sf?.statements.find(
    (s): s is ts.TypeAliasDeclaration => tsm.isTypeAliasDeclaration(s) && s.name.text === TENSOR_ALIAS,
  );
  if (!alias) return undefined;
  const t = checker.getTypeFromTypeNode(alias.type);
  return t.flags & tsm.TypeFlags.Any ? undefined : t;
}
