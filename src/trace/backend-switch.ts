// Synchronous switching of the active tfjs backend around a trace. tfjs's setBackend is async and
// re-runs every kernel's setup; for two already-initialized backends the switch is a matter of the
// engine's two fields, which this module sets and restores. Needs tfjs. Produces `withActiveBackend`.

import * as tf from '@tensorflow/tfjs';

interface EngineFields {
  backendName: string | null;
  backendInstance: tf.KernelBackend | null;
  readonly backend: tf.KernelBackend;
}

/** Runs `fn` with `backend` (registered as `name`) as the active backend, restoring the previous one. */
export function withActiveBackend<T>(name: string, backend: tf.KernelBackend, fn: () => T): T {
  const engine = tf.engine() as unknown as EngineFields;
  void engine.backend; // initializes the user's backend if none was chosen yet
  const savedName = engine.backendName;
  const savedInstance = engine.backendInstance;
  engine.backendName = name;
  engine.backendInstance = backend;
  try {
    return fn();
  } finally {
    engine.backendName = savedName;
    engine.backendInstance = savedInstance;
  }
}
