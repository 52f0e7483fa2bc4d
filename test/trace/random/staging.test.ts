// Random ops are staged: unseeded draws give new values on every call of a jit function (as many
// distinct samples as eager tfjs), seeded ones give eager's seeded values on every call, and with
// Math.random itself seeded the staged calls reproduce eager's values draw for draw — in the
// compiled executor, the interpreter and (values aside) onnxruntime. The optimizer keeps draws
// apart and in place; unseeded draws autograph cannot stage are refused; memory stays flat.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../../src/index.js';
import { distinct, withSeededMathRandom } from './helpers.js';
import { RANDOM_OPS } from '../../../src/convert/passes/call-trees.js';
import { STAGED_RANDOM_OPS } from '../../../src/trace/random-draws.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Executor = 'compiled' | 'interpreter' | 'onnxruntime';
const EXECUTORS: readonly Executor[] = ['compiled', 'interpreter', 'onnxruntime'];
const scope = { tf, ag };
// Operators on tensors are what conversion supports; TypeScript does not know them: `any` there.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyFn = (...args: any[]) => any;
const jit = (f: AnyFn, executor: Executor = 'compiled', extra: object = {}) =>
  ag.jit(f, { scope: { ...scope, ...extra }, executor });
const values = (ts: unknown): unknown[] => (ts as tf.Tensor[]).map((t) => t.arraySync());

/** Every unseeded random op tfjs has (randomGamma has no ONNX export: not for onnxruntime). */
function sampler(logits: tf.Tensor, withGamma: boolean): tf.Tensor[] {
  const out = [
    tf.randomNormal([4], 1, 2),
    tf.randomStandardNormal([4]),
    tf.truncatedNormal([4], 0, 3),
    tf.randomUniform([4], -1, 1),
    tf.randomUniformInt([4], 0, 1000),
    tf.multinomial(logits as tf.Tensor1D, 6),
    tf.dropout(tf.ones([8]), 0.5),
  ];
  if (withGamma) out.push(tf.randomGamma([4], 2, 1));
  return out;
}
const NAMES = [
  'randomNormal',
  'randomStandardNormal',
  'truncatedNormal',
  'randomUniform',
  'randomUniformInt',
  'multinomial',
  'dropout',
  'randomGamma',
];

describe('unseeded random ops draw anew on every call', () => {
  const logits = tf.zeros([8]);
  const eager: Record<string, number> = {};

  beforeAll(() => {
    const calls = Array.from({ length: 30 }, () => values(tf.tidy(() => sampler(logits, true))));
    NAMES.forEach((name, k) => (eager[name] = distinct(calls.map((c) => c[k]))));
  });

  for (const executor of EXECUTORS) {
    it(`30 calls give as many distinct samples as eager tfjs (${executor})`, () => {
      const withGamma = executor !== 'onnxruntime';
      const f = jit((x: tf.Tensor) => sampler(x, withGamma), executor, { sampler, withGamma });
      const calls = Array.from({ length: 30 }, () => values(f(logits)));
      expect(f.traceCount).toBe(1);
      NAMES.slice(0, withGamma ? 8 : 7).forEach((name, k) => {
        const got = distinct(calls.map((c) => c[k]));
        // Continuous draws never repeat; the discrete ones (dropout: 256 masks, multinomial: 8^6) rarely:
        // 30 dropout masks repeat ~1.7 times on average, 7 or more times once in ~1,000 runs. (A frozen
        // draw gives 1 distinct value.)
        expect(got, `${name}: ${got} distinct in 30 calls (eager: ${eager[name]})`).toBeGreaterThanOrEqual(
          Math.min(eager[name]!, 30) - 7,
        );
        expect(got, name).toBeGreaterThanOrEqual(23);
      });
    });
  }

  it('are draw nodes of the graph, not constants', () => {
    const f = jit((x: tf.Tensor) => sampler(x, true), 'compiled', { sampler });
    const text = f.getConcreteFunction(logits).graph.toString();
    for (const op of ['RandomNormal', 'TruncatedNormal', 'RandomUniform', 'RandomGamma'])
      expect(text).toContain(`= ${op} {`);
    expect(text).toContain('normalized=false'); // the multinomial
    expect(text).toMatch(/Multinomial\(%\d+\) \{numSamples=6, seed=null/);
  });
});

describe('seeds follow tfjs', () => {
  /** Every random op with an explicit seed. */
  const seeded = (logits: tf.Tensor): tf.Tensor[] => [
    tf.randomNormal([4], 1, 2, 'float32', 5),
    tf.randomNormal([3], 0, 4, 'int32', 6),
    tf.randomStandardNormal([4], 'float32', 7),
    tf.truncatedNormal([4], 0, 3, 'float32', 8),
    tf.randomUniform([4], -1, 1, 'float32', 9),
    tf.randomUniformInt([4], 0, 1000, 10),
    tf.randomGamma([4], 2, 1, 'float32', 11),
    tf.multinomial(logits as tf.Tensor1D, 6, 12),
    tf.multinomial(tf.softmax(logits) as tf.Tensor1D, 6, 13, true),
    tf.dropout(tf.ones([8]), 0.5, undefined, 14),
  ];
  const logits = tf.tensor1d([0.5, -1, 2, 0, 1, 0.25, -0.5, 1.5]);

  for (const executor of EXECUTORS) {
    it(`a seeded op gives eager's seeded values on every call (${executor})`, () => {
      const want = values(tf.tidy(() => seeded(logits)));
      const f = jit(seeded, executor, { seeded });
      for (let i = 0; i < 3; i++) expect(values(f(logits))).toEqual(want);
    });
  }

  it("seed 0: tfjs's normal-type ops and multinomial take it as no seed, randomUniform as a seed", () => {
    const f = jit(() => [
      tf.randomNormal([4], 0, 1, 'float32', 0),
      tf.multinomial(tf.zeros([16]) as tf.Tensor1D, 8, 0),
      tf.randomUniform([4], 0, 1, 'float32', 0),
    ]);
    const calls = Array.from({ length: 10 }, () => values(f()));
    expect(distinct(calls.map((c) => c[0]))).toBe(10);
    expect(distinct(calls.map((c) => c[1]))).toBeGreaterThan(7);
    const uniform0 = tf.randomUniform([4], 0, 1, 'float32', 0);
    for (const c of calls) expect(c[2]).toEqual(uniform0.arraySync());
    uniform0.dispose();
  });

  it('a seeded draw in a staged loop gives the same values each iteration, as eagerly', () => {
    function sumOfDraws(n: any): any {
      let acc: any = tf.zeros([3]);
      let i: any = tf.scalar(0, 'int32');
      while (i < n) {
        acc = acc + tf.randomNormal([3], 0, 1, 'float32', 7);
        i = i + 1;
      }
      return acc;
    }
    const f = jit(sumOfDraws);
    const n = tf.scalar(4, 'int32');
    const eagerRun = tf.tidy(() => {
      let acc = tf.zeros([3]);
      for (let i = 0; i < 4; i++) acc = acc.add(tf.randomNormal([3], 0, 1, 'float32', 7));
      return acc.arraySync();
    });
    expect((f(n) as tf.Tensor).arraySync()).toEqual(eagerRun);
    expect((f(n) as tf.Tensor).arraySync()).toEqual(eagerRun);
    expect(f.getConcreteFunction(n).graph.toString()).not.toContain('RandomNormal');
  });
});

describe('with Math.random seeded, staged calls reproduce eager tfjs draw for draw', () => {
  function program(x: tf.Tensor): tf.Tensor[] {
    const noise = tf.randomNormal([3], 0, 0.1);
    let y = x.add(noise);
    const rows = [];
    let i: any = tf.scalar(0, 'int32');
    while (i < 3) {
      rows.push(tf.dropout(y, 0.5));
      y = y.add(tf.randomUniform([3]));
      i = i + 1;
    }
    if ((tf.sum(y) as any) > 3) {
      y = y.mul(tf.truncatedNormal([3]));
    } else {
      y = y.sub(tf.randomGamma([3], 3));
    }
    return [y, ag.stack(rows), tf.multinomial(tf.stack([x, y]) as tf.Tensor2D, 5)];
  }
  const x = tf.tensor1d([0.5, 1, 1.5]);

  for (const executor of ['compiled', 'interpreter'] as const) {
    it(`the same values and the same use of the stream as eager (${executor})`, () => {
      // Eager: a plain-JS loop and if on the same values (the JS oracle of the converted code).
      const eager = withSeededMathRandom(99, () =>
        Array.from({ length: 3 }, () =>
          tf.tidy(() => {
            const noise = tf.randomNormal([3], 0, 0.1);
            let y = x.add(noise);
            const rows: tf.Tensor[] = [];
            for (let i = 0; i < 3; i++) {
              rows.push(tf.dropout(y, 0.5));
              y = y.add(tf.randomUniform([3]));
            }
            y = (tf.sum(y).arraySync() as number) > 3 ? y.mul(tf.truncatedNormal([3])) : y.sub(tf.randomGamma([3], 3));
            return values([y, tf.stack(rows), tf.multinomial(tf.stack([x, y]) as tf.Tensor2D, 5)]) as never;
          }),
        ),
      );
      const f = jit(program, executor);
      f.getConcreteFunction(x); // the trace itself draws nothing from the stream
      const staged = withSeededMathRandom(99, () => Array.from({ length: 3 }, () => values(f(x))));
      expect(staged).toEqual(eager);
      expect(distinct(staged)).toBe(3);
    });
  }
});

describe('the optimizer keeps draws apart and in place', () => {
  it('two unseeded draws are two values (no folding, no merging)', () => {
    const f = jit((x: tf.Tensor) =>
      tf
        .randomNormal([3])
        .sub(tf.randomNormal([3]))
        .add(x.mul(0)),
    );
    const x = tf.zeros([3]);
    const out = (f(x) as tf.Tensor).arraySync() as number[];
    expect(out.some((v) => v !== 0)).toBe(true);
    const cf = f.getConcreteFunction(x);
    expect(cf.optimizedGraph.nodes.filter((n) => n.op === 'RandomNormal')).toHaveLength(2);
    ag.verify(cf.optimizedGraph);
  });

  it('a draw in a loop body stays in the body: a new value each iteration', () => {
    function rows(n: any): any {
      const out = [];
      let i: any = tf.scalar(0, 'int32');
      while (i < n) {
        out.push(tf.randomUniform([2]));
        i = i + 1;
      }
      return ag.stack(out);
    }
    const f = jit(rows);
    const n = tf.scalar(5, 'int32');
    const r = (f(n) as tf.Tensor).arraySync() as number[][];
    expect(distinct(r)).toBe(5);
    const g = f.getConcreteFunction(n).optimizedGraph;
    expect(g.nodes.some((nd) => nd.op === 'RandomUniform')).toBe(false);
    const loop = g.nodes.find((nd) => nd.op === 'While')!;
    expect(loop.subgraphs!.body!.nodes.some((nd) => nd.op === 'RandomUniform')).toBe(true);
  });

  it('a scalar draw in scalar arithmetic (JS numbers in the compiled code) is drawn anew each call', () => {
    for (const executor of EXECUTORS) {
      const f = jit((x: tf.Tensor) => tf.randomUniform([]).mul(2).add(x), executor);
      const x = tf.scalar(1);
      const got = Array.from({ length: 10 }, () => (f(x) as tf.Tensor).arraySync() as number);
      expect(distinct(got), executor).toBe(10);
      for (const v of got) expect(v >= 1 && v <= 3, `${executor}: ${v}`).toBe(true);
    }
  });

  it('a draw in a branch is drawn only when the branch runs, anew each time', () => {
    const f = jit((x: tf.Tensor) => {
      let y = x;
      if ((tf.sum(x) as any) > 0) {
        y = x.add(tf.randomNormal([2]));
      }
      return y;
    });
    const zero = tf.zeros([2]);
    expect((f(zero) as tf.Tensor).arraySync()).toEqual([0, 0]);
    const one = tf.ones([2]);
    expect(distinct(Array.from({ length: 5 }, () => (f(one) as tf.Tensor).arraySync()))).toBe(5);
  });
});

describe('draws made where autograph-ts cannot see their arguments', () => {
  it('converted code calls the random ops whose arguments the trace needs through convertedCall', () => {
    expect([...RANDOM_OPS].sort()).toEqual([...STAGED_RANDOM_OPS].sort());
    // Written here with `tf` as the source names it (vitest renames the module's own imports).
    const fn = new Function('tf', 'return (x) => tf.add(tf.randomNormal([2], 1), tf.dropout(x, 0.5))')(tf) as AnyFn;
    const code = ag.toCode(fn);
    expect(code).toContain('ag__.convertedCall(tf.randomNormal, tf, [[2], 1])');
    expect(code).toContain('tf.dropout(x, 0.5)');
  });

  it('an unseeded draw in a function that is not converted is refused', () => {
    const f = ag.jit((x: tf.Tensor) => x.add(tf.randomNormal([2])), { autograph: false });
    expect(() => f(tf.ones([2]))).toThrow(expect.objectContaining({ id: 'trace/random-frozen' }));
  });

  it('seeded draws, dropout and multinomial are fine there (their arguments are known)', () => {
    const f = ag.jit(
      (x: tf.Tensor) => [
        x.add(tf.randomNormal([2], 0, 1, 'float32', 3)),
        tf.dropout(tf.ones([16]), 0.5),
        tf.multinomial(tf.zeros([1, 8]) as tf.Tensor2D, 4),
      ],
      { autograph: false },
    );
    const x = tf.ones([2]);
    const calls = Array.from({ length: 10 }, () => values(f(x)));
    const seededWant = tf.tidy(() => x.add(tf.randomNormal([2], 0, 1, 'float32', 3)).arraySync());
    for (const c of calls) expect(c[0]).toEqual(seededWant);
    expect(distinct(calls.map((c) => c[1]))).toBeGreaterThan(7);
    expect(distinct(calls.map((c) => c[2]))).toBeGreaterThan(7);
  });

  it('tf.layers.dropout in training mode draws a new mask on every call', () => {
    const layer = tf.layers.dropout({ rate: 0.5 });
    const f = jit((x: tf.Tensor) => layer.apply(x, { training: true }) as tf.Tensor, 'compiled', { layer });
    const x = tf.ones([2, 8]);
    const masks = Array.from({ length: 20 }, () => (f(x) as tf.Tensor).arraySync());
    expect(distinct(masks)).toBeGreaterThan(15);
    for (const m of masks.flat(2) as number[]) expect([0, 2]).toContain(m);
  });

  it('a tfjs-layers layer drawing with its own arguments (gaussianNoise) is refused', () => {
    const layer = tf.layers.gaussianNoise({ stddev: 1 });
    const f = jit((x: tf.Tensor) => layer.apply(x, { training: true }) as tf.Tensor, 'compiled', { layer });
    expect(() => f(tf.ones([2, 3]))).toThrow(expect.objectContaining({ id: 'trace/random-frozen' }));
  });

  it('a variable made inside the function from an unseeded initializer is drawn once, not refused', () => {
    let w: tf.Variable | undefined;
    const f = ag.jit(
      (x: tf.Tensor) => {
        w ??= tf.variable(tf.randomUniform([2], -1, 1));
        return x.mul(w);
      },
      { autograph: false },
    );
    const out = (f(tf.ones([2])) as tf.Tensor).arraySync();
    expect(out).toEqual(w!.arraySync());
    expect((f(tf.ones([2])) as tf.Tensor).arraySync()).toEqual(out);
    w!.dispose();
  });
});

describe('memory', () => {
  for (const executor of EXECUTORS) {
    it(`numTensors stays flat over 200 calls (${executor})`, () => {
      const withGamma = executor !== 'onnxruntime';
      const f = jit((x: tf.Tensor) => sampler(x, withGamma), executor, { sampler, withGamma });
      const logits = tf.zeros([8]);
      tf.dispose(f(logits));
      const before = tf.memory().numTensors;
      for (let i = 0; i < 200; i++) tf.dispose(f(logits));
      expect(tf.memory().numTensors).toBe(before);
      logits.dispose();
    });
  }
});
