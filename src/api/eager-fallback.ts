// `onSymbolicRead: 'eager'`: the signatures whose trace read a tensor's value (`trace/symbolic-read`)
// run the converted code eagerly from then on, in a tidy that keeps what it returns (as a graph
// would, nothing else survives the call), with one warning per source line that forced it.
// Needs tfjs-core, the catalogue, jit-results. Produces `EagerFallback`.

import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { describeSignature } from './trace-report.js';
import { keepable } from './jit-results.js';
import type { Signature } from './signature.js';
import type { AnyFn } from '../trace/staged-types.js';

export class EagerFallback {
  /** Signature keys known to run eagerly. */
  private readonly keys = new Set<string>();
  /** Call keys known to run eagerly. */
  private readonly callKeys = new Set<string>();
  /** Source positions warned about. */
  private readonly warnedReads = new Set<string>();

  constructor(
    private readonly name: string,
    /** Whether the fallback is on (`onSymbolicRead: 'eager'`). */
    private readonly on: boolean,
    private readonly convert: () => AnyFn,
    private readonly warnUser: (message: string) => void,
  ) {}

  /** Whether the signature with this key runs eagerly. */
  has(sigKey: string): boolean {
    return this.keys.size > 0 && this.keys.has(sigKey);
  }

  /** Whether calls with this call key run eagerly. */
  hasCall(key: string): boolean {
    return this.callKeys.size > 0 && this.callKeys.has(key);
  }

  /**
   * The converted function on `args`, eagerly, in a scope that keeps what it returns. (tf.tidy's own
   * scope calls, without a closure per call: a signature known to run eagerly costs about what the
   * plain function does.)
   */
  run(thisArg: unknown, args: unknown[]): unknown {
    const engine = tf.engine();
    engine.startScope();
    let out: unknown;
    try {
      out = this.convert().apply(thisArg, args); // as the function returns it (the type says so too)
    } catch (e) {
      engine.endScope();
      throw e;
    }
    engine.endScope(keepable(out) as never);
    return out;
  }

  /**
   * Whether tracing `sig` failed with `e` in a way the fallback takes over: then the signature (and
   * the call key, if any) runs eagerly from now on, and the first read at its source line is warned about.
   */
  tookOver(e: unknown, sig: Signature, key: string | undefined): boolean {
    if (!this.on || !(e instanceof AutographError) || e.id !== 'trace/symbolic-read') return false;
    this.keys.add(sig.key);
    if (key !== undefined) this.callKeys.add(key);
    const at = e.location;
    const where = at ? `${at.file ?? ''}:${at.line}:${at.column}` : '';
    if (!this.warnedReads.has(where)) {
      this.warnedReads.add(where);
      const what = /\(([^)]*\(\))\)/.exec(e.summary)?.[1] ?? 'reading a value';
      this.warnUser(
        agError('api/runs-eagerly', { name: this.name, signature: describeSignature(sig), what }, at).message,
      );
    }
    return true;
  }
}
