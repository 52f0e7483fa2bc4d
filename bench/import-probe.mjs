// B11's child process: imports @tensorflow/tfjs, then (unless --tfjs-only) autograph-ts as an app
// does (the built package, through its "exports"), and prints the milliseconds each import took
// and whether any Babel module was loaded. Run by bench/workloads/b11-import.ts, one fresh process
// per sample.
import { createRequire } from 'node:module';

const t0 = performance.now();
await import('@tensorflow/tfjs');
const t1 = performance.now();
if (!process.argv.includes('--tfjs-only')) await import('autograph-ts');
const t2 = performance.now();
const babel = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/node_modules/@babel/'));
console.log(JSON.stringify({ tfjsMs: t1 - t0, autographMs: t2 - t1, babel }));
