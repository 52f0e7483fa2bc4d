// The tour (`npm start`): the seed programs, written with ordinary if/while/for, operators and
// console.log, converted and traced into graphs. For each: the source, the generated code, the
// optimized graph the executor runs (and its picture and viewer in out/), the result eagerly and
// through jit, labelled with its inputs and with the lines each call printed, and the speed-up.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../src/index.js';
import * as ort from 'onnxruntime-node';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { checked_square, collatz, count_up, delta, huber_loss, square_if_positive, squares } from './seeds.js';

const OUT = 'out';

interface Seed {
  /** A seed: each takes one tensor (some take a number too). */
  readonly fn: (x: tf.Tensor) => unknown;
  readonly args: () => [tf.Tensor];
  readonly scope?: Record<string, unknown>;
  /** The same program on plain JS numbers, where that makes sense. */
  readonly plain?: () => unknown;
}

const seeds: Seed[] = [
  { fn: square_if_positive, args: () => [tf.scalar(9)], plain: () => square_if_positive(9) },
  { fn: huber_loss, args: () => [tf.scalar(3)], scope: { tf, delta } },
  { fn: collatz, args: () => [tf.scalar(27, 'int32')], plain: () => collatz(27) },
  { fn: count_up, args: () => [tf.scalar(2, 'int32')], plain: () => count_up(2) },
  { fn: squares, args: () => [tf.scalar(10, 'int32')], scope: { ag } },
  { fn: checked_square, args: () => [tf.scalar(7)], scope: { ag }, plain: () => checked_square(7) },
];

function show(x: unknown): string {
  if (x instanceof tf.Tensor) return JSON.stringify(x.arraySync());
  return String(x);
}

/** Median µs per call of `fn`, disposing what it returns. */
function timeIt(fn: () => unknown, budgetMs = 200): number {
  const samples: number[] = [];
  const start = performance.now();
  while (performance.now() - start < budgetMs || samples.length < 3) {
    const t0 = performance.now();
    tf.dispose(fn() as tf.Tensor);
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** The seed's text as written in examples/seeds.ts (fn.toString() shows what tsx made of it). */
function originalSource(name: string): string {
  const lines = readFileSync(new URL('./seeds.ts', import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(`export function ${name}(`));
  if (start < 0) return String(seeds.find((s) => s.fn.name === name)?.fn);
  const end = lines.findIndex((l, i) => i > start && l === '}');
  return lines
    .slice(start, end + 1)
    .join('\n')
    .replace(/^export /, '');
}

async function main(): Promise<void> {
  await tf.setBackend('cpu');
  mkdirSync(OUT, { recursive: true });
  const quiet = () => ag.setPrintSink(() => {});
  console.log('autograph-ts tour — ordinary TypeScript control flow on tfjs tensors, as graphs (cpu backend)\n');
  for (const seed of seeds) {
    const name = seed.fn.name;
    console.log(`━━ ${name} ${'━'.repeat(Math.max(0, 66 - name.length))}`);
    console.log(originalSource(name));
    console.log('\n── generated code (ag.toCode) ──');
    console.log(ag.toCode(seed.fn));
    const f = ag.jit(seed.fn, { scope: seed.scope });
    const args = seed.args();
    const cf = f.getConcreteFunction(...args);
    const steps = cf.optimizationSteps();
    console.log(
      `\n── graph (optimized: ${steps[steps.length - 1]!.nodesAfter} nodes; the trace had ${steps[0]!.nodesBefore}) ──`,
    );
    console.log(cf.toString());
    writeFileSync(`${OUT}/${name}.svg`, await cf.toSVG());
    writeFileSync(`${OUT}/${name}.html`, await cf.toHTML());
    console.log(
      `(picture: ${OUT}/${name}.svg; viewer: ${OUT}/${name}.html; each pass: cf.toString({ graph: 'passes' }))`,
    );
    const call = `${name}(${args.map(show).join(', ')})`;
    // Staged prints say which call printed them.
    const printsOf = (who: string) => ag.setPrintSink((line) => console.log(`  [${who} printed] ${line}`));
    console.log('\n── run ──');
    const restorePrint = printsOf(`eager ${call}`);
    const eager = ag.toGraph(seed.fn, { scope: seed.scope })(...args);
    printsOf(`jit ${call}`);
    const staged = f(...args);
    ag.setPrintSink(restorePrint);
    console.log(
      `${call} → ${show(staged)}   (eager: converted code on tensors → ${show(eager)}${seed.plain ? `; plain JS → ${show(seed.plain())}` : ''})`,
    );
    const restore = quiet();
    const tEager = timeIt(() => ag.toGraph(seed.fn, { scope: seed.scope })(...args));
    const tJit = timeIt(() => f(...args));
    ag.setPrintSink(restore);
    console.log(
      `time per call (median): eager ${tEager.toFixed(1)} µs, jit ${tJit.toFixed(1)} µs → ×${(tEager / tJit).toFixed(1)}\n`,
    );
    tf.dispose([eager, staged, ...args].filter((x): x is tf.Tensor => x instanceof tf.Tensor));
  }

  console.log(`━━ export ${'━'.repeat(59)}`);
  const cf = ag.jit(collatz).getConcreteFunction(ag.spec([], 'int32'));
  const onnxPath = `${OUT}/collatz.onnx`;
  await ag.save(cf, onnxPath, { format: 'onnx' });
  const session = await ort.InferenceSession.create(onnxPath, { intraOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const result = await session.run({ [session.inputNames[0]!]: new ort.Tensor('int32', Int32Array.from([27]), []) });
  console.log(
    `collatz exported to ${onnxPath}; onnxruntime-node runs it: collatz(27) → ${result[session.outputNames[0]!]!.data[0]}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
