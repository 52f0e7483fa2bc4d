// The contract of a kernel record: the facts about one tfjs kernel that more than one stage needs
// (optimizer, executors, exporters, tools), stated once: its inputs and attrs as tfjs declares them,
// and what it is. Needs nothing. Produces `KernelFacts`, `KernelInput`, `KERNEL_FAMILIES` and `KernelFamily`.

/** The one grouping of kernels used everywhere (rule files, docs/kernels.md, reports). */
export const KERNEL_FAMILIES = [
  'elementwise',
  'complex',
  'reduction',
  'matmul',
  'shape-ops',
  'indexing',
  'creation',
  'random',
  'conv',
  'nn',
  'image',
  'data-dependent',
] as const;

export type KernelFamily = (typeof KERNEL_FAMILIES)[number];

/** How a reduction-family kernel reduces. */
export type ReductionKind =
  /** A fold of float32/int32 values into a value of the same kind (Sum, Mean, Max, Min, Prod). */
  | 'numeric'
  /** A fold of bools (All, Any). */
  | 'logical'
  /** The position of an extreme value (ArgMax, ArgMin). */
  | 'index'
  /** A running fold that keeps the axis (Cumsum, Cumprod). */
  | 'scan';

/**
 * One input as tfjs passes it in runKernel's inputs map: its name (`'x'`), `'bias?'` for one that may
 * be absent, `'splits[]'` for an array of tensors under one name.
 */
export type KernelInput = string;

/** A record: the kernel's inputs and attrs (as tfjs-core's `XInputs`/`XAttrs` declare them), then its facts; facts absent from a record are false. */
export interface KernelFacts {
  /** Its inputs in declaration order, or `'variadic'`: one array of tensors (Concat, Pack, AddN, Einsum). */
  readonly inputs: readonly KernelInput[] | 'variadic';
  /** The names of the attrs it takes, in declaration order (`'leakyreluAlpha?'`: may be absent); absent: none. */
  readonly attrs?: readonly string[];
  /** Each output element is a function of the same element of the (broadcast) inputs and the attrs. */
  readonly elementwise?: true;
  /** Its two inputs can be swapped without changing a single bit of the result (CSE sorts them). */
  readonly commutative?: true;
  /** Its result is not a function of its inputs and attrs (it may draw): never folded or merged. */
  readonly nondeterministic?: true;
  /** The tfjs op expects an array of outputs from runKernel even when there is only one. */
  readonly multiOutput?: true;
  /** A reduction over axes, and of which kind. */
  readonly reduction?: ReductionKind;
  /**
   * On float32, one IEEE-754 operation (+ − × ÷, negation): every implementation computes the same
   * bits, NaN included, so tfjs-wasm's heap may be read and written by generated SIMD code.
   */
  readonly singleIeeeOp?: true;
  /**
   * Recorded by the tracer itself for an unseeded tfjs random op (no tfjs kernel runs): the only
   * kernels without a shape rule, since the draw's attrs carry its shape and dtype.
   */
  readonly drawOp?: true;
  /**
   * The exported ONNX model computes it on float32 with onnxruntime's own float32 function, so its
   * results can differ from JS's (float64, rounded once) in the last bits: `'always'` (onnxruntime
   * has no float64 kernel of it, or, for Sigmoid and Softplus, one no closer to JS or one that
   * overflows; Softmax and LogSoftmax compose such kernels), or `'numerics-float32'` (only under the
   * export's `numerics: 'float32'`; by default computed in float64 and rounded once, as tfjs's cpu
   * kernels do). Absent: exact in float32 (IEEE + − × ÷, sqrt, comparisons, rounding) or computed in
   * float64 and rounded once.
   */
  readonly onnxFloat32?: 'always' | 'numerics-float32';
  /**
   * On int32 inputs with an int32 result, tfjs-wasm's kernel gives other values than JS and tfjs's
   * cpu kernel, whatever the values: `'through-float32'` (it computes through float32, rounding
   * beyond ±2^24), `'saturates'` (where JS wraps), `'exact'` (where tfjs's cpu kernel rounds
   * through float32). Cast, RealDiv and Multiply differ only on some values (src/exec/wasm-int32.ts).
   */
  readonly wasmInt32?: 'through-float32' | 'saturates' | 'exact';
}
