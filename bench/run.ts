// `npm run bench` (tsx bench/run.ts): runs the workloads of bench/README.md (B1–B14) against every
// contender in one process, prints a markdown table and the misses, writes bench/results.json.
// Flags: --quick (fewer, shorter repetitions: a smoke test), --only B2,B3 (workload ids; B1 also
// selects B1.27, B9 every B9.<program>, B10 every B10.<shape>), --filter 'jit compiled (cpu)',plain (only contenders whose `label (backend)`
// contains one of the phrases; the eager cpu reference always runs), --out PATH (results file).

import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import * as ag from '../src/index.js';
import { disposeInputs } from './contenders.js';
import { wasmRelaxedSimdAvailable } from '../src/exec/targets/wasm-simd/encoder.js';
import { runWorkload, type Workload, type WorkloadResult } from './harness.js';
import { formatTable, misses } from './report.js';
import { JAX_VERSION } from './peers/jax-js.js';
import { ortWebVersion } from './peers/onnxruntime-web.js';
import { b1, b1n27 } from './workloads/b1-collatz.js';
import { b2 } from './workloads/b2-elementwise.js';
import { b3 } from './workloads/b3-huber.js';
import { b4 } from './workloads/b4-list.js';
import { b5 } from './workloads/b5-rnn.js';
import { b6 } from './workloads/b6-mlp-training.js';
import { b7 } from './workloads/b7-call-overhead.js';
import { b8 } from './workloads/b8-trace.js';
import { b9 } from './workloads/b9-real-programs.js';
import { b10 } from './workloads/b10-matmul.js';
import { b11 } from './workloads/b11-import.js';
import { b12 } from './workloads/b12-check.js';
import { b13 } from './workloads/b13-webgpu.js';
import { b14 } from './workloads/b14-webgl.js';

const WORKLOADS: readonly Workload[] = [b1, b1n27, b2, b3, b4, b5, b6, b7, b8, ...b9, ...b10, b11, b12, b13, b14];

interface Args {
  quick: boolean;
  only?: string[];
  filter?: string[];
  out: string;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { quick: false, out: fileURLToPath(new URL('./results.json', import.meta.url)) };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const list = () =>
      value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (a === '--quick') args.quick = true;
    else if (a.startsWith('--only')) args.only = list().map((s) => s.toUpperCase());
    else if (a.startsWith('--filter')) args.filter = list();
    else if (a.startsWith('--out')) args.out = value();
    else if (a === '--help' || a === '-h') {
      console.log('usage: tsx bench/run.ts [--quick] [--only B1,B2] [--filter jit,eager] [--out results.json]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a} (try --help)`);
  }
  return args;
}

function selected(w: Workload, only: readonly string[] | undefined): boolean {
  if (!only) return true;
  return only.includes(w.id.toUpperCase()) || only.includes(w.id.split('.')[0]!.toUpperCase());
}

/** The widest SIMD the processor offers, from /proc/cpuinfo's flags (native code's width; WebAssembly's is 128 bits). */
function simdWidth(): string {
  let flags = '';
  try {
    flags = /^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '';
  } catch {
    return 'unknown';
  }
  const has = (f: string) => flags.split(/\s+/).includes(f);
  if (has('avx512f')) return 'AVX-512 (512-bit)';
  if (has('avx2')) return 'AVX2 (256-bit)';
  if (has('sse2') || has('asimd')) return '128-bit';
  return 'unknown';
}

function machine(args: Args): Record<string, unknown> {
  let commit: string | undefined;
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    commit = undefined;
  }
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    cpuMHz: cpus[0]?.speed,
    /** The processor's widest SIMD (native peers use it; WebAssembly code is 128-bit). */
    simd: simdWidth(),
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    tfjs: tf.version.tfjs,
    peers: { 'onnxruntime-web': ortWebVersion(), 'jax-js': JAX_VERSION },
    /** Whether the engine has WebAssembly relaxed SIMD (jit's matMul on wasm then fuses multiply-adds). */
    wasmRelaxedSimd: wasmRelaxedSimdAvailable(),
    commit,
    quick: args.quick,
    only: args.only,
    filter: args.filter,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const workloads = WORKLOADS.filter((w) => selected(w, args.only));
  if (!workloads.length)
    throw new Error(
      `--only ${args.only?.join(',')} selects no workload (ids: ${WORKLOADS.map((w) => w.id).join(', ')})`,
    );
  // Initialize both backends once; contenders switch between them (synchronous once initialized).
  await tf.setBackend('wasm');
  await tf.setBackend('cpu');
  // Every row on one thread, as the single-thread peers, except the rows that say how many they use.
  ag.setThreads(1);
  const info = machine(args);
  const log = (line: string) => console.error(line);
  info.loadAverageBefore = os.loadavg();
  log(
    `autograph-ts bench — ${info.cpus} × ${info.cpuModel} (SIMD ${info.simd}), node ${info.node}, tfjs ${info.tfjs}, onnxruntime-web ${ortWebVersion()}, jax-js ${JAX_VERSION}${args.quick ? ', --quick' : ''}, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const results: WorkloadResult[] = [];
  const t0 = performance.now();
  for (const w of workloads) {
    log(`${w.id}: ${w.title} …`);
    const r = await runWorkload(w, { quick: args.quick, filter: args.filter, log });
    disposeInputs();
    log(`  ${r.seconds.toFixed(1)} s, ${tf.memory().numTensors} tensors live`);
    results.push(r);
  }
  const seconds = (performance.now() - t0) / 1000;
  info.loadAverageAfter = os.loadavg();

  const out: string[] = [];
  out.push(
    `## autograph-ts benchmarks — ${String(info.date).slice(0, 10)}, ${info.cpus} × ${info.cpuModel} (SIMD ${info.simd}), node ${info.node}, tfjs ${info.tfjs}, onnxruntime-web ${ortWebVersion()}, jax-js ${JAX_VERSION}${args.quick ? ' (--quick: a smoke test, B1 on every 10th n)' : ''}`,
  );
  out.push('');
  out.push(
    'µs per call, wall-clock median of the repetitions (each repetition a batch of calls; min–max across repetitions); "cpu µs/call" is the median process CPU time (user + system), steadier when the machine is loaded. "vs eager cpu" = tfjs eager cpu time / this time. Bars apply to `jit` with the default (compiled) executor on the cpu backend unless the bar says "same backend"; verdicts use wall-clock medians, the ratio from CPU time is shown beside them.',
  );
  out.push('');
  for (const w of results) out.push(`- **${w.id}** ${w.title} — bar: ${w.barText}`);
  out.push('');
  out.push(formatTable(results));
  out.push('');
  const miss = misses(results);
  out.push(miss.length ? '### Misses and open items' : '### All bars met');
  for (const m of miss) out.push(`- ${m}`);
  const notes = results.flatMap((w) => w.notes);
  out.push('');
  out.push('### Notes');
  for (const n of notes) out.push(`- ${n}`);
  out.push('');
  const load = (xs: unknown) => (xs as number[]).map((x) => x.toFixed(1)).join(' ');
  out.push(
    `Total ${seconds.toFixed(0)} s. Load average (1, 5, 15 min) before ${load(info.loadAverageBefore)}, after ${load(info.loadAverageAfter)} on ${info.cpus} cpus. WebAssembly relaxed SIMD: ${info.wasmRelaxedSimd ? 'on (jit matMul on wasm fuses multiply-adds)' : 'off'}.`,
  );
  console.log(out.join('\n'));

  writeFileSync(args.out, JSON.stringify({ machine: info, seconds, workloads: results }, null, 2) + '\n');
  log(`wrote ${args.out}`);
}

// Exit once the report is flushed: a peer's worker (jax-js) would otherwise keep the process alive.
main().then(
  () => process.stdout.write('', () => process.exit(0)),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
