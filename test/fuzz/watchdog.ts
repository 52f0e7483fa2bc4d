// A watchdog for fuzzed programs that may never stop: a staged loop whose condition lost an effect
// (`while (k++ < n)` with the increment dropped) runs forever inside one synchronous call, which no
// test timeout can interrupt. `guarded(describe, fn)` arms a timer in a worker thread before `fn`
// and disarms it after; if `fn` is still running when the timer fires, the worker writes
// `describe()` (taken before the call: the program and its inputs) to stderr and to
// `<tmpdir>/autograph-fuzz-hang.txt`, then kills the process, so the run fails loudly with the
// program that hung instead of hanging. Needs node:worker_threads. Produces `guarded`, `HANG_FILE`.

import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the program that hung is written, besides stderr. */
export const HANG_FILE = join(tmpdir(), 'autograph-fuzz-hang.txt');

/** Seconds one guarded call may take (a fuzzed program takes milliseconds; shared machines are slow). */
const LIMIT_S = Number(process.env.AG_FUZZ_HANG_S ?? 120);

// Plain JS run by the worker: its own event loop keeps time while the main thread is busy; fs.writeSync
// reaches fd 2 directly (a worker's process.stderr goes through the blocked main thread).
const WATCHER = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
let timer;
parentPort.on('message', (m) => {
  clearTimeout(timer);
  if (m.kind !== 'arm') return;
  timer = setTimeout(() => {
    const text = 'FUZZ HANG: a program ran longer than ' + m.seconds + ' s (a loop that does not stop?)\\n' + m.text + '\\n';
    try { fs.writeFileSync(m.file, text); } catch {}
    fs.writeSync(2, text + 'written to ' + m.file + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }, m.seconds * 1000);
});
`;

let watcher: Worker | undefined;

function start(): Worker {
  const w = new Worker(WATCHER, { eval: true });
  w.unref(); // the watchdog never keeps the process alive
  return w;
}

/** Runs `fn`; kills the process with `describe()`'s text if it does not return within the limit. */
export function guarded<T>(describe: () => string, fn: () => T): T {
  watcher ??= start();
  watcher.postMessage({ kind: 'arm', seconds: LIMIT_S, file: HANG_FILE, text: describe() });
  try {
    return fn();
  } finally {
    watcher.postMessage({ kind: 'disarm' });
  }
}
