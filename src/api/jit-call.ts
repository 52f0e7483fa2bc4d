// The call path of a jit function (its dispatcher): inside another trace it is inlined; under
// runFunctionsEagerly it runs its converted code; otherwise the call's trace is found — by the last
// call's arguments, by call key, or by signature through the trace cache (tracing if needed) — and
// run, or the signature runs eagerly (EagerFallback). `callAsync` is the same path ending in the
// executor's async run. Needs trace-cache, call-key, signature, eager-fallback. Produces `JitCall`,
// `runFunctionsEagerly`, `MAX_INLINE_DEPTH`.

import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { isTracing } from '../trace/context.js';
import type { ConcreteFunction } from './concrete-function.js';
import { signatureOf, withThis, type Signature } from './signature.js';
import { callKey, LastCall, type KeyedTrace } from './call-key.js';
import type { TensorSpec } from './tensor-spec.js';
import { shapeToString } from '../ir/types.js';
import { withUserStack } from './user-stack.js';
import { stagedResult } from './staged-result.js';
import { syncReadsAllowed } from '../exec/interpreter-reads.js';
import { containsTensor, isNaNResult, shortJson } from './jit-results.js';
import type { TraceCache } from './trace-cache.js';
import { EagerFallback } from './eager-fallback.js';
import type { AnyFn } from '../trace/staged-types.js';

/** How deep jit functions may inline into each other while tracing (recursion must end at trace time). */
export const MAX_INLINE_DEPTH = 64;
let inlineDepth = 0;

let eagerly = false;

/**
 * TF's tf.config.run_functions_eagerly: while on, jit functions run their (converted) code eagerly on
 * concrete tensors instead of tracing, so a debugger can step through them. Returns the previous setting.
 */
export function runFunctionsEagerly(on: boolean): boolean {
  const before = eagerly;
  eagerly = on;
  return before;
}

/** Runs a trace on a call's tensors (a plain call, one recorded on the gradient tape, an async one). */
export type RunTrace = (cf: ConcreteFunction, tensors: readonly tf.Tensor[]) => unknown;

export interface JitCallOptions {
  /** The jit function's name. */
  readonly name: string;
  readonly cache: TraceCache;
  /** The converted function (converted on first use). */
  readonly convert: () => AnyFn;
  /** The parameters the function requires (`fn.length`). */
  readonly required: number;
  /** The declared inputSignature, with its signature. */
  readonly inputSignature: { readonly specs: readonly TensorSpec[]; readonly sig: Signature } | undefined;
  readonly onSymbolicRead: 'error' | 'eager' | undefined;
  readonly warnUser: (message: string) => void;
  /** How a synchronous call runs its trace. */
  readonly runTrace: RunTrace;
}

export class JitCall {
  /**
   * The entry the last keyed call used (a trace, or 'eager' for a signature known to run eagerly) and
   * what its arguments were, so a call that repeats them (a loop calling one step function) is
   * matched without building its key.
   */
  private last: KeyedTrace | 'eager' | undefined;
  private readonly lastCall = new LastCall();
  private readonly eager: EagerFallback;
  private warnedNaN = false;

  constructor(private readonly o: JitCallOptions) {
    this.eager = new EagerFallback(o.name, o.onSymbolicRead === 'eager', o.convert, o.warnUser);
    o.cache.onDrop = (cf) => {
      if (this.last !== 'eager' && this.last?.cf === cf) this.last = undefined;
    };
  }

  /** A call with receiver `receiver`; errors leave with a stack in the user's terms. */
  call(receiver: unknown, args: unknown[]): unknown {
    try {
      return this.run(receiver, args, this.o.runTrace);
    } catch (e) {
      throw withUserStack(e);
    }
  }

  /** A plain call (no receiver) through the executors' async path; every failure rejects. */
  callAsync(args: unknown[]): Promise<unknown> {
    const failed = (e: unknown) => Promise.reject(withUserStack(e));
    try {
      return Promise.resolve(this.run(undefined, args, (cf, tensors) => cf.callFlatAsync(tensors))).catch(failed);
    } catch (e) {
      return failed(e);
    }
  }

  /** The call path; `runTrace` runs the trace found on the call's tensors. */
  private run(receiver: unknown, args: unknown[], runTrace: RunTrace): unknown {
    if (isTracing()) return this.inline(receiver, args);
    if (eagerly) return stagedResult(this.o.convert().apply(receiver, args));
    // A function called as a method traces per receiver (its fields may be read); a plain call has none.
    const self = receiver === globalThis ? undefined : receiver;
    let hit = this.last !== undefined && this.lastCall.repeats(args, self) ? this.last : undefined;
    if (hit === 'eager') return this.eager.run(receiver, args);
    // Hot path: calls whose arguments are all tensors or JS primitives are looked up by a short key,
    // without flattening.
    const key = this.o.inputSignature || hit ? undefined : callKey(args, self);
    if (key !== undefined && this.eager.hasCall(key)) {
      this.last = 'eager';
      this.lastCall.remember(args, self);
      return this.eager.run(receiver, args);
    }
    if (key !== undefined && (hit = this.o.cache.byKey(key)) !== undefined) {
      this.last = hit;
      this.lastCall.remember(args, self);
    }
    if (hit) {
      this.o.cache.hit(hit.cf);
      const picks = hit.tensorArgs;
      return runTrace(hit.cf, picks === undefined ? (args as tf.Tensor[]) : picks.map((i) => args[i] as tf.Tensor));
    }
    return this.bySignature(receiver, self, args, key, runTrace);
  }

  /** Inlined into the trace that called it: recursion has to end at trace time. */
  private inline(receiver: unknown, args: unknown[]): unknown {
    if (inlineDepth >= MAX_INLINE_DEPTH)
      throw agError('api/recursion-depth', { name: this.o.name, depth: inlineDepth });
    inlineDepth++;
    try {
      return stagedResult(this.o.convert().apply(receiver, args));
    } finally {
      inlineDepth--;
    }
  }

  /** The slow path: the call's signature, its trace from the cache (tracing if needed) or the eager fallback. */
  private bySignature(
    receiver: unknown,
    self: unknown,
    args: unknown[],
    key: string | undefined,
    runTrace: RunTrace,
  ): unknown {
    const { name, inputSignature: fixed } = this.o;
    if (!fixed && args.length < this.o.required)
      throw agError('api/missing-argument', { name, expected: this.o.required, got: args.length });
    let sig: Signature;
    let tensors: tf.Tensor[];
    if (fixed) {
      tensors = checkAgainst(name, fixed.specs, args);
      sig = withThis(fixed.sig, self);
    } else {
      sig = withThis(signatureOf(name, args), self);
      tensors = sig.tensorLeaves.map((i) => sig.flat.leaves[i] as tf.Tensor);
    }
    if (this.eager.has(sig.key)) return this.eager.run(receiver, args);
    let found: { cf: ConcreteFunction; traced: boolean };
    try {
      found = this.o.cache.forCall(sig);
    } catch (e) {
      if (this.eager.tookOver(e, sig, key)) return this.eager.run(receiver, args);
      throw e;
    }
    const { cf, traced } = found;
    // A call key's arguments are each one leaf of the signature, so its tensor leaves are its tensor arguments.
    if (key !== undefined)
      this.o.cache.setKey(key, { cf, tensorArgs: tensors.length === args.length ? undefined : sig.tensorLeaves });
    const out = runTrace(cf, tensors);
    if (traced && cf.graph.params.length === 0 && syncReadsAllowed(tf.getBackend())) this.checkNaN(args, out);
    return out;
  }

  /** One warning when a trace made of JS arithmetic on a JS array or string gave NaN. */
  private checkNaN(args: readonly unknown[], out: unknown): void {
    if (this.warnedNaN || !isNaNResult(out)) return;
    const i = args.findIndex((a) => typeof a === 'string' || (Array.isArray(a) && !containsTensor(a)));
    if (i < 0) return;
    this.warnedNaN = true;
    const a = args[i];
    const got = typeof a === 'string' ? `the string ${JSON.stringify(a)}` : `the JS array ${shortJson(a)}`;
    this.o.warnUser(agError('api/js-arithmetic-nan', { name: this.o.name, path: `argument ${i}`, got }).message);
  }
}

/** Checks a call against a declared inputSignature; returns the tensors to feed. */
function checkAgainst(name: string, specs: readonly TensorSpec[], args: readonly unknown[]): tf.Tensor[] {
  if (args.length !== specs.length)
    throw agError('api/signature-arity', { name, expected: specs.length, got: args.length });
  return specs.map((s, i) => {
    const a = args[i];
    if (!(a instanceof tf.Tensor)) {
      throw agError('api/signature-mismatch', {
        name,
        index: i,
        expected: s.toString(),
        got: a === null ? 'null' : typeof a,
      });
    }
    if (a.isDisposed) throw agError('api/disposed-input', { name, path: `argument ${i}` });
    if (!s.accepts(a.dtype, a.shape)) {
      throw agError('api/signature-mismatch', {
        name,
        index: i,
        expected: s.toString(),
        got: `${a.dtype}${shapeToString(a.shape)}`,
      });
    }
    return a;
  });
}
