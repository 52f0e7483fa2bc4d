// `jit(fn, opts)`, the analogue of tf.function: checks the options, and wires the function's trace
// cache (TraceCache: traces by signature, LRU bound, retracing warnings) to its call dispatcher
// (JitCall: call keys, inlining inside another trace, the eager fallback, callAsync); the tracing
// of one signature (traceFunction into a ConcreteFunction) is here. Needs trace-function,
// signature, concrete-function, trace-cache, jit-call, jit-gradient. Produces `jit`,
// `JitFunction`, `JitOptions`, `runFunctionsEagerly`.

import * as tf from '@tensorflow/tfjs-core';
import { agError } from '../errors/catalogue.js';
import { log, warn } from '../platform/log.js';
import { leftAsWritten, signatureText, traceReport } from './trace-report.js';
import { traceFunction } from '../trace/trace-function.js';
import { ConcreteFunction, type ExecutorName, type SpecArgs } from './concrete-function.js';
import { signatureOf, type Signature } from './signature.js';
import type { TensorSpec } from './tensor-spec.js';
import { toGraph } from './to-graph.js';
import { paramNames } from './param-names.js';
import { traceWarnings } from './trace-warnings.js';
import { originalOf } from '../runtime/do-not-convert.js';
import { deepStacks } from './user-stack.js';
import { differentiableCall, tapeRecording } from './jit-gradient.js';
import { DEFAULT_MAX_TRACES, TraceCache } from './trace-cache.js';
import { JitCall } from './jit-call.js';
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
  if (value !== undefined && !allowed.includes(value))
    throw agError('api/bad-option', { option, got: JSON.stringify(value) ?? String(value), expected });
}

export { DEFAULT_MAX_TRACES } from './trace-cache.js';
export { MAX_INLINE_DEPTH, runFunctionsEagerly } from './jit-call.js';

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
export function jit<F extends AnyFn>(
  fn: F,
  opts: JitOptions & { readonly onSymbolicRead: 'eager' },
): JitFunction<F, Staged<ReturnType<F>> | ReturnType<F>>;
export function jit<F extends AnyFn>(fn: F, opts?: JitOptions): JitFunction<F>;
export function jit<F extends AnyFn>(fn: F, opts: JitOptions = {}): JitFunction<F> {
  if (typeof fn !== 'function') throw agError('api/not-a-function', { what: 'jit', got: typeof fn });
  const name = opts.name ?? (fn.name || 'fn');
  const source = sourceOf(fn, name, opts);
  const fixed = opts.inputSignature
    ? { specs: opts.inputSignature, sig: signatureOf(name, [...opts.inputSignature]) }
    : undefined;
  checkOption('onSymbolicRead', opts.onSymbolicRead, ['error', 'eager'], "'error' or 'eager'");
  checkOption('onnxruntime.numerics', opts.onnxruntime?.numerics, ['exact', 'float32'], "'exact' or 'float32'");
  checkOption('relaxedSimd', opts.relaxedSimd, [true, false], 'true or false');
  checkOption('numerics', opts.numerics, ['exact', 'fast'], "'exact' or 'fast'");
  const warnUser = opts.onWarning ?? warn;
  const executor = executorOption(opts, warnUser) ?? 'compiled';
  const trace = tracer(fn, name, opts, executor, warnUser, source);
  const cache = new TraceCache({
    name,
    maxTraces: opts.maxTraces ?? DEFAULT_MAX_TRACES,
    onWarning: opts.onWarning,
    trace,
  });
  const calls = new JitCall({
    name,
    cache,
    convert: source.convert,
    required: fn.length,
    inputSignature: fixed,
    onSymbolicRead: opts.onSymbolicRead,
    warnUser,
    // Under tf.grad & co. a call is recorded on the gradient tape (its gradient is another jit function).
    runTrace: (cf, tensors) =>
      tapeRecording()
        ? differentiableCall(cf, tensors, source.bound(cf.signature.thisArg), opts)
        : cf.callFlat(tensors),
  });
  const call = function (this: unknown, ...args: unknown[]): unknown {
    return calls.call(this, args);
  };
  Object.defineProperties(call, {
    traceCount: { get: () => cache.traceCount },
    warnings: { get: () => cache.warnings },
    jsFunction: { value: fn },
    pythonFunction: { value: fn },
    name: { value: name },
  });
  return Object.assign(call, {
    getConcreteFunction: (...argsOrSpecs: unknown[]) =>
      cache.pin(fixed && argsOrSpecs.length === 0 ? fixed.sig : signatureOf(name, argsOrSpecs)),
    concreteFunctions: () => cache.all(),
    // A plain call (no receiver): `f.callAsync(x)` would otherwise pass `f` as `this`.
    callAsync: (...args: unknown[]): Promise<unknown> => calls.callAsync(args),
  }) as unknown as JitFunction<F>;
}

/** The function a jit function traces, converted on first use, and its parameter names. */
interface Source {
  /** The converted function (so a jit function can be made before its free variables exist). */
  readonly convert: () => AnyFn;
  /** The converted function called on the receiver of the call (`m.j(x)` with `m.j = jit(m.f)`). */
  readonly bound: (self: unknown) => AnyFn;
  /** The parameters of the user's function (through toGraph's wrapper, the original's). */
  readonly names: () => (string | undefined)[];
}

function sourceOf(fn: AnyFn, name: string, opts: JitOptions): Source {
  let converted: AnyFn | undefined;
  const convert = (): AnyFn =>
    (converted ??= opts.autograph === false ? leftAsWritten(fn, name) : (toGraph(fn, { scope: opts.scope }) as AnyFn));
  let params: (string | undefined)[] | undefined;
  return {
    convert,
    bound: (self) => (self === undefined ? convert() : (...a: unknown[]) => convert().apply(self, a)),
    names: () => (params ??= paramNames((originalOf(fn) as AnyFn | undefined) ?? fn)),
  };
}

/** Makes one trace of `fn` for a signature (the trace cache's `trace`): the graph, its warnings, its ConcreteFunction. */
function tracer(
  fn: AnyFn,
  name: string,
  opts: JitOptions,
  executor: ExecutorName,
  warnUser: (m: string) => void,
  source: Source,
) {
  return (sig: Signature, traceCount: number): ConcreteFunction => {
    const started = performance.now();
    const { graph, output } = deepStacks(() =>
      traceFunction(name, settled(source.bound(sig.thisArg)), sig.flat, sig.leaves, {
        allowVariableCreation: traceCount === 0,
        paramNames: source.names(),
      }),
    );
    const traced = performance.now();
    for (const m of traceWarnings(graph, tf.getBackend(), executor)) warnUser(m);
    const code = async () => (await import('./code-info.js')).codeOf(fn, opts.autograph !== false);
    const cf = new ConcreteFunction({
      name,
      graph,
      signature: sig,
      output,
      executor,
      onnx: opts.onnxruntime,
      code,
      relaxedSimd: opts.relaxedSimd,
      numerics: opts.numerics,
    });
    log(2, () =>
      traceReport(cf, signatureText(sig, source.names()), traceCount + 1, traced - started, performance.now() - traced),
    );
    return cf;
  };
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
