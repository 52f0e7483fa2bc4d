// A browser `Worker` for Node, over worker_threads: enough of the Web Worker API (a blob: URL of a
// classic script, `postMessage`, `onmessage`, `self`) for jax-js's WebAssembly device to run its
// kernels in workers in Node as it does in a browser. `withBrowserWorkers(n, body)` installs it, and
// `navigator.hardwareConcurrency = n` (jax-js sizes its pool from it) while `body` runs. Bench
// tooling only. Needs node:worker_threads, node:buffer. Produces `withBrowserWorkers`.

import { Worker as NodeWorker } from 'node:worker_threads';
import { resolveObjectURL } from 'node:buffer';

/** Runs in the worker: receives the script's text first, then forwards messages to `self.onmessage`. */
const BOOT = `
const { parentPort } = require('node:worker_threads');
globalThis.self = globalThis;
globalThis.postMessage = (m) => parentPort.postMessage(m);
parentPort.once('message', (m) => {
  (0, eval)(m.source);
  parentPort.on('message', (data) => self.onmessage({ data }));
});`;

class BrowserWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  /** Messages posted before the script's text reached the worker. */
  private queue: unknown[] | null = [];
  private readonly worker: NodeWorker;

  constructor(url: string | URL) {
    const blob = resolveObjectURL(String(url));
    if (!blob) throw new Error(`browser-worker: only blob: URLs are supported, got ${String(url)}`);
    this.worker = new NodeWorker(BOOT, { eval: true });
    this.worker.unref();
    this.worker.on('message', (data: unknown) => this.onmessage?.({ data }));
    this.worker.on('error', (e: Error) => this.onerror?.({ message: e.message }));
    void blob.text().then((source) => {
      this.worker.postMessage({ source });
      for (const m of this.queue!) this.worker.postMessage(m);
      this.queue = null;
    });
  }

  postMessage(message: unknown): void {
    if (this.queue) this.queue.push(message);
    else this.worker.postMessage(message);
  }

  terminate(): void {
    void this.worker.terminate();
  }
}

/**
 * Runs `body` with `Worker` and `navigator.hardwareConcurrency` as a browser page with `threads`
 * cores would see them. `navigator` is put back afterwards (tfjs reads it too); `Worker` stays, as
 * jax-js asks whether it exists each time it compiles a kernel (shared memory or not).
 */
export async function withBrowserWorkers<T>(threads: number, body: () => Promise<T>): Promise<T> {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'Worker', { value: BrowserWorker, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'navigator', {
    value: { hardwareConcurrency: threads },
    configurable: true,
    writable: true,
  });
  try {
    return await body();
  } finally {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete (globalThis as Record<string, unknown>).navigator;
  }
}
