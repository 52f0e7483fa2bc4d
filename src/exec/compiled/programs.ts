// Elementwise programs of graph nodes, shared by the generator and its targets: a node's program
// (one step per kernel of a Fused node, or the node itself), whether the compiled element rules
// apply, which inputs a loop over the output can take, full reductions and the producers deferred
// into them, and scalar programs as straight-line JS on numbers (on every backend scalars are JS
// numbers). Needs the IR, the emitter and scalar-rules. Produces `programOf`, `elementOk`,
// `elementProgram`, `loopable`, `isFullReduction`, `Deferred`, `scalarProgram`, `stored`.

import type { Node, Value } from '../../ir/graph.js';
import type { DType } from '../../ir/types.js';
import { sizeOf } from '../../ir/types.js';
import type { FusedStep } from '../../ir/fused.js';
import { FUSED_OP } from '../../ir/fused.js';
import { kernelOf, type KernelName } from '../../ir/kernels/index.js';
import { elementRule, firstArgDTypes, hasElementRule, isRelabel, stepStore, storeAs } from './scalar-rules.js';
import { isNum, valueName, type Emitter, type Slot } from './emitter.js';

/** An elementwise node emitted inside the loop of the reduction that consumes it. */
export interface Deferred {
  readonly node: Node;
  readonly program: readonly FusedStep[];
  readonly ins: Slot[];
}

/**
 * Straight-line scalar code for a program; returns the result expression (a new const). `inputs`:
 * the node's input dtypes; off the cpu backend (tfjs-wasm's Cast rounds) no Cast relabels.
 */
export function scalarProgram(
  em: Emitter,
  steps: readonly FusedStep[],
  args: readonly string[],
  o: Value,
  inputs: readonly DType[],
  cpu: boolean,
): string {
  const vals = [...args];
  const firsts = cpu ? firstArgDTypes(steps, inputs) : steps.map(() => undefined);
  steps.forEach((s, k) => {
    const rule = elementRule(s.op)!;
    const name = em.fresh('s');
    em.line(
      `const ${name} = ${stored(
        s,
        firsts[k],
        rule.expr(
          s.args.map((a) => vals[a]!),
          s.attrs,
        ),
      )};`,
    );
    vals.push(name);
  });
  const result = valueName(o);
  em.line(`const ${result} = ${vals[vals.length - 1]};`);
  return result;
}

/** `expr` as the cpu backend holds a step's result (a relabelling Cast leaves it as it is). */
export function stored(s: FusedStep, first: DType | undefined, expr: string): string {
  return isRelabel(s.op, s.attrs, first) ? expr : storeAs(stepStore(s.op, s.attrs, s.dtype, first), expr);
}

/**
 * Inputs are numbers, size-1 tensors, tensors of the output's shape, or rows that broadcast along
 * the leading axes (their shape, without leading ones, is the output's trailing axes: a bias).
 */
export function loopable(node: Node): boolean {
  const o = node.outputs[0]!;
  const n = sizeOf(o.shape);
  if (n < 0 || o.dtype === 'string' || o.dtype === 'complex64') return false;
  return node.inputs.every(
    (v) =>
      isNum(v) ||
      sizeOf(v.shape) === 1 ||
      (v.shape.length === o.shape.length && v.shape.every((d, i) => d === o.shape[i])) ||
      isTrailingRow(v.shape, o.shape),
  );
}

/** `shape` without its leading ones is a proper suffix of `out` (known sizes). */
function isTrailingRow(shape: readonly number[], out: readonly number[]): boolean {
  let from = 0;
  while (from < shape.length && shape[from] === 1) from++;
  const rest = shape.slice(from);
  if (rest.length === 0 || rest.length >= out.length || !rest.every((d) => d > 0)) return false;
  return rest.every((d, i) => d === out[out.length - rest.length + i]);
}

/** The elementwise program of a Fused node, or of a single elementwise kernel. */
export function programOf(node: Node): readonly FusedStep[] {
  if (node.op === FUSED_OP) return node.attrs.steps as FusedStep[];
  const o = node.outputs[0]!;
  return [
    {
      op: node.op as KernelName,
      args: node.inputs.map((_, i) => i),
      attrs: node.attrs,
      argNames: node.inputNames,
      dtype: o.dtype,
      shape: o.shape,
    },
  ];
}

/** A reduction of a float32/int32 tensor over all its axes to a scalar (no keepDims). */
export function isFullReduction(node: Node): boolean {
  if (kernelOf(node.op)?.reduction !== 'numeric' || node.inputs.length !== 1) return false;
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  const n = sizeOf(x.shape);
  if (o.shape.length !== 0 || x.shape.length === 0 || n <= 0) return false;
  if (x.dtype !== 'float32' && x.dtype !== 'int32') return false;
  // Sum/Prod of int32 keep int32; Mean is float32; Max/Min keep the dtype.
  return node.op === 'Mean' ? o.dtype === 'float32' && x.dtype === 'float32' : o.dtype === x.dtype;
}

/** Elementwise rules apply only where the cpu kernel stores into the output dtype's array. */
export function elementOk(op: string, dtype: DType): boolean {
  const rule = elementRule(op);
  if (!rule) return false;
  if (dtype !== 'float32' && dtype !== 'int32' && dtype !== 'bool') return false;
  return !rule.storesAs || rule.storesAs === dtype;
}

/** The node's elementwise program where every step has an exact element rule, else undefined. */
export function elementProgram(node: Node): readonly FusedStep[] | undefined {
  const steps = node.op === FUSED_OP ? (node.attrs.steps as FusedStep[]) : undefined;
  const ok = steps
    ? steps.every((s) => elementOk(s.op, s.dtype))
    : hasElementRule(node.op) && elementOk(node.op, node.outputs[0]!.dtype);
  return ok ? (steps ?? programOf(node)) : undefined;
}
