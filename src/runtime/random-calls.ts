// Calls of tfjs's random ops from converted code (`tf.randomNormal(…)` goes through convertedCall,
// see the call-trees pass): while tracing they make a draw node with the call's own arguments, so an
// unseeded draw gives new values on every call. Needs tfjs and trace/random-draws.
// Produces `registerRandomCalls`.

import * as tf from '@tensorflow/tfjs-core';
import { STAGED_RANDOM_OPS, stagedRandomCall } from '../trace/random-draws.js';

type AnyFn = (...args: unknown[]) => unknown;

/** Routes each staged tfjs random op to `stagedRandomCall` through `register` (convertedCall's table). */
export function registerRandomCalls(register: (original: unknown, replacement: AnyFn) => void): void {
  for (const name of STAGED_RANDOM_OPS) {
    const f = (tf as unknown as Record<string, AnyFn | undefined>)[name];
    if (typeof f === 'function') register(f, (...args: unknown[]) => stagedRandomCall(name, f, args));
  }
}
