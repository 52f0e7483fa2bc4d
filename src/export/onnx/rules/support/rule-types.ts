// The contract of a per-kernel ONNX rule, `(b, k) => void`: given the builder and one kernel call (the
// shared contract of export/kernel-call.ts plus the names it must define and the export's numerics),
// emit ONNX nodes that define the call's pre-named outputs (so a rule returns nothing, where a
// GraphModel rule returns the refs it made). Needs the IR types, the kernel-call contract and the
// builder. Produces `KernelCall`, `OnnxRule`, `OnnxRuleTable`, `OnnxNumerics` and helpers.

import type { KernelInputName, KernelTable } from '../../../../ir/kernels/index.js';
import type { KernelCall as SharedKernelCall } from '../../../kernel-call.js';
import type { DType, TensorType } from '../../../../ir/types.js';
import type { OnnxGraphBuilder } from '../../onnx-builder.js';
import { OnnxExportError } from '../../onnx-errors.js';

/**
 * How the model computes float32 Exp, Log, Sin, Cos, Tanh, Pow and Rsqrt. `'exact'`: in float64,
 * rounded once to float32, as JS and tfjs's cpu kernels do (the model equals JS bit for bit; 2–19×
 * slower per kernel in onnxruntime). `'float32'`: with onnxruntime's own float32 kernels (the form a
 * float32 model deployed for speed has; results can differ from JS in the last bits, and the export
 * warns `export/onnx-differs-at-edges` naming these kernels).
 */
export type OnnxNumerics = 'exact' | 'float32';

/**
 * One kernel invocation as an ONNX rule sees it: the shared contract (export/kernel-call.ts) with
 * ONNX value names as input references, plus the names the rule must define and the export's numerics.
 */
export interface KernelCall extends SharedKernelCall {
  /** ONNX names the rule must define, one per kernel output. */
  readonly outputs: readonly string[];
  /** The export's numerics for the float32 transcendental kernels (absent: 'exact'). */
  readonly numerics?: OnnxNumerics;
}

/** Whether `k` computes a float32 input with onnxruntime's float32 kernel (`numerics: 'float32'`). */
export function inFloat32Numerics(k: KernelCall, input: Arg): boolean {
  return k.numerics === 'float32' && input.dtype === 'float32';
}

/** Is input `i` a constant whose every value passes `test`? */
export function constantWhere(k: KernelCall, i: number, test: (v: number) => boolean): boolean {
  const values = k.constants?.[i];
  return values !== undefined && Array.from(values).every((v) => test(Number(v)));
}

/** Emits the ONNX nodes of one kernel call; throws OnnxExportError for what ONNX cannot express. */
export type OnnxRule = (b: OnnxGraphBuilder, k: KernelCall) => void;

/** ONNX rules keyed by kernel name: a misspelled name does not compile. */
export type OnnxRuleTable = KernelTable<OnnxRule>;

export interface Arg extends TensorType {
  readonly name: string;
}

/** The input tfjs passed as `name`, or undefined when absent (optional inputs such as a bias). */
export function optionalArg(k: KernelCall, name: KernelInputName): Arg | undefined {
  const ref = k.optionalInput(name);
  return ref === undefined ? undefined : arg(k, name);
}

/** The input tfjs passed as `name` (or, when names are missing, the one at `name`'s place in the kernel's record). */
export function arg(k: KernelCall, name: KernelInputName): Arg {
  const t = k.typeOf(name);
  return { name: k.input(name), dtype: t.dtype, shape: t.shape };
}

/** All inputs in order (array-input kernels: Concat, Pack, AddN …). */
export function args(k: KernelCall): Arg[] {
  return k.inputs.map((name, i) => ({ name, dtype: k.inputTypes[i]!.dtype, shape: k.inputTypes[i]!.shape }));
}

export function out(k: KernelCall, i = 0): string {
  return k.outputs[i]!;
}

export function outType(k: KernelCall, i = 0): TensorType {
  return k.outputTypes[i]!;
}

/** A tfjs axis attr (number, list or null) as non-negative axes of a rank-`rank` tensor. */
export function axesOf(axis: unknown, rank: number): number[] {
  if (axis == null) return [...Array(rank).keys()];
  const list = (Array.isArray(axis) ? axis : [axis]) as number[];
  return list.map((a) => {
    const n = a < 0 ? a + rank : a;
    if (!Number.isInteger(n) || n < 0 || n >= Math.max(rank, 1))
      throw new OnnxExportError(`axis ${a} is out of range for rank ${rank}`);
    return n;
  });
}

/** The static shape, or an error naming what needs it. */
export function knownShape(t: TensorType, what: string): number[] {
  if (t.shape.some((d) => d < 0))
    throw new OnnxExportError(
      `${what} needs a shape known at trace time, got [${t.shape.map((d) => (d < 0 ? '?' : d)).join(',')}]`,
    );
  return [...t.shape];
}

export function isFloat(dtype: DType): boolean {
  return dtype === 'float32';
}

/** Writes `name` into the kernel output `i`, casting to the output dtype when `from` differs. */
export function finish(b: OnnxGraphBuilder, k: KernelCall, name: string, from: DType, i = 0): void {
  b.cast(name, from, k.outputTypes[i]!.dtype, k.outputs[i]);
}
