// `jit(fn, opts)`, the analogue of tf.function: traces `fn` once per input signature, caches the
// traces (ConcreteFunction), runs the graph, warns on retracing. Called inside another trace, a jit
// function is inlined into it. Needs trace-function, signature, concrete-function.
// Produces `jit`, `JitFunction`, `JitOptions`.

import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { AutographError } from '../errors/ag-error.js';
import { log, warn } from '../platform/log.js';
import { describeSignature, leftAsWritten, signatureText, traceReport } from './trace-report.js';
import { isTracing } from '../trace/context.js';
import { traceFunction } from '../trace/trace-function.js';
import { ConcreteFunction, type ExecutorName, type SpecArgs } from './concrete-function.js';
import { RetraceMonitor } from './retrace-monitor.js';
import { signatureOf, withThis, type Signature } from './signature.js';
import { callKey, LastCall, type KeyedTrace } from './call-key.js';
import type { TensorSpec } from './tensor-spec.js';
import { shapeToString } from '../ir/types.js';
import { toGraph } from './to-graph.js';
import { paramNames } from './param-names.js';
import { traceWarnings } from './trace-warnings.js';
import { originalOf } from '../runtime/do-not-convert.js';
import { deepStacks, withUserStack } from './user-stack.js';
import { differentiableCall, tapeRecording } from './jit-gradient.js';
import { stagedResult } from './staged-result.js';
import { syncReadsAllowed } from '../exec/interpreter-reads.js';
import { containsTensor, isNaNResult, keepable, shortJson } from './jit-results.js';
import '../grad/install.js'; // fills trace's gradient hooks
import '../exec/evaluate-init.js'; // fills trace's graph evaluation (variable initializers)
import type { OnnxRuntimeOptions } from '../ort/index.js';
import type { AnyFn, JitArgs, Staged } from '../trace/staged-types.js';

export interface JitOptions {
  /** Fixes the signature: every call must match it, and there is one trace. */
  readonly inputSignature?: readonly TensorSpec[];
  /** Convert control flow with AutoGraph before tracing (default true). */
  readonly autograph?: boolean;
  /** Free variables of `fn` for run-time conversion. */
  readonly scope?: Record<string, unknown>;
  /** The executor of the traced graphs: 'compiled' (default), 'interpreter' or 'onnxruntime'. */
  readonly executor?: ExecutorName;
  /**
   * @deprecated Renamed {@link JitOptions.executor} (it names the executor, not a tfjs backend);
   * still accepted in this release, with a warning (`api/backend-option`) once per process.
   */
  readonly backend?: ExecutorName;
  readonly name?: string;
  /** Options of the onnxruntime executor: session options (intraOpNumThreads defaults to 1), the model's numerics. */
  readonly onnxruntime?: OnnxRuntimeOptions;
  /** Receives the warnings of this function: retracing, running eagerly (default: printed to stderr unless silenced, see silenceWarnings). */
  readonly onWarning?: (message: string) => void;
  /**
   * What a read of a tensor's value inside the function (`dataSync()`, `arraySync()`, `await data()`)
   * does while tracing: `'error'` (default) raises `trace/symbolic-read`; `'eager'` runs the function's
   * converted code eagerly, on concrete tensors, for that signature (no graph), with one warning
   * naming the line that forced it.
   */
  readonly onSymbolicRead?: 'error' | 'eager';
  /**
   * Most traces kept (default 64; `Infinity` keeps all). Past it the least recently used trace is
   * dropped and its constants freed; one obtained through getConcreteFunction is never dropped.
   */
  readonly maxTraces?: number;
  /**
   * Lets the compiled executor's WebAssembly kernels use relaxed SIMD where the engine has it
   * (browsers, Node 22 and later, Node 20 with `--experimental-wasm-relaxed-simd`): default true.
   * float32 matMul on the wasm backend then adds each product with a fused multiply-add, one rounding
   * instead of two: within float32 rounding of eager tfjs-wasm, not bit-identical to it. `false`
   * keeps eager tfjs-wasm's bits there (a small matMul, up to 32,768 multiply-adds, runs in JS with
   * the cpu backend's values either way). With `numerics: 'fast'` the fast kernels' multiply-adds
   * are fused too (both backends). Nothing else changes on the cpu backend or where the engine lacks it.
   */
  readonly relaxedSimd?: boolean;
  /**
   * How the compiled executor computes float32 `tanh`, `sigmoid`, `exp` and `log` on the cpu and
   * wasm backends: `'exact'` (default) gives the cpu backend's values (JS's `Math`, rounded to
   * float32); `'fast'` runs them in its WebAssembly SIMD kernels as float32 polynomial
   * approximations (like XLA's fast-math), within 1 ulp of those values for exp and log and 2 ulp
   * for tanh and sigmoid, with exact NaN, ±∞ and zeros, and fused multiply-adds where relaxed SIMD
   * is on. Values computed in JS (tensors under 256 elements, scalars) stay exact. Other executors
   * and backends ignore it (webgl and webgpu use the GPU's own functions either way). See the
   * guide, "Executors and export".
   */
  readonly numerics?: 'exact' | 'fast';
}

let backendOptionWarned = false;

/**
 * The executor `opts` name (`executor`, or the deprecated `backend`, which is warned about once per
 * process through `warnUser`); undefined: the default.
 */
function executorOption(opts: JitOptions, warnUser: (message: string) => void): ExecutorName | undefined {
  if (opts.backend !== undefined && !backendOptionWarned) {
    backendOptionWarned = true;
    warnUser(agError('api/backend-option', { given: JSON.stringify(opts.backend) ?? String(opts.backend) }).message);
  }
  return opts.executor ?? opts.backend;
}

/** @internal For tests: the next `backend` option warns again. */
export function resetBackendOptionWarning(): void {
  backendOptionWarned = false;
}

/** Throws `api/bad-option` when an option is given (not undefined) with a value outside `allowed`. */
function checkOption(option: string, value: unknown, allowed: readonly unknown[], expected: string): void {
  if (value !== undefined && !allowed.includes(value)) throw agError('api/bad-option', { option, got: JSON.stringify(value) ?? String(value), expected });
}

/** Traces a jit function keeps unless `maxTraces` says otherwise. */
export const DEFAULT_MAX_TRACES = 64;
/** How deep jit functions may inline into each other while tracing (recursion must end at trace time). */
export const MAX_INLINE_DEPTH = 64;
let inlineDepth = 0;

/**
 * A function made by `jit(fn)`. It takes what `fn` takes, with a tensor allowed in place of any JS
 * number or boolean (a trace is made per dtype and shape), and returns what `fn` returns with its
 * numbers and booleans as tensors (staged values come back as tensors; see the guide's
 * "TypeScript" section for the one exception).
 */
export interface JitFunction<F extends AnyFn = AnyFn, R = Staged<ReturnType<F>>> {
  (...args: JitArgs<Parameters<F>>): R;
  /** How many times the function has been traced. */
  readonly traceCount: number;
  /**
   * The trace for these arguments (tensors, TensorSpecs, JS values), tracing if needed; with no
   * arguments, the trace of `inputSignature`.
   */
  getConcreteFunction(...argsOrSpecs: SpecArgs<Parameters<F>> | []): ConcreteFunction<F>;
  /**
   * Calls the function through the async path: where the graph runs on the interpreter (webgl,
   * webgpu), its reads of tensor values (an `if` or `while` on a tensor, an assert, a print) are
   * awaited rather than synchronous, which tfjs's webgpu backend requires. Resolves to what a call
   * returns; every failure rejects. Not recorded on a gradient tape.
   */
  callAsync(...args: JitArgs<Parameters<F>>): Promise<R>;
  /** All cached traces. */
  concreteFunctions(): ConcreteFunction<F>[];
  /** The retracing warnings printed so far. */
  readonly warnings: readonly string[];
  /** The function `jit` was given (TF's `python_function`). */
  readonly jsFunction: F;
  /** @deprecated The name TF gives it; use {@link JitFunction.jsFunction}. */
  readonly pythonFunction: F;
}

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

/**
 * TF's `tf.function`: converts `fn` with AutoGraph (unless `opts.autograph === false`), traces it once
 * per input signature (tensors by dtype and shape, JS values by value, nesting by structure), caches
 * the traces and runs them with the compiled executor (or `opts.executor`). Tensors in, tensors out.
 *
 * ```ts
 * const f = ag.jit(collatz);
 * f(tf.scalar(27, 'int32'));   // traced once for int32[], then cached
 * ```
 */
export function jit<F extends AnyFn>(fn: F, opts: JitOptions & { readonly onSymbolicRead: 'eager' }): JitFunction<F, Staged<ReturnType<F>> | ReturnType<F>>;
export function jit<F extends AnyFn>(fn: F, opts?: JitOptions): JitFunction<F>;
export function jit<F extends AnyFn>(fn: F, opts: JitOptions = {}): JitFunction<F> {
  if (typeof fn !== 'function') throw agError('api/not-a-function', { what: 'jit', got: typeof fn });
  const name = opts.name ?? (fn.name || 'fn');
  const cache = new Map<string, ConcreteFunction>();
  const monitor = new RetraceMonitor(name, opts.onWarning);
  let traceCount = 0;
  // Converted on first use (so a jit function can be made before its free variables exist).
  let converted: AnyFn | undefined;
  const convert = (): AnyFn => (converted ??= opts.autograph === false ? leftAsWritten(fn, name) : (toGraph(fn, { scope: opts.scope }) as AnyFn));
  let params: (string | undefined)[] | undefined;
  // The parameters of the user's function (through toGraph's wrapper, the original's).
  const names = (): (string | undefined)[] => (params ??= paramNames((originalOf(fn) as F | undefined) ?? fn));
  // The converted function called on the receiver of the call (`m.j(x)` with `m.j = jit(m.f)`).
  const bound = (self: unknown): AnyFn => (self === undefined ? convert() : (...a: unknown[]) => convert().apply(self, a));
  const fixed = opts.inputSignature ? signatureOf(name, [...opts.inputSignature]) : undefined;
  const maxTraces = opts.maxTraces ?? DEFAULT_MAX_TRACES;
  checkOption('onSymbolicRead', opts.onSymbolicRead, ['error', 'eager'], "'error' or 'eager'");
  checkOption('onnxruntime.numerics', opts.onnxruntime?.numerics, ['exact', 'float32'], "'exact' or 'float32'");
  checkOption('relaxedSimd', opts.relaxedSimd, [true, false], 'true or false');
  checkOption('numerics', opts.numerics, ['exact', 'fast'], "'exact' or 'fast'");
  const warnUser = opts.onWarning ?? warn;
  const executor = executorOption(opts, warnUser) ?? 'compiled';
  if (!(maxTraces === Infinity || (Number.isInteger(maxTraces) && maxTraces > 0))) throw agError('api/bad-max-traces', { value: String(maxTraces) });
  // `cache` iterates least recently used first (a Map keeps insertion order; a use re-inserts).
  const pinned = new WeakSet<ConcreteFunction>();
  let newest: ConcreteFunction | undefined;
  const touch = (cf: ConcreteFunction): void => {
    if (cf === newest || cache.get(cf.signature.key) !== cf) return;
    cache.delete(cf.signature.key);
    cache.set(cf.signature.key, cf);
    newest = cf;
  };
  const evict = (): void => {
    for (const [k, cf] of cache) {
      if (cache.size <= maxTraces) return;
      if (pinned.has(cf) || cf === newest) continue;
      cache.delete(k);
      for (const [tk, v] of byCallKey) if (v.cf === cf) byCallKey.delete(tk);
      if (last !== 'eager' && last?.cf === cf) last = undefined;
      cf.dispose(); // its constants; captured tensors belong to the user
    }
  };

  const concrete = (sig: Signature): { cf: ConcreteFunction; traced: boolean } => {
    const known = cache.get(sig.key);
    if (known) {
      touch(known);
      return { cf: known, traced: false };
    }
    const started = performance.now();
    const { graph, output } = deepStacks(() => traceFunction(name, settled(bound(sig.thisArg)), sig.flat, sig.leaves, { allowVariableCreation: traceCount === 0, paramNames: names() }));
    const traced = performance.now();
    for (const m of traceWarnings(graph, tf.getBackend(), executor)) warnUser(m);
    const cf = new ConcreteFunction(name, graph, sig, output, executor, opts.onnxruntime, undefined, async () => (await import('./code-info.js')).codeOf(fn, opts.autograph !== false), { relaxedSimd: opts.relaxedSimd, numerics: opts.numerics });
    log(2, () => traceReport(cf, signatureText(sig, names()), traceCount + 1, traced - started, performance.now() - traced));
    cache.set(sig.key, cf);
    newest = cf;
    traceCount++;
    if (cache.size > maxTraces) evict();
    return { cf, traced: true };
  };

  // Hot path: calls whose arguments are all tensors or JS primitives are looked up by a short key,
  // without flattening; `tensorArgs` says which arguments are the tensors (undefined: all are).
  const byCallKey = new Map<string, KeyedTrace>();
  // The entry the last keyed call used (a trace, or 'eager' for a signature known to run eagerly) and
  // what its arguments were, so a call that repeats them (a loop calling one step function) is
  // matched without building its key.
  let last: KeyedTrace | 'eager' | undefined;
  const lastCall = new LastCall();
  const required = fn.length;

  // Under tf.grad & co. a call is recorded on the gradient tape (its gradient is another jit function).
  const callRecorded = (cf: ConcreteFunction, tensors: readonly tf.Tensor[]): unknown =>
    tapeRecording() ? differentiableCall(cf, tensors, bound(cf.signature.thisArg), opts) : cf.callFlat(tensors);

  // onSymbolicRead: 'eager': the signatures whose trace read a tensor's value run the converted code
  // eagerly, in a tidy that keeps what it returns (as a graph would, nothing else survives the call).
  const eagerKeys = new Set<string>();
  const eagerCallKeys = new Set<string>();
  const warnedReads = new Set<string>();
  // (tf.tidy's own scope calls, without a closure per call: a signature known to run eagerly costs
  // about what the plain function does.)
  const runEagerly = (thisArg: unknown, args: unknown[]): unknown => {
    const engine = tf.engine();
    engine.startScope();
    let out: unknown;
    try {
      out = convert().apply(thisArg, args); // as the function returns it (the type says so too)
    } catch (e) {
      engine.endScope();
      throw e;
    }
    engine.endScope(keepable(out) as never);
    return out;
  };
  const fellBack = (e: unknown, sig: Signature, key: string | undefined): boolean => {
    if (opts.onSymbolicRead !== 'eager' || !(e instanceof AutographError) || e.id !== 'trace/symbolic-read') return false;
    eagerKeys.add(sig.key);
    if (key !== undefined) eagerCallKeys.add(key);
    const at = e.location;
    const where = at ? `${at.file ?? ''}:${at.line}:${at.column}` : '';
    if (!warnedReads.has(where)) {
      warnedReads.add(where);
      const what = /\(([^)]*\(\))\)/.exec(e.summary)?.[1] ?? 'reading a value';
      warnUser(agError('api/runs-eagerly', { name, signature: describeSignature(sig), what }, at).message);
    }
    return true;
  };
  let warnedNaN = false;
  /** One warning when a trace made of JS arithmetic on a JS array or string gave NaN. */
  const checkNaN = (args: readonly unknown[], out: unknown): void => {
    if (warnedNaN || !isNaNResult(out)) return;
    const i = args.findIndex((a) => typeof a === 'string' || (Array.isArray(a) && !containsTensor(a)));
    if (i < 0) return;
    warnedNaN = true;
    const a = args[i];
    const got = typeof a === 'string' ? `the string ${JSON.stringify(a)}` : `the JS array ${shortJson(a)}`;
    warnUser(agError('api/js-arithmetic-nan', { name, path: `argument ${i}`, got }).message);
  };

  // `finish` runs a trace on the call's tensors: callRecorded, or the async path's callFlatAsync.
  const run = (receiver: unknown, args: unknown[], finish = callRecorded): unknown => {
    if (isTracing()) {
      // Inlined into the trace that called it: recursion has to end at trace time.
      if (inlineDepth >= MAX_INLINE_DEPTH) throw agError('api/recursion-depth', { name, depth: inlineDepth });
      inlineDepth++;
      try {
        return stagedResult(convert().apply(receiver, args));
      } finally {
        inlineDepth--;
      }
    }
    if (eagerly) return stagedResult(convert().apply(receiver, args));
    // A function called as a method traces per receiver (its fields may be read); a plain call has none.
    const self = receiver === globalThis ? undefined : receiver;
    let hit = last !== undefined && lastCall.repeats(args, self) ? last : undefined;
    if (hit === 'eager') return runEagerly(receiver, args);
    const key = fixed || hit ? undefined : callKey(args, self);
    if (key !== undefined && eagerCallKeys.size > 0 && eagerCallKeys.has(key)) {
      last = 'eager';
      lastCall.remember(args, self);
      return runEagerly(receiver, args);
    }
    if (key !== undefined && (hit = byCallKey.get(key)) !== undefined) {
      last = hit;
      lastCall.remember(args, self);
    }
    if (hit) {
      monitor.hit();
      if (hit.cf !== newest) touch(hit.cf);
      const picks = hit.tensorArgs;
      return finish(hit.cf, picks === undefined ? (args as tf.Tensor[]) : picks.map((i) => args[i] as tf.Tensor));
    }
    if (!fixed && args.length < required) throw agError('api/missing-argument', { name, expected: required, got: args.length });
    let sig: Signature;
    let tensors: tf.Tensor[];
    if (fixed) {
      tensors = checkAgainst(name, opts.inputSignature!, args);
      sig = withThis(fixed, self);
    } else {
      sig = withThis(signatureOf(name, args), self);
      tensors = sig.tensorLeaves.map((i) => sig.flat.leaves[i] as tf.Tensor);
    }
    if (eagerKeys.size > 0 && eagerKeys.has(sig.key)) return runEagerly(receiver, args);
    let found: { cf: ConcreteFunction; traced: boolean };
    try {
      found = concrete(sig);
    } catch (e) {
      if (fellBack(e, sig, key)) return runEagerly(receiver, args);
      throw e;
    }
    const { cf, traced } = found;
    monitor.note(traced ? sig : undefined);
    // A call key's arguments are each one leaf of the signature, so its tensor leaves are its tensor arguments.
    if (key !== undefined) byCallKey.set(key, { cf, tensorArgs: tensors.length === args.length ? undefined : sig.tensorLeaves });
    const out = finish(cf, tensors);
    if (traced && cf.graph.params.length === 0 && syncReadsAllowed(tf.getBackend())) checkNaN(args, out);
    return out;
  };
  // Errors leave with a stack in the user's terms (original positions, no internals).
  const call = function (this: unknown, ...args: unknown[]): unknown {
    try {
      return run(this, args);
    } catch (e) {
      throw withUserStack(e);
    }
  };

  Object.defineProperties(call, {
    traceCount: { get: () => traceCount },
    warnings: { get: () => monitor.warnings },
    jsFunction: { value: fn },
    pythonFunction: { value: fn },
    name: { value: name },
  });
  return Object.assign(call, {
    getConcreteFunction: (...argsOrSpecs: unknown[]) => {
      const { cf } = concrete(fixed && argsOrSpecs.length === 0 ? fixed : signatureOf(name, argsOrSpecs));
      pinned.add(cf); // the caller holds it: never dropped from the cache
      return cf;
    },
    concreteFunctions: () => [...cache.values()],
    // A plain call (no receiver): `f.callAsync(x)` would otherwise pass `f` as `this`.
    callAsync: (...args: unknown[]): Promise<unknown> => {
      const failed = (e: unknown) => Promise.reject(withUserStack(e));
      try {
        return Promise.resolve(run(undefined, args, (cf, tensors) => cf.callFlatAsync(tensors))).catch(failed);
      } catch (e) {
        return failed(e);
      }
    },
  }) as unknown as JitFunction<F>;
}

/** Checks a call against a declared inputSignature; returns the tensors to feed. */
function checkAgainst(name: string, specs: readonly TensorSpec[], args: readonly unknown[]): tf.Tensor[] {
  if (args.length !== specs.length) throw agError('api/signature-arity', { name, expected: specs.length, got: args.length });
  return specs.map((s, i) => {
    const a = args[i];
    if (!(a instanceof tf.Tensor)) {
      throw agError('api/signature-mismatch', { name, index: i, expected: s.toString(), got: a === null ? 'null' : typeof a });
    }
    if (a.isDisposed) throw agError('api/disposed-input', { name, path: `argument ${i}` });
    if (!s.accepts(a.dtype, a.shape)) {
      throw agError('api/signature-mismatch', { name, index: i, expected: s.toString(), got: `${a.dtype}${shapeToString(a.shape)}` });
    }
    return a;
  });
}

/**
 * `f`, whose Promise (an async function's, which the trace refuses) is abandoned handled: its body,
 * resumed after the trace on tensors that are gone, must not reject later and end the process.
 */
function settled(f: AnyFn): AnyFn {
  return (...args: unknown[]) => {
    const result = f(...args);
    if (result instanceof Promise) result.catch(() => {});
    return result;
  };
}
