// Typed-array loops of generated code: scalar elementwise programs as straight-line JS, elementwise
// programs over cpu tensors as one loop into a reused buffer, and full reductions as one loop (over
// an elementwise producer whose only consumer they are). Needs the emitter and scalar-rules.
// Produces `scalarProgram`, `loopable`, `loopProgram`, `reduction`, `programOf`, `isFullReduction`, `elementOk`.

import type { Node, Value } from '../../../ir/graph.js';
import type { DType } from '../../../ir/types.js';
import { sizeOf } from '../../../ir/types.js';
import type { FusedStep } from '../../../ir/fused.js';
import { FUSED_OP } from '../../../ir/fused.js';
import { kernelOf, type KernelName } from '../../../ir/kernels/index.js';
import { elementRule, firstArgDTypes, isRelabel, stepStore, storeAs } from '../../compiled/scalar-rules.js';
import { elementsOf, isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';

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
export function scalarProgram(em: Emitter, steps: readonly FusedStep[], args: readonly string[], o: Value, inputs: readonly DType[], cpu: boolean): string {
  const vals = [...args];
  const firsts = cpu ? firstArgDTypes(steps, inputs) : steps.map(() => undefined);
  steps.forEach((s, k) => {
    const rule = elementRule(s.op)!;
    const name = em.fresh('s');
    em.line(`const ${name} = ${stored(s, firsts[k], rule.expr(s.args.map((a) => vals[a]!), s.attrs))};`);
    vals.push(name);
  });
  const result = valueName(o);
  em.line(`const ${result} = ${vals[vals.length - 1]};`);
  return result;
}

/** `expr` as the cpu backend holds a step's result (a relabelling Cast leaves it as it is). */
function stored(s: FusedStep, first: DType | undefined, expr: string): string {
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
  return node.inputs.every((v) => isNum(v) || sizeOf(v.shape) === 1 || (v.shape.length === o.shape.length && v.shape.every((d, i) => d === o.shape[i])) || isTrailingRow(v.shape, o.shape));
}

/** `shape` without its leading ones is a proper suffix of `out` (known sizes). */
function isTrailingRow(shape: readonly number[], out: readonly number[]): boolean {
  let from = 0;
  while (from < shape.length && shape[from] === 1) from++;
  const rest = shape.slice(from);
  if (rest.length === 0 || rest.length >= out.length || !rest.every((d) => d > 0)) return false;
  return rest.every((d, i) => d === out[out.length - rest.length + i]);
}

/** The loop's output buffer and its site (the value is made a tensor where one is needed). */
export function loopProgram(em: Emitter, steps: readonly FusedStep[], node: Node, ins: readonly Slot[], heldAs?: DType): { name: string; site: number } {
  const o = node.outputs[0]!;
  const n = sizeOf(o.shape);
  const site = em.sites++;
  const buf = em.fresh('b');
  const last = steps[steps.length - 1]!;
  // The buffer is of the array the cpu kernel stores into (a relabelling Cast keeps its input's).
  // (`heldAs`: on the wasm backend, whose tensors hold their dtype's array: a Cast to float32 rounds)
  const storage = heldAs ?? stepStore(last.op, last.attrs, o.dtype, firstArgDTypes(steps, node.inputs.map((v) => v.dtype))[steps.length - 1]);
  em.line(`const ${buf} = H.buffer(${site}, '${storage}', ${n});`);
  const setup: string[] = [];
  const elems = node.inputs.map((v, i) => elementOf(em, v, ins[i]!, n, setup));
  for (const l of setup) em.line(l);
  em.open(`for (let i = 0; i < ${n}; i++) {`);
  const vals = [...elems];
  const firsts = firstArgDTypes(steps, node.inputs.map((v) => v.dtype));
  steps.forEach((s, k) => {
    const rule = elementRule(s.op)!;
    const e = rule.expr(s.args.map((a) => vals[a]!), s.attrs);
    if (k === steps.length - 1) {
      em.line(`${buf}[i] = ${e};`);
    } else {
      const name = em.fresh('s');
      em.line(`const ${name} = ${stored(s, firsts[k], e)};`);
      vals.push(name);
    }
  });
  em.close();
  return { name: buf, site };
}

/** A full reduction (Sum/Mean/Max/Min/Prod to a scalar) as one loop, over a deferred producer if any. */
export function reduction(em: Emitter, node: Node, input: Slot | undefined, producer: Deferred | undefined): string {
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  const n = sizeOf(x.shape);
  const acc = em.fresh('acc');
  const elem = em.fresh('x');
  const setup: string[] = [];
  let element: string;
  let loopBody: string[] = [];
  if (producer) {
    const { node: p, program, ins } = producer;
    const elems = p.inputs.map((v, i) => elementOf(em, v, ins[i]!, n, setup));
    const vals = [...elems];
    const firsts = firstArgDTypes(program, p.inputs.map((v) => v.dtype));
    program.forEach((st, k) => {
      const rule = elementRule(st.op)!;
      const name = em.fresh('s');
      loopBody.push(`const ${name} = ${stored(st, firsts[k], rule.expr(st.args.map((a) => vals[a]!), st.attrs))};`);
      vals.push(name);
    });
    element = vals[vals.length - 1]!;
  } else {
    const arr = em.fresh('a');
    setup.push(`const ${arr} = ${elementsOf(input!)};`);
    element = `${arr}[i]`;
    loopBody = [];
  }
  for (const l of setup) em.line(l);
  const init = node.op === 'Sum' || node.op === 'Mean' ? '0' : node.op === 'Prod' ? '1' : 'NaN';
  em.line(`let ${acc} = ${init};`);
  em.open(`for (let i = 0; i < ${n}; i++) {`);
  for (const l of loopBody) em.line(l);
  em.line(`const ${elem} = ${element};`);
  switch (node.op) {
    case 'Sum':
      em.line(`${acc} += ${elem};`);
      break;
    case 'Mean': // the cpu kernel divides each element (stored as float32) and then sums
      em.line(`${acc} += Math.fround(${elem} / ${n});`);
      break;
    case 'Prod':
      em.line(`${acc} *= ${elem};`);
      break;
    case 'Max':
      em.line(`if (i === 0 || ${elem} !== ${elem} || ${elem} > ${acc}) ${acc} = ${elem};`);
      break;
    case 'Min':
      em.line(`if (i === 0 || ${elem} !== ${elem} || ${elem} < ${acc}) ${acc} = ${elem};`);
      break;
  }
  em.close();
  const result = valueName(o);
  em.line(`const ${result} = ${storeAs(o.dtype, acc)};`);
  return result;
}

/** One element of input `v` in a loop over `n` elements (scalars and size-1 tensors broadcast). */
export function elementOf(em: Emitter, v: Value, slot: Slot, n: number, setup: string[]): string {
  if (isNum(v)) return slot.expr;
  const arr = em.fresh('a');
  setup.push(`const ${arr} = ${elementsOf(slot)};`);
  const m = sizeOf(v.shape);
  if (m === 1 && n !== 1) {
    const e = em.fresh('e');
    setup.push(`const ${e} = ${arr}[0];`);
    return e;
  }
  return m === n ? `${arr}[i]` : `${arr}[i % ${m}]`; // a row broadcast along leading axes (loopable)
}

/** The elementwise program of a Fused node, or of a single elementwise kernel. */
export function programOf(node: Node): readonly FusedStep[] {
  if (node.op === FUSED_OP) return node.attrs.steps as FusedStep[];
  const o = node.outputs[0]!;
  return [{ op: node.op as KernelName, args: node.inputs.map((_, i) => i), attrs: node.attrs, argNames: node.inputNames, dtype: o.dtype, shape: o.shape }];
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

