// The Math/Number table (math-number-entries.ts × test/semantics/edge-values.ts): Math.imul,
// Math.clz32, Math.f16round, Number.isNaN & co. and the globals isNaN, isFinite on tensors equal
// plain JS on the dtype-rounded values, stored in the result's dtype — converted on eager tensors,
// and through jit with the interpreter and the compiled executor, on vectors and on scalars, on
// the cpu backend; on vectors through onnxruntime, and eagerly and through both executors on the
// wasm backend (every function here is exact there: int32 products stay below 2^53). Also: every Math function is dispatched on tensors (this table or the operator
// table of test/semantics), left to JS or refused with a catalogued error; the converter routes
// exactly the functions the runtime dispatches.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRIES, type Entry } from './math-number-entries.js';
import { EDGE_VALUES } from '../semantics/edge-values.js';
import { OPERATORS } from '../semantics/operator-table.js';
import {
  releaseJit,
  runPath,
  sameValue,
  storeJs,
  toDType,
  type DT,
  type Outcome,
  type Path,
} from '../semantics/paths.js';
import { JS_ONLY, MathDispatch, REFUSED } from '../../src/runtime/math.js';
import { MATH_FUNCTIONS } from '../../src/convert/util/operator-names.js';
import { jit, toGraph } from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Row = readonly (number | boolean)[];

function rows(e: Entry, dtypes: readonly DT[]): Row[] {
  const values = (d: DT): readonly (number | boolean)[] =>
    d === 'float32' ? [...EDGE_VALUES.float32, ...(e.extra ?? [])] : EDGE_VALUES[d];
  let out: Row[] = [[]];
  for (const d of dtypes) out = out.flatMap((r) => values(d).map((v) => [...r, v]));
  return out;
}

const show = (v: number | boolean): string => (Object.is(v, -0) ? '-0' : String(v));

function tensors(dtypes: readonly DT[], rs: readonly Row[], scalar: boolean): tf.Tensor[] {
  return dtypes.map((d, k) =>
    scalar
      ? tf.scalar(rs[0]![k] as number, d)
      : tf.tensor1d(
          rs.map((r) => r[k] as number),
          d,
        ),
  );
}

function compare(e: Entry, rs: readonly Row[], expected: readonly number[], got: Outcome, label: string): string[] {
  if ('error' in got) return [`${label}: ${got.error}`];
  if (got.dtype !== e.result) return [`${label}: dtype ${got.dtype}, expected ${e.result}`];
  const out: string[] = [];
  got.values.forEach((v, i) => {
    if (!sameValue(v, expected[i]!) && out.length < 4)
      out.push(`${label}: ${e.name} with (${rs[i]!.map(show).join(', ')}) = ${show(v)}, JS ${show(expected[i]!)}`);
  });
  return out;
}

for (const e of ENTRIES) {
  describe(e.name, () => {
    afterAll(() => releaseJit(e.fn));
    for (const dtypes of e.dtypes) {
      it(`${dtypes.join(' × ')}: plain JS = eager = interpreter = compiled (vectors and scalars)`, async () => {
        const rs = rows(e, dtypes);
        const expected = rs.map((r) => {
          const xs = r.map((v, k) => toDType(dtypes[k]!, v as number));
          return storeJs(e.result, (e.oracle ?? e.fn)(xs[0], xs[1]));
        });
        const problems: string[] = [];
        for (const path of ['eager', 'interpreter', 'compiled'] as Path[]) {
          problems.push(
            ...compare(
              e,
              rs,
              expected,
              await runPath(path, e.fn, () => tensors(dtypes, rs, false)),
              `${path}, vectors`,
            ),
          );
        }
        const scalars: Outcome[] = [];
        for (const r of rs) scalars.push(await runPath('compiled', e.fn, () => tensors(dtypes, [r], true)));
        const failed = scalars.find((o) => 'error' in o);
        const joined: Outcome = failed ?? {
          dtype: (scalars[0] as { dtype: string }).dtype,
          values: scalars.map((o) => (o as { values: number[] }).values[0]!),
        };
        problems.push(...compare(e, rs, expected, joined, 'compiled, scalars'));
        expect(problems).toEqual([]);
        expect(expected.length).toBe(rs.length);
      });
    }
  });
}

describe('through onnxruntime and on the wasm backend, plain JS too', () => {
  afterAll(async () => {
    await tf.setBackend('cpu');
  });
  for (const e of ENTRIES.filter((x) => !x.cpuOnly)) {
    it(e.name, async () => {
      const problems: string[] = [];
      try {
        for (const dtypes of e.dtypes) {
          const rs = rows(e, dtypes);
          const expected = rs.map((r) => {
            const xs = r.map((v, k) => toDType(dtypes[k]!, v as number));
            return storeJs(e.result, (e.oracle ?? e.fn)(xs[0], xs[1]));
          });
          await tf.setBackend('cpu');
          problems.push(
            ...compare(
              e,
              rs,
              expected,
              await runPath('onnxruntime', e.fn, () => tensors(dtypes, rs, false)),
              `${dtypes.join(' × ')}, onnxruntime`,
            ),
          );
          await tf.setBackend('wasm');
          for (const path of ['eager', 'interpreter', 'compiled'] as Path[]) {
            problems.push(
              ...compare(
                e,
                rs,
                expected,
                await runPath(path, e.fn, () => tensors(dtypes, rs, false)),
                `${dtypes.join(' × ')}, wasm ${path}`,
              ),
            );
          }
        }
      } finally {
        releaseJit(e.fn);
        await tf.setBackend('cpu');
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('every Math function', () => {
  const functions = Object.getOwnPropertyNames(Math).filter(
    (k) => typeof (Math as unknown as Record<string, unknown>)[k] === 'function',
  );
  const tabled = new Set(
    [...OPERATORS, ...ENTRIES].flatMap((e) => [...e.name.matchAll(/Math\.(\w+)\(/g)].map((m) => m[1]!)),
  );

  it('is checked on tensors by a table, left to JS (random) or refused', () => {
    const uncovered = functions.filter((k) => !tabled.has(k) && !(k in JS_ONLY) && !(k in REFUSED));
    expect(uncovered).toEqual([]);
    expect(functions.length).toBeGreaterThanOrEqual(35);
  });
  it('the converter routes exactly the functions the runtime dispatches; random stays JS', () => {
    expect([...MATH_FUNCTIONS].sort()).toEqual(Object.keys(MathDispatch).sort());
    for (const k of Object.keys(JS_ONLY)) expect(MATH_FUNCTIONS.has(k)).toBe(false);
    const f = toGraph((x: tf.Tensor) => [Math.random(), x] as const);
    const [r] = f(tf.scalar(1)) as unknown as [number];
    expect(typeof r).toBe('number');
    expect(r >= 0 && r < 1).toBe(true);
  });
  it('Math.sumPrecise of a tensor is refused (convert/unsupported-tensor-math), of numbers is JS', () => {
    const f = jit((x: tf.Tensor) => (Math as unknown as { sumPrecise(v: unknown): number }).sumPrecise(x));
    const x = tf.tensor1d([1, 2]);
    let err: unknown;
    try {
      f(x);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AutographError);
    expect((err as AutographError).id).toBe('convert/unsupported-tensor-math');
    expect((err as Error).message).toContain('Math.sumPrecise');
    const numbers = toGraph((v: number[]) => (Math as unknown as { sumPrecise(v: unknown): number }).sumPrecise(v));
    const js = (v: number[]): unknown => {
      try {
        return (Math as unknown as { sumPrecise(v: unknown): number }).sumPrecise(v);
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    let got: unknown;
    try {
      got = numbers([0.1, 0.2]);
    } catch (e) {
      got = `${(e as Error).name}: ${(e as Error).message}`;
    }
    expect(got).toEqual(js([0.1, 0.2]));
    x.dispose();
  });
});

describe('Math and Number functions passed as values dispatch as direct calls do', () => {
  it('helper(Math.imul, a, b), helper(Number.isNaN, a), helper(isFinite, a)', () => {
    const apply = (f: (...xs: never[]) => unknown, ...xs: unknown[]): unknown => f(...(xs as never[]));
    const g = toGraph(
      (a: tf.Tensor, b: tf.Tensor) => [apply(Math.imul, a, b), apply(Number.isNaN, a), apply(isFinite, a)],
      { scope: { apply } },
    );
    const a = tf.tensor1d([NaN, 3, Infinity]);
    const b = tf.tensor1d([2, 5, 7], 'int32');
    const [p, n, fin] = g(a, b) as unknown as tf.Tensor[];
    const av = [NaN, 3, Infinity];
    expect(Array.from(p!.dataSync())).toEqual(av.map((v, i) => Math.imul(v, [2, 5, 7][i]!)));
    expect(Array.from(n!.dataSync(), Boolean)).toEqual(av.map((v) => Number.isNaN(v)));
    expect(Array.from(fin!.dataSync(), Boolean)).toEqual(av.map((v) => isFinite(v)));
    tf.dispose([a, b, p!, n!, fin!]);
  });
});
