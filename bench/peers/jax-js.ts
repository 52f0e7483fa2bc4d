// The jax-js peer: a workload's program written for jax-js (@jax-js/jax) and compiled by its `jit`
// on its WebAssembly device, in this Node process. jax-js runs wasm kernels in Web Workers; here they
// are worker_threads behind a browser Worker (browser-worker.ts), one worker: "1 thread" as the
// other peers. jax-js has no loop primitive, so loops are unrolled in the traced function (the row
// says so). A call is timed until its outputs are ready (`blockUntilReady`), outputs then freed.
// Needs harness, contenders, @jax-js/jax, browser-worker. Produces `jaxJs`, `JaxProgram`.

import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import type * as JaxModule from '@jax-js/jax';
import type { Contender } from '../harness.js';
import type { Calls } from '../contenders.js';
import { withBrowserWorkers } from './browser-worker.js';

export type Jax = typeof JaxModule;
export type JaxArray = JaxModule.Array;
type JaxFn = (...args: JaxArray[]) => JaxArray | JaxArray[];

/**
 * A workload's program for jax-js: `make` receives the module (loaded on first use: it sets up its
 * wasm device when imported) and returns the function of the workload's inputs (jax arrays, owned).
 */
export interface JaxProgram {
  readonly make: (jax: Jax) => JaxFn;
  /** Whether the workload's loop is unrolled in `fn` (jax-js has no loop primitive). */
  readonly unrolled?: boolean;
}

export const JAX_LABEL = 'jax-js jit (wasm, 1 thread)';

/** The installed jax-js's version (its package exports no package.json), for the bench header. */
export const JAX_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../node_modules/@jax-js/jax/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

let loaded: Promise<Jax> | undefined;

/**
 * Loads jax-js once with a browser's Worker and one core in view: its wasm device is made when the
 * module is evaluated (shared memory only where Worker exists) and sizes its worker pool then; the
 * workers start on the first asynchronous dispatch, done here too.
 */
function load(): Promise<Jax> {
  loaded ??= withBrowserWorkers(1, async () => {
    const jax = await import('@jax-js/jax');
    const devices = await jax.init('wasm');
    if (!devices.includes('wasm')) throw new Error('jax-js: no wasm device');
    jax.defaultDevice('wasm');
    await jax.blockUntilReady(jax.numpy.array(new Float32Array([1, 2])).mul(2));
    return jax;
  });
  return loaded;
}

function jaxArray(jax: Jax, t: tf.Tensor): JaxArray {
  const data = t.dataSync();
  const typed = t.dtype === 'int32' ? Int32Array.from(data) : Float32Array.from(data);
  return jax.numpy.array(typed).reshape(t.shape);
}

const leavesOf = (out: JaxArray | JaxArray[]): JaxArray[] => (Array.isArray(out) ? out : [out]);

export function jaxJs(program: JaxProgram, calls: Calls): Contender {
  let jax: Jax | undefined;
  let inputs: JaxArray[][] = [];
  let f: (JaxFn & { dispose(): void }) | undefined;
  const call = (args: readonly JaxArray[]) => f!(...args.map((a) => a.ref));
  const ready = async (args: readonly JaxArray[]) => jax!.blockUntilReady(call(args));
  return {
    label: `${JAX_LABEL}${program.unrolled ? ', loop unrolled' : ''}`,
    kind: 'peer',
    backend: 'cpu',
    get callsPerBatch() {
      return inputs.length || 1;
    },
    async prepare() {
      jax = await load();
      inputs = calls.get().map((args) => (args as tf.Tensor[]).map((t) => jaxArray(jax!, t)));
      f = jax.jit(program.make(jax));
      // Trace and compile outside the timing.
      jax.tree.dispose(await ready(inputs[0]!));
    },
    async batch() {
      for (const args of inputs) jax!.tree.dispose(await ready(args));
    },
    async result() {
      const values: number[] = [];
      for (const args of inputs)
        for (const leaf of leavesOf(call(args))) for (const v of await leaf.data()) values.push(Number(v));
      return values;
    },
    dispose() {
      for (const args of inputs) for (const a of args) a.dispose();
      inputs = [];
      f?.dispose();
    },
  };
}
