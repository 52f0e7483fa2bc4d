// Synchronous switching of the active tfjs backend around a trace. tfjs's setBackend is async and
// re-runs every kernel's setup; for two already-initialized backends the switch is a matter of the
// engine's two fields, which this module sets and restores. Needs tfjs. Produces `withActiveBackend`.

import type * as tf from '@tensorflow/tfjs-core';
import { engineInternals } from './tfjs-engine.js';

/** The backends that were active when each enclosing `withActiveBackend` switched away from them. */
const outer: { name: string | null; instance: tf.KernelBackend | null }[] = [];

/** Runs `fn` with `backend` (registered as `name`) as the active backend, restoring the previous one. */
export function withActiveBackend<T>(name: string, backend: tf.KernelBackend, fn: () => T): T {
  const engine = engineInternals();
  void engine.backend; // initializes the user's backend if none was chosen yet
  const savedName = engine.backendName;
  const savedInstance = engine.backendInstance;
  engine.backendName = name;
  engine.backendInstance = backend;
  outer.push({ name: savedName, instance: savedInstance });
  try {
    return fn();
  } finally {
    outer.pop();
    engine.backendName = savedName;
    engine.backendInstance = savedInstance;
  }
}

/** Runs `fn` with the backend that was active before the innermost switch (the user's, in a trace). */
export function withOuterBackend<T>(fn: () => T): T {
  const top = outer[outer.length - 1];
  if (!top?.name || !top.instance) return fn();
  return withActiveBackend(top.name, top.instance, fn);
}
