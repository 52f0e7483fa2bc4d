// The long fuzz run (`npm run fuzz`): `--count` programs (default 100,000) from `--seed`, in chunks
// that cycle through the domains (gen-program's four, `mixed`, the language-feature domains of
// lang-case.ts and `grad`; `--domains a,b` picks some); a chunk that finds a disagreement saves its
// shrunk fixture (and prints a repro), and the run goes on. Open defect classes (open-classes.ts) are
// left out unless `--with-open`. Prints progress and a summary; exits 1 if anything disagreed.
// Needs tfjs (cpu), fuzz-suite, lang-suite, grad-suite. Usage: tsx test/fuzz/run-long.ts
// [--count N] [--seed S] [--onnx-every K] [--domains a,b] [--with-open]
import * as tf from '@tensorflow/tfjs';
import { ALL_DOMAINS, fuzzRun, type AnyDomain, type FuzzResult } from './fuzz-suite.js';
import { langRun } from './lang-suite.js';
import { gradRun } from './grad-suite.js';
import { LANG_DOMAINS, isLangCase, type LangDomain } from './lang-case.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

type Domain = AnyDomain | LangDomain | 'grad';
const EVERY: readonly Domain[] = [...ALL_DOMAINS, ...LANG_DOMAINS, 'grad'];
const picked = process.argv.includes('--domains')
  ? process.argv[process.argv.indexOf('--domains') + 1]!.split(',')
  : EVERY;
const unknown = picked.filter((d) => !EVERY.includes(d as Domain));
if (unknown.length) throw new Error(`unknown domain(s) ${unknown.join(', ')}; the domains: ${EVERY.join(', ')}`);
const DOMAINS = picked as Domain[];
const count = arg('count', 100_000);
const seed = arg('seed', 20261202);
const onnxEvery = arg('onnx-every', 50);
const withOpen = process.argv.includes('--with-open');
const CHUNK = 200;

/** One chunk of `domain`: its result, with a printable report of its failure. */
function chunkOf(domain: Domain, n: number, s: number): FuzzResult & { report?: string } {
  if (domain === 'grad') {
    const r = gradRun(n, s, withOpen);
    const stats = { programs: r.programs, onnx: 0, notInOnnx: 0, onnxWarned: 0 };
    return r.failure
      ? { stats, failure: { problems: r.failure.problems, fixture: r.failure.fixture }, report: r.failure.repro }
      : { stats };
  }
  if (isLangCase({ domain })) {
    const r = langRun(domain as LangDomain, n, s, onnxEvery, withOpen);
    return { ...r, report: r.repro };
  }
  return fuzzRun(domain as AnyDomain, n, s, onnxEvery);
}

await tf.setBackend('cpu');
const start = performance.now();
const total = { programs: 0, onnx: 0, notInOnnx: 0, onnxWarned: 0 };
const perDomain = new Map<string, number>();
const failures: { domain: string; seed: number; fixture: string; problems: string[] }[] = [];
for (let chunk = 0, done = 0; done < count; chunk++) {
  const domain = DOMAINS[chunk % DOMAINS.length]!;
  // A gradient program costs about ten others (two traces per executor, central differences).
  const n = Math.min(domain === 'grad' ? CHUNK / 10 : CHUNK, count - done);
  const r = chunkOf(domain, n, seed + chunk);
  done += n;
  total.programs += r.stats.programs;
  total.onnx += r.stats.onnx;
  total.notInOnnx += r.stats.notInOnnx;
  total.onnxWarned += r.stats.onnxWarned;
  perDomain.set(domain, (perDomain.get(domain) ?? 0) + n);
  await new Promise((r) => setImmediate(r)); // end the job, so weak references to dropped functions clear
  if (r.failure) {
    failures.push({ domain, seed: seed + chunk, ...r.failure });
    console.log(
      `DISAGREEMENT (${domain}, seed ${seed + chunk}) saved ${r.failure.fixture}\n  ${r.failure.problems.join('\n  ')}${r.report ? `\n${r.report}` : ''}`,
    );
  }
  if (chunk % 5 === 4 || done >= count) {
    const s = (performance.now() - start) / 1000;
    const heap = (process.memoryUsage().heapUsed / 1e6).toFixed(0);
    console.log(
      `${done} programs in ${s.toFixed(0)} s (${((s * 1000) / done).toFixed(1)} ms each), heap ${heap} MB, ${failures.length} disagreement(s)`,
    );
  }
}
const seconds = (performance.now() - start) / 1000;
console.log('--- fuzz summary ---');
console.log(
  `programs: ${count} (${[...perDomain].map(([d, k]) => `${d} ${k}`).join(', ')}), checks run incl. shrinking: ${total.programs}`,
);
console.log(
  `paths: plain JS, converted on JS numbers, converted on eager tensors, jit interpreter, jit compiled (two calls each); onnxruntime on ${total.onnx} programs, the mixed domain's included (${total.notInOnnx} not expressible in ONNX; ${total.onnxWarned} mixed-domain results differed from JS where the export had warned that they can); grad: gradients inside jit and of jit against eager tfjs and float64 central differences`,
);
console.log(
  `open defect classes ${withOpen ? 'included (--with-open)' : 'left out (test/fuzz/open-classes.ts)'}; seed ${seed}, ${seconds.toFixed(0)} s`,
);
console.log(`disagreements: ${failures.length}`);
for (const f of failures) console.log(`  ${f.domain} seed ${f.seed}: ${f.fixture}`);
process.exit(failures.length ? 1 : 0);
