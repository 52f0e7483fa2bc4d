// What jit reports about its traces: verbosity 2's line for each new trace (signature with the
// parameters' names, times to trace and optimize, sizes), verbosity 1's for a function jit leaves as
// written, and the signature text its warnings use. Needs platform/log, opt/pass-report. Produces
// `describeSignature`, `signatureText`, `traceReport`, `leftAsWritten`.

import * as tf from '@tensorflow/tfjs-core';
import { log } from '../platform/log.js';
import { countNodes } from '../opt/pass-report.js';
import { shapeToString } from '../ir/types.js';
import type { ConcreteFunction } from './concrete-function.js';
import type { Signature } from './signature.js';
import type { AnyFn } from '../trace/staged-types.js';

/** A signature with the parameters' names: `a: int32[], k = 3` (the leaves alone when arguments nest). */
export function signatureText(sig: Signature, params: readonly (string | undefined)[]): string {
  if (sig.flat.signature !== `[${sig.leaves.map(() => '*').join(',')}]`) return describeSignature(sig);
  return sig.leaves
    .map((l, i) => {
      const name = params[i] ?? `arg${i}`;
      if (l.kind === 'tensor') return `${name}: ${l.dtype}${shapeToString(l.shape)}`;
      return `${name} = ${typeof l.value === 'string' ? JSON.stringify(l.value) : String(l.value)}`;
    })
    .join(', ');
}

/** Verbosity 2's line for a new trace: its signature, the time to trace and to optimize, the graph's size. */
export function traceReport(
  cf: ConcreteFunction,
  signature: string,
  nth: number,
  traceMs: number,
  optimizeMs: number,
): string {
  const ms = (t: number): string => `${t < 10 ? t.toFixed(1) : Math.round(t)} ms`;
  const nodes = (n: number): string => `${n} node${n === 1 ? '' : 's'}`;
  return (
    `AutoGraph: traced ${cf.name}(${signature}) [trace ${nth}, on tfjs ${tf.getBackend()}] in ${ms(traceMs)}: ` +
    `${nodes(countNodes(cf.graph))}, ${countNodes(cf.optimizedGraph)} after the optimizer (${ms(optimizeMs)}), run by the ${cf.executorName} executor`
  );
}

/** `fn` for jit(fn, { autograph: false }): as written, said at verbosity 1. */
export function leftAsWritten(fn: AnyFn, name: string): AnyFn {
  log(1, () => `AutoGraph: left '${name}' as written: jit(${name}, { autograph: false })`);
  return fn;
}

/** A signature as the user reads it: `float32[10], 0.5`. */
export function describeSignature(sig: Signature): string {
  return sig.leaves
    .map((l) =>
      l.kind === 'tensor'
        ? `${l.dtype}${shapeToString(l.shape)}`
        : typeof l.value === 'string'
          ? JSON.stringify(l.value)
          : String(l.value),
    )
    .join(', ');
}
