// The browser example: two functions converted in place at build time by the autograph Vite plugin
// (vite.config.ts) — they close over the module constant `delta` and the imported `tf`, with no
// `scope` and no `eval` — run with tfjs's webgl backend when it works, else cpu (`?backend=cpu|webgl`
// picks one), and the page shows their values next to eager tfjs, the graph viewer (`mountViewer`:
// Graphviz in wasm, search, info panel, collapsible loops, source and generated code side by side)
// and the generated code (`toCode`). Needs tfjs, autograph-ts. Produces the page's content.
/// <reference types="vite/client" />

import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-cpu';
import vizUrl from '@viz-js/viz?url';
// In an app: 'autograph-ts' and 'autograph-ts/runtime' (bundlers pick these browser builds, without
// the run-time converter: every function here is converted at build time).
import { jit, setGraphviz, spec, toCode } from '../../src/browser.js';
import { setCodeGeneration } from '../../src/plugin/runtime-browser.js';
// The graph pictures behind cf.mountViewer (in an app: `import 'autograph-ts/viewer'`; a page that
// only runs its functions leaves them out).
import '../../src/install/viewer.js';

// This page's CSP forbids 'unsafe-eval': say so, and the compiled executor does not even try
// `new Function` (each try would be a CSP violation); graphs run in the interpreter. `?codegen=probe`
// leaves it to the executor to find out (one blocked try, then the same fallback).
if (new URLSearchParams(location.search).get('codegen') !== 'probe') setCodeGeneration(false);

// Graphviz (1.2 MB of WebAssembly in JS) is an asset fetched only when the page draws.
setGraphviz(() => import(/* @vite-ignore */ vizUrl));
const delta = 1;

function huberLoss(a: tf.Tensor) {
  let loss;
  if (tf.abs(a) <= delta) {
    loss = (a * a) / 2;
  } else {
    loss = delta * (tf.abs(a) - delta / 2);
  }
  return loss;
}

function collatz(a: tf.Tensor) {
  let counter: tf.Tensor = tf.scalar(0, 'int32');
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}

/** Huber loss written directly with tfjs ops (the reference the page compares against). */
function huberEager(v: number): number {
  return tf.tidy(() => {
    const a = tf.scalar(v);
    const abs = tf.abs(a);
    return tf
      .where(tf.lessEqual(abs, delta), tf.div(tf.mul(a, a), 2), tf.mul(delta, tf.sub(abs, delta / 2)))
      .arraySync() as number;
  });
}

const $ = (id: string): HTMLElement => document.getElementById(id)!;

async function pickBackend(): Promise<string> {
  const wanted = new URLSearchParams(location.search).get('backend');
  for (const name of wanted ? [wanted] : ['webgl', 'cpu']) {
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        return name;
      }
    } catch {
      // not available here: try the next one
    }
  }
  throw new Error(`no tfjs backend among ${wanted ?? 'webgl, cpu'} could start`);
}

function cell(row: HTMLTableRowElement, text: string, value?: number): void {
  const td = row.insertCell();
  td.textContent = text;
  if (value !== undefined) td.dataset.value = String(value);
}

async function main(): Promise<void> {
  $('backend').textContent = await pickBackend();
  const huber = jit(huberLoss);
  const body = ($('values') as HTMLTableElement).tBodies[0]!;
  for (const v of [-3, -0.5, 0, 0.25, 2]) {
    const out = huber(tf.scalar(v));
    const got = (await out.data())[0]!;
    out.dispose();
    const row = body.insertRow();
    row.dataset.fn = 'huberLoss';
    cell(row, String(v), v);
    cell(row, got.toFixed(4), got);
    cell(row, huberEager(v).toFixed(4), huberEager(v));
  }
  const steps = jit(collatz);
  const n = steps(tf.scalar(27, 'int32'));
  const counted = (await n.data())[0]!;
  n.dispose();
  const row = body.insertRow();
  row.dataset.fn = 'collatz';
  cell(row, 'collatz(27)', 27);
  cell(row, String(counted), counted);
  cell(row, '111 (known)', 111);
  $('traces').textContent = `huberLoss ${huber.traceCount}, collatz ${steps.traceCount}`;

  const cf = steps.getConcreteFunction(spec([], 'int32'));
  $('executor').textContent = cf.compiledSource() === undefined ? 'interpreter' : 'compiled';
  $('code').textContent = `${toCode(huberLoss)}\n\n${toCode(collatz)}`;
  // The viewer (no inline script or style: it runs under this page's CSP). Its clusters name the
  // lines of main.ts, and its source pane shows collatz as written here: the plugin recorded both
  // beside the converted function.
  const viewer = await cf.mountViewer($('graph'), { sourceUrl: false });
  (window as unknown as { agViewer: unknown }).agViewer = viewer;
  $('status').textContent = 'done';
}

main().catch((e: unknown) => {
  const status = $('status');
  status.textContent = `error: ${e instanceof Error ? e.message : String(e)}`;
  status.className = 'error';
  console.error(e);
});
