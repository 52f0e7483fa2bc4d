// B1: Collatz step count on int32 scalars, one call per n for n = 1..1000 (the scalar-control-flow
// workload), plus B1.27, the single n = 27 measured before any code existed, for calibration.
// Each jit row is measured for the functional form and for the seed's ordinary source, converted.
// Needs harness, contenders, examples/seeds. Produces `b1`, `b1n27`, `collatz` (functional form, also a B8 seed).

import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { collatz as collatzSource, seedScope } from '../../examples/seed-functions.js';
import { defaultJitOnCpu, readAndDispose, refs, type Contender, type Workload } from '../harness.js';
import { eager, functional, jitContenders, onnx, perBackend, plain, sink, type Variant } from '../contenders.js';

/** The seed `collatz(a)` with the functional forms (the tour's version, counter an int32 tensor). */
export function collatz(a: tf.Tensor): tf.Tensor {
  return ag.whileLoop(
    (n) => tf.notEqual(n as tf.Tensor, tf.scalar(1, 'int32')),
    (n, counter) => [
      ag.cond(
        tf.equal(tf.mod(n as tf.Tensor, tf.scalar(2, 'int32')), tf.scalar(0, 'int32')),
        () => tf.floorDiv(n as tf.Tensor, tf.scalar(2, 'int32')),
        () => tf.add(tf.mul(n as tf.Tensor, tf.scalar(3, 'int32')), tf.scalar(1, 'int32')),
      ),
      tf.add(counter as tf.Tensor, tf.scalar(1, 'int32')),
    ],
    [a, tf.scalar(0, 'int32')],
    { names: ['a', 'counter'] },
  )[1] as tf.Tensor;
}

/** The same program as ordinary `while`/`if` source (examples/seeds.ts), converted by `jit`. */
export const variants: Variant[] = [
  functional(collatz),
  { name: 'converted', fn: collatzSource, options: { scope: seedScope } },
];

/** Hand-written JS on numbers: the physical limit. */
export function collatzJs(n: number): number {
  let c = 0;
  while (n !== 1) {
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    c++;
  }
  return c;
}

function workload(id: string, title: string, all: readonly number[], bars: boolean): Workload {
  const contenders = ({ quick }: { quick: boolean }): Contender[] => {
    // --quick (a smoke test): every 10th n of the sweep, so the eager rows finish in seconds.
    const ns = quick && all.length > 100 ? all.filter((_, i) => i % 10 === 0) : all;
    const calls = perBackend(() => ns.map((n) => [tf.scalar(n, 'int32')]));
    let inputs: tf.Tensor[] = [];
    return [
      plain('plain JS', {
        callsPerBatch: ns.length,
        batch() {
          let s = 0;
          for (const n of ns) s += collatzJs(n);
          sink.value += s;
        },
        result: () => ns.map(collatzJs),
      }),
      plain('plain JS, tensor in/out', {
        callsPerBatch: ns.length,
        note: 'reads the int32 scalar, loops in JS, returns a new int32 scalar tensor',
        prepare() {
          inputs = calls.get().map((a) => a[0] as tf.Tensor);
        },
        batch() {
          for (const t of inputs) tf.scalar(collatzJs(t.dataSync()[0]!), 'int32').dispose();
        },
        result: () => inputs.flatMap((t) => readAndDispose(tf.scalar(collatzJs(t.dataSync()[0]!), 'int32'))),
      }),
      eager('cpu', collatz, calls),
      eager('wasm', collatz, calls),
      ...jitContenders(variants, calls),
      onnx(variants, calls),
    ];
  };
  return {
    id,
    title,
    barText: bars
      ? '≥ 300× tfjs eager cpu; ≤ 2× plain JS; ≥ 100× onnxruntime'
      : 'calibration only (measured before any code existed, n=27: plain JS 1.5, tfjs cpu ~1,760, wasm ~2,730, onnxruntime ~500 µs)',
    bars: bars
      ? [
          { kind: 'faster', than: refs.eager('cpu'), factor: 300, applies: defaultJitOnCpu },
          { kind: 'within', of: refs.label('plain JS, tensor in/out'), factor: 2, applies: defaultJitOnCpu },
          { kind: 'faster', than: refs.onnx, factor: 100, applies: defaultJitOnCpu },
        ]
      : [],
    contenders,
    notes: bars
      ? [
          'B1 "≤ 2× plain JS" is judged against the same loop with a tensor in and a tensor out (what any tensor-returning call pays; the row that matches the 1.5 µs measured for n=27 before any code existed); JS on bare numbers stays in the table, unjudged, as the physical limit.',
        ]
      : [],
  };
}

const sweep = Array.from({ length: 1000 }, (_, i) => i + 1);
export const b1 = workload(
  'B1',
  'Collatz step count, int32 scalars, n = 1..1000 (µs per call, averaged over the sweep)',
  sweep,
  true,
);
export const b1n27 = workload(
  'B1.27',
  'Collatz n = 27 only (111 steps), calibration against the measurements taken before any code existed',
  Array(20).fill(27),
  false,
);
