// The operator × edge-value table (operator-table.ts × edge-values.ts): each operator and Math.*
// function the converter maps, on every pair (or value) of edge values of each dtype combination,
// equals plain JS on the dtype-rounded values stored in the result's dtype — converted on eager
// tensors, and through jit with the interpreter and the compiled executor, on vectors (typed-array
// loops) and on scalars (the compiled executor's JS-number code), on the cpu backend. On the wasm
// backend both executors equal eager tfjs-wasm on the vectors (tfjs-wasm's own kernels are the
// reference there: docs/limitations.md). Through onnxruntime (the exported ONNX model) every cell
// equals plain JS except the differences docs/limitations.md lists, each recognised by `onnxExcuse`.
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS, resultDType, type OpEntry } from './operator-table.js';
import { EDGE_VALUES } from './edge-values.js';
import {
  describeOutcome,
  onnxWarningsOf,
  releaseJit,
  runPath,
  sameValue,
  storeJs,
  toDType,
  type DT,
  type Outcome,
  type Path,
} from './paths.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Row = readonly (number | boolean)[];

function rows(dtypes: readonly DT[]): Row[] {
  let out: Row[] = [[]];
  for (const d of dtypes) out = out.flatMap((r) => EDGE_VALUES[d].map((v) => [...r, v]));
  return out;
}

/** Units in the last place between two float32 values (Infinity when one is NaN or infinite and they differ). */
function ulps(a: number, b: number): number {
  if (sameValue(a, b)) return 0;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Infinity;
  const i = new Int32Array(new Float32Array([a, b]).buffer);
  const ord = (k: number) => (k < 0 ? -2147483648 - k : k);
  return Math.abs(ord(i[0]!) - ord(i[1]!));
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

/** The mismatches of `got` against `expected` (at most 4 lines). */
function compare(
  e: OpEntry,
  dt: DT,
  rs: readonly Row[],
  expected: readonly number[],
  got: Outcome,
  label: string,
): string[] {
  if ('error' in got) return [`${label}: ${got.error}`];
  if (got.dtype !== dt) return [`${label}: dtype ${got.dtype}, expected ${dt}`];
  const out: string[] = [];
  got.values.forEach((v, i) => {
    const want = expected[i]!;
    const ok = sameValue(v, want) || (e.ulps !== undefined && dt === 'float32' && ulps(v, want) <= e.ulps);
    if (!ok && out.length < 4)
      out.push(`${label}: ${e.name} with (${rs[i]!.map(show).join(', ')}) = ${show(v)}, JS ${show(want)}`);
  });
  return out;
}

for (const e of OPERATORS) {
  describe(e.name, () => {
    const fn = e.fn;
    afterAll(() => releaseJit(fn));
    for (const dtypes of e.dtypes) {
      it(`${dtypes.join(' × ')}: plain JS = eager = interpreter = compiled (vectors and scalars)`, async () => {
        const rs = rows(dtypes);
        const dt = resultDType(e.kind, dtypes);
        const float = dtypes.includes('float32');
        const expected = rs.map((r) => {
          const xs = r.map((v, k) => toDType(dtypes[k]!, v as number));
          return storeJs(dt, e.oracle ? e.oracle(xs[0], xs[1], float) : fn(xs[0], xs[1]));
        });
        const problems: string[] = [];
        for (const path of ['eager', 'interpreter', 'compiled'] as Path[]) {
          const got = await runPath(path, fn, () => tensors(dtypes, rs, false));
          problems.push(...compare(e, dt, rs, expected, got, `${path}, vectors`));
        }
        // Scalars: rank-0 values are JS numbers in compiled code.
        const scalar: Outcome[] = [];
        for (const r of rs) scalar.push(await runPath('compiled', fn, () => tensors(dtypes, [r], true)));
        const joined: Outcome = scalar.find((o) => 'error' in o) ?? {
          dtype: (scalar[0] as { dtype: string }).dtype,
          values: scalar.map((o) => (o as { values: number[] }).values[0]!),
        };
        problems.push(...compare(e, dt, rs, expected, joined, 'compiled, scalars'));
        expect(problems).toEqual([]);
      });
    }
  });
}

/**
 * Why an onnxruntime result may differ from JS on this cell (docs/limitations.md, "JavaScript
 * semantics"), or undefined when it may not. Each difference must have been warned at export
 * (`export/onnx-differs-at-edges`, whose first lines are `warned`).
 */
function onnxExcuse(
  e: OpEntry,
  dtypes: readonly DT[],
  row: Row,
  got: number,
  want: number,
  warned: readonly string[],
): string | undefined {
  const xs = row.map((v, k) => toDType(dtypes[k]!, v as number) as number);
  const float = dtypes.includes('float32') || resultDType(e.kind, dtypes) === 'float32';
  const has = (words: string): boolean =>
    warned.some((w) => w.includes('[export/onnx-differs-at-edges]') && w.includes(words));
  if (float && xs.some((v, k) => dtypes[k] === 'int32' && Math.abs(v) > 2 ** 24) && has('rounded to float32'))
    return 'int32 beyond 2^24 rounded to float32';
  if (
    resultDType(e.kind, dtypes) === 'float32' &&
    Number.isFinite(got) &&
    Number.isFinite(want) &&
    Math.abs(got - want) <= 1e-5 * Math.abs(want) &&
    has('in the last bits')
  )
    return "onnxruntime's float32 kernels, within 1e-5 relative";
  return undefined;
}

describe('through onnxruntime, plain JS except the listed differences', () => {
  for (const e of OPERATORS) {
    it(e.name, async () => {
      const problems: string[] = [];
      let compared = 0;
      try {
        for (const dtypes of e.dtypes) {
          const rs = rows(dtypes);
          const dt = resultDType(e.kind, dtypes);
          const float = dtypes.includes('float32');
          const before = onnxWarningsOf(e.fn).length;
          const got = await runPath('onnxruntime', e.fn, () => tensors(dtypes, rs, false));
          const warned = onnxWarningsOf(e.fn).slice(before);
          if ('error' in got) {
            problems.push(`${dtypes.join(' × ')}: ${got.error}`);
            continue;
          }
          if (got.dtype !== dt) problems.push(`${dtypes.join(' × ')}: dtype ${got.dtype}, expected ${dt}`);
          rs.forEach((r, i) => {
            const xs = r.map((v, k) => toDType(dtypes[k]!, v as number));
            const want = storeJs(dt, e.oracle ? e.oracle(xs[0], xs[1], float) : e.fn(xs[0], xs[1]));
            const v = got.values[i]!;
            compared++;
            const ok =
              sameValue(v, want) ||
              (e.ulps !== undefined && dt === 'float32' && ulps(v, want) <= e.ulps) ||
              onnxExcuse(e, dtypes, r, v, want, warned) !== undefined;
            if (!ok && problems.length < 6)
              problems.push(
                `${dtypes.join(' × ')}: ${e.name} with (${r.map(show).join(', ')}) = ${show(v)}, JS ${show(want)}`,
              );
          });
        }
      } finally {
        releaseJit(e.fn);
      }
      expect(problems).toEqual([]);
      expect(compared).toBe(e.dtypes.reduce((n, d) => n + rows(d).length, 0));
    });
  }
});

// The compiled executor computes small float32 values in JS on wasm too (src/exec/targets/js/small-kernels.ts):
// there it gives the cpu backend's values (the interpreter runs tfjs-wasm's kernels); larger values
// and kernels without an element rule stay tfjs-wasm's. test/exec/small-values.test.ts checks that
// path against eager cpu bit for bit.
describe('on the wasm backend, jit equals eager tfjs-wasm (compiled on float32 operands: or eager cpu)', () => {
  beforeAll(async () => {
    await tf.setBackend('wasm');
  });
  afterAll(async () => {
    await tf.setBackend('cpu');
  });
  for (const e of OPERATORS) {
    const fn = ((a: unknown, b: unknown) => e.fn(a, b)) as OpEntry['fn'];
    it(e.name, async () => {
      const problems: string[] = [];
      try {
        for (const dtypes of e.dtypes) {
          const rs = rows(dtypes);
          const eager = await runPath('eager', e.fn, () => tensors(dtypes, rs, false));
          let cpu: Outcome | undefined;
          if (dtypes.every((d) => d === 'float32')) {
            await tf.setBackend('cpu');
            cpu = await runPath('eager', e.fn, () => tensors(dtypes, rs, false));
            await tf.setBackend('wasm');
          }
          for (const path of ['interpreter', 'compiled'] as Path[]) {
            const got = await runPath(path, e.fn, () => tensors(dtypes, rs, false));
            // (compiled: all of one or all of the other, as the node ran in JS or in a tfjs-wasm kernel)
            const same =
              describeOutcome(got) === describeOutcome(eager) ||
              (path === 'compiled' && cpu !== undefined && describeOutcome(got) === describeOutcome(cpu));
            if (!same) problems.push(`${dtypes.join(' × ')}, ${path}: ${firstDifference(rs, eager, got)}`);
          }
        }
      } finally {
        releaseJit(e.fn);
        void fn;
      }
      expect(problems).toEqual([]);
    });
  }
});

function firstDifference(rs: readonly Row[], a: Outcome, b: Outcome): string {
  if ('error' in a || 'error' in b || a.dtype !== b.dtype)
    return `eager ${describeOutcome(a).slice(0, 80)} vs jit ${describeOutcome(b).slice(0, 80)}`;
  const i = a.values.findIndex((v, k) => !sameValue(v, b.values[k]!));
  return `at (${rs[i]!.map(show).join(', ')}): eager ${show(a.values[i]!)}, jit ${show(b.values[i]!)}`;
}
