// The long fuzz run (`npm run fuzz`): `--count` programs (default 100,000) from `--seed`, in chunks
// of 200 that cycle through the five domains; a chunk that finds a disagreement saves its shrunk
// fixture and the run goes on. Prints progress and a summary; exits 1 if anything disagreed.
// Needs tfjs (cpu), fuzz-suite. Usage: tsx test/fuzz/run-long.ts [--count N] [--seed S] [--onnx-every K]
import * as tf from '@tensorflow/tfjs';
import { ALL_DOMAINS as DOMAINS, fuzzRun } from './fuzz-suite.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const count = arg('count', 100_000);
const seed = arg('seed', 20261202);
const onnxEvery = arg('onnx-every', 50);
const CHUNK = 200;

await tf.setBackend('cpu');
const start = performance.now();
const total = { programs: 0, onnx: 0, notInOnnx: 0, onnxWarned: 0 };
const perDomain = new Map<string, number>();
const failures: { domain: string; seed: number; fixture: string; problems: string[] }[] = [];
for (let chunk = 0, done = 0; done < count; chunk++) {
  const domain = DOMAINS[chunk % DOMAINS.length]!;
  const n = Math.min(CHUNK, count - done);
  const r = fuzzRun(domain, n, seed + chunk, onnxEvery);
  done += n;
  total.programs += r.stats.programs;
  total.onnx += r.stats.onnx;
  total.notInOnnx += r.stats.notInOnnx;
  total.onnxWarned += r.stats.onnxWarned;
  perDomain.set(domain, (perDomain.get(domain) ?? 0) + n);
  await new Promise((r) => setImmediate(r)); // end the job, so weak references to dropped functions clear
  if (r.failure) {
    failures.push({ domain, seed: seed + chunk, ...r.failure });
    console.log(`DISAGREEMENT (${domain}, seed ${seed + chunk}) saved ${r.failure.fixture}\n  ${r.failure.problems.join('\n  ')}`);
  }
  if (chunk % 5 === 4 || done >= count) {
    const s = (performance.now() - start) / 1000;
    const heap = (process.memoryUsage().heapUsed / 1e6).toFixed(0);
    console.log(`${done} programs in ${s.toFixed(0)} s (${((s * 1000) / done).toFixed(1)} ms each), heap ${heap} MB, ${failures.length} disagreement(s)`);
  }
}
const seconds = (performance.now() - start) / 1000;
console.log('--- fuzz summary ---');
console.log(`programs: ${count} (${[...perDomain].map(([d, k]) => `${d} ${k}`).join(', ')}), checks run incl. shrinking: ${total.programs}`);
console.log(`paths: plain JS, converted on JS numbers, converted on eager tensors, jit interpreter, jit compiled (two calls each); onnxruntime on ${total.onnx} programs, the mixed domain's included (${total.notInOnnx} not expressible in ONNX; ${total.onnxWarned} mixed-domain results differed from JS where the export had warned that they can)`);
console.log(`seed ${seed}, ${seconds.toFixed(0)} s`);
console.log(`disagreements: ${failures.length}`);
for (const f of failures) console.log(`  ${f.domain} seed ${f.seed}: ${f.fixture}`);
process.exit(failures.length ? 1 : 0);
