// The contract both exporters' rules read: one kernel invocation (an IR node, or one step of a
// Fused node) with the target format's references of its inputs, their types, the names tfjs
// passed them under, the attrs and the output types, and the by-name input lookups written once.
// Needs the IR types and the kernel records. Produces `KernelCall`, `KernelCallParts`, `kernelCall`.

import { inputPosition, type KernelInputName } from '../ir/kernels/index.js';
import type { TensorType } from '../ir/types.js';

/** What an exporter knows of one kernel invocation. */
export interface KernelCallParts {
  /** The tfjs kernel name. */
  readonly op: string;
  /** The target format's references of the inputs, in order (ONNX value names; GraphModel `node` or `node:k`). */
  readonly inputs: readonly string[];
  readonly inputTypes: readonly TensorType[];
  /** The names tfjs passed the inputs under (x, a, b, filter …; '0', '1' … for array inputs). */
  readonly inputNames: readonly string[];
  readonly attrs: Readonly<Record<string, unknown>>;
  readonly outputTypes: readonly TensorType[];
  /** The values of inputs that are constants of the graph (undefined for the others), where known. */
  readonly constants?: readonly (ArrayLike<number> | undefined)[];
}

/** A kernel invocation with its inputs looked up by the names tfjs passed them under (a name no record gives does not compile). */
export interface KernelCall extends KernelCallParts {
  /** The reference of the input passed as `name` (when names are missing: at `name`'s place in the kernel's record); fails when absent. */
  input(name: KernelInputName): string;
  /** The reference of the input passed as `name`, or undefined (optional inputs such as a bias). */
  optionalInput(name: KernelInputName): string | undefined;
  /** The type of the input passed as `name` (found as `input` finds it), or at that index; fails when absent. */
  typeOf(name: KernelInputName | number): TensorType;
}

/**
 * `parts` with the lookups; `fail` throws the exporter's own "cannot export" error with `detail`.
 * The extra fields of `parts` (ONNX's output names, numerics) are kept.
 */
export function kernelCall<P extends KernelCallParts>(parts: P, fail: (detail: string) => never): P & KernelCall {
  const place = (name: KernelInputName | number): number => {
    if (typeof name === 'number') return name;
    const i = parts.inputNames.indexOf(name);
    return i >= 0 ? i : Math.max(inputPosition(parts.op, name), 0);
  };
  return {
    ...parts,
    input: (name) => parts.inputs[place(name)] ?? fail(`input '${name}' is missing`),
    optionalInput: (name) => {
      const i = parts.inputNames.indexOf(name);
      return i < 0 ? undefined : parts.inputs[i];
    },
    typeOf: (name) => parts.inputTypes[place(name)] ?? fail(`input '${String(name)}' is missing`),
  };
}
