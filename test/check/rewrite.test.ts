// The checker's core on one in-memory file: exactly the operator expressions with a tensor operand
// inside converted functions are rewritten (the same constructs the converter stages), rewriting runs
// to a fixed point (a variable made from a tensor op is a tensor in the next round), the types come
// out as the tfjs ops they become, and everything else is left to TypeScript as written.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilerFactory } from '../../src/check/compiler-factory.js';
import { projectDiagnostics } from '../../src/check/diagnostics.js';
import { autographEntries, operatorsFile } from '../../src/check/operators-file.js';
import { buildTensorProgram, type TensorProgram } from '../../src/check/tensor-program.js';

const file = fileURLToPath(new URL('./fixtures/editor/inline.ts', import.meta.url)).replace(/\\/g, '/');

const SOURCE = `import * as tf from '@tensorflow/tfjs';

export function f(t: tf.Tensor, n: number, s: string, u: tf.Tensor | number, v: tf.Tensor1D) {
  'use autograph';
  let a = t * 2;
  a += n;
  a++;
  const b = -a;
  const c = !t;
  const d = t > 0 ? 1 : 2;
  const e = t > 0 && t < 5;
  const g = Math.floor(t / 2);
  const h = n * 2;
  const i = s + t;
  const j = 'x' + n;
  for (const row of t) console.log(row);
  const k = u * u;
  const l = v * 2 + v;
  const inner = () => t ** 3;
  const m = inner() * 2;
  const cmp = t === null;
  return { a, b, c, d, e, g, h, i, j, k, l, inner, m, cmp };
}

export function plain(t: tf.Tensor, n: number) {
  return n * 2 + (t === undefined ? 0 : 1);
}
`;

const EXPECTED = `import * as tf from '@tensorflow/tfjs';

export function f(t: tf.Tensor, n: number, s: string, u: tf.Tensor | number, v: tf.Tensor1D) {
  'use autograph';
  let a = __autograph.mul(t, 2);
  a = __autograph.add(a, n);
  (a = __autograph.inc(a));
  const b = __autograph.neg(a);
  const c = __autograph.not(t);
  const d = __autograph.ifExp(__autograph.gt(t, 0), 1, 2);
  const e = __autograph.and(__autograph.gt(t, 0), __autograph.lt(t, 5));
  const g = __autograph.Math.floor(__autograph.div(t, 2));
  const h = n * 2;
  const i = s + t;
  const j = 'x' + n;
  for (const row of __autograph.iter(t)) console.log(row);
  const k = __autograph.mul(u, u);
  const l = __autograph.add(__autograph.mul(v, 2), v);
  const inner = () => __autograph.pow(t, 3);
  const m = __autograph.mul(inner(), 2);
  const cmp = t === null;
  return { a, b, c, d, e, g, h, i, j, k, l, inner, m, cmp };
}

export function plain(t: tf.Tensor, n: number) {
  return n * 2 + (t === undefined ? 0 : 1);
}
`;

let tp: TensorProgram;

function typeOf(name: string): string {
  const sf = tp.program.getSourceFile(file)!;
  const checker = tp.program.getTypeChecker();
  let out = '';
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name)
      out = checker.typeToString(checker.getTypeAtLocation(n.name));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The tensor program of `file` with `source` as its text. */
function build(source: string): TensorProgram {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    noEmit: true,
  };
  const base = ts.createCompilerHost(options, true);
  const host: ts.CompilerHost = {
    ...base,
    getSourceFile: (f, v, onError, create) =>
      f === file ? ts.createSourceFile(f, source, v, true) : base.getSourceFile(f, v, onError, create),
    fileExists: (f) => f === file || base.fileExists(f),
    readFile: (f) => (f === file ? source : base.readFile(f)),
  };
  const ops = operatorsFile();
  return buildTensorProgram(ts, compilerFactory(ts, { rootNames: [file], options }, ops, host), {
    operators: ops,
    entries: autographEntries(ops),
  });
}

describe('the tensor program of one file', () => {
  beforeAll(() => {
    tp = build(SOURCE);
  }, 240_000);

  it('rewrites exactly the operators with a tensor operand, operands kept as written', () => {
    expect(tp.files.get(file)?.virtual?.text).toBe(EXPECTED);
  });

  it('runs to a fixed point: `inner()` is a tensor only once `t ** 3` is rewritten; locals are decided in the round that rewrites their value', () => {
    // Round 1 rewrites `t * 2` and, in the same round, `a += n` … (`a` takes its type from `t * 2`);
    // round 2 sees `inner()` typed as a tensor and rewrites `inner() * 2`; round 3 changes nothing.
    expect(tp.rounds).toBe(3);
  });

  it('decides a chain of locals in one round: one program more, not one per link', () => {
    const chain = build(`import * as tf from '@tensorflow/tfjs';
export function f(t: tf.Tensor) {
  'use autograph';
  let a = t * 2;
  const b = a > 1 ? a : -a;
  let c = b / 2;
  for (const row of c) c = row + c;
  return c;
}
`);
    expect(chain.files.get(file)?.plan.size).toBe(7);
    expect(chain.rounds).toBe(2);
    expect(projectDiagnostics(ts, chain)).toEqual([]);
  }, 240_000);

  it('types each rewritten expression as the tfjs op it becomes', () => {
    expect(typeOf('a')).toBe('Tensor<Rank>');
    expect(typeOf('b')).toBe('Tensor<Rank>');
    expect(typeOf('c')).toBe('Tensor<Rank>');
    expect(typeOf('d')).toBe('2 | 1 | Tensor<Rank>'); // eagerly a branch's value, staged a tensor
    expect(typeOf('e')).toBe('Tensor<Rank>');
    expect(typeOf('g')).toBe('Tensor<Rank>');
    expect(typeOf('h')).toBe('number');
    expect(typeOf('i')).toBe('string');
    expect(typeOf('k')).toBe('number | Tensor<Rank>');
    expect(typeOf('l')).toBe('Tensor<Rank.R1>'); // the rank of `v` kept
    expect(typeOf('row')).toBe('Tensor<Rank>');
    expect(typeOf('inner')).toBe('() => Tensor<Rank>');
    expect(typeOf('m')).toBe('Tensor<Rank>');
    expect(typeOf('cmp')).toBe('boolean');
  });

  it('leaves nothing to report under --strict', () => {
    expect(projectDiagnostics(ts, tp).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });
});
