// The tour (`npm start`): seed programs traced into graphs, each printed, run eagerly and through
// jit, with the speed-up measured in this run. Needs only `npm ci`.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';

interface Seed {
  readonly title: string;
  readonly fn: (...args: tf.Tensor[]) => unknown;
  readonly args: () => tf.Tensor[];
}

const delta = 1;
const seeds: Seed[] = [
  {
    title: 'square_if_positive',
    fn: (x) => ag.cond(tf.greater(x!, 0), () => tf.mul(x!, x!), () => tf.zerosLike(x!)),
    args: () => [tf.scalar(9)],
  },
  {
    title: 'huber_loss',
    fn: (a) =>
      ag.cond(
        tf.lessEqual(tf.abs(a!), delta),
        () => tf.div(tf.mul(a!, a!), 2),
        () => tf.mul(delta, tf.sub(tf.abs(a!), delta / 2)),
      ),
    args: () => [tf.scalar(3)],
  },
  {
    title: 'collatz',
    fn: (a) =>
      ag.whileLoop(
        (n) => tf.notEqual(n as tf.Tensor, tf.scalar(1, 'int32')),
        (n, counter) => [
          ag.cond(
            tf.equal(tf.mod(n as tf.Tensor, tf.scalar(2, 'int32')), tf.scalar(0, 'int32')),
            () => tf.floorDiv(n as tf.Tensor, tf.scalar(2, 'int32')),
            () => tf.add(tf.mul(n as tf.Tensor, tf.scalar(3, 'int32')), tf.scalar(1, 'int32')),
          ),
          tf.add(counter as tf.Tensor, tf.scalar(1, 'int32')),
        ],
        [a!, 0],
        { names: ['a', 'counter'] },
      )[1],
    args: () => [tf.scalar(27, 'int32')],
  },
];

function show(x: unknown): string {
  if (x instanceof tf.Tensor) return String(x.arraySync());
  if (Array.isArray(x)) return `[${x.map(show).join(', ')}]`;
  return String(x);
}

function timeIt(fn: () => unknown, minMs = 150): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    tf.dispose(fn() as tf.Tensor);
    n++;
  }
  return ((performance.now() - start) * 1000) / n;
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  console.log('autograph-ts tour — graphs from tfjs code, on the cpu backend\n');
  for (const seed of seeds) {
    const f = ag.jit(seed.fn, { name: seed.title, autograph: false });
    const args = seed.args();
    const eager = seed.fn(...args);
    const staged = f(...args);
    console.log(`── ${seed.title} ${'─'.repeat(Math.max(0, 60 - seed.title.length))}`);
    console.log(f.concreteFunctions()[0]!.graph.toString());
    console.log(`eager → ${show(eager)}   jit → ${show(staged)}`);
    const tEager = timeIt(() => seed.fn(...args));
    const tJit = timeIt(() => f(...args));
    console.log(`time per call: eager ${tEager.toFixed(1)} µs, jit ${tJit.toFixed(1)} µs (×${(tEager / tJit).toFixed(2)})\n`);
    tf.dispose([eager as tf.Tensor, staged as tf.Tensor, ...args]);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
