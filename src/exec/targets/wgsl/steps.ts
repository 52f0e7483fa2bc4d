// WGSL code of a Fused node's elementwise steps (src/ir/fused.ts): one function per step (its
// kernel's rule from rules.ts with the attrs baked in) and one `let` per step in the shader's main,
// each operand a node input (read by an expression the caller gives) or an earlier step's result.
// Values are f32 throughout; a step whose dtype is int32 is wrapped as a store into an Int32Array
// wraps, and a NaN operand gives NaN (a select around the rule) unless IEEE arithmetic already
// carries it or the kernel's rule decides (rules.ts IEEE_NAN, OWN_NAN). Needs the rules and the elementwise kernel table.
// Produces `stepsCode`, `stepsProblem`, `programKey`, `operandsOf`, `constantUniforms`.

import type { FusedStep } from '../../../ir/fused.js';
import { elementwiseKernel, type ElementwiseKernelName } from '../../../opt/elementwise-kernels.js';
import type { Node } from '../../../ir/graph.js';
import { OP } from '../../../ir/ops.js';
import { stepOperands } from '../fused-parts.js';
import { IEEE_NAN, OWN_NAN, wgslRule } from './rules.js';

/**
 * JS's ToInt32 of an f32 (what an Int32Array store does): NaN and ±∞ give 0, larger values wrap
 * modulo 2³² — from the float's bits, exactly — as an f32 again (exact up to 2²⁴, as in tfjs-webgpu).
 */
const TO_INT32 = `fn toInt32(x : f32) -> f32 {
  if (isnan(x) || isinf(x)) { return 0.0; }
  let t = trunc(x);
  if (abs(t) < 2147483648.0) { return t; }
  let bits = bitcast<u32>(t);
  let e = i32((bits >> 23u) & 255u) - 150;
  if (e >= 32) { return 0.0; }
  var m = ((bits & 8388607u) | 8388608u) << u32(e);
  if (t < 0.0) { m = ~m + 1u; }
  return f32(bitcast<i32>(m));
}`;

/** Why these steps (from `first` on) cannot be WGSL, or undefined when they can. */
export function stepsProblem(steps: readonly FusedStep[], first = 0): string | undefined {
  for (const s of steps.slice(first)) {
    if (!wgslRule(s.op) || !elementwiseKernel(s.op)) return `${s.op} has no WGSL rule`;
    if (s.dtype !== 'float32' && s.dtype !== 'int32' && s.dtype !== 'bool') return `${s.op} makes ${s.dtype}`;
  }
  return undefined;
}

/**
 * The inputs a program binds as buffers, and the scalar constants it takes as uniforms instead (a
 * Const node's single value: no buffer, one uniform load). Not literals: a compiler that sees the
 * value may fold `x * 0` to 0 or reassociate an overflow away. `keep` inputs are always bound.
 */
export function operandsOf(
  node: Node,
  keep = 0,
): { readonly bound: readonly number[]; readonly constants: ReadonlyMap<number, number> } {
  const bound: number[] = [];
  const constants = new Map<number, number>();
  node.inputs.forEach((v, i) => {
    const values = v.node?.op === OP.Const && i >= keep ? v.node.options.values : undefined;
    if (values && values.length === 1 && typeof values[0] === 'number') constants.set(i, values[0]);
    else bound.push(i);
  });
  return { bound, constants };
}

/** The uniforms declaration and values for `constants` (`uniforms.c<i>` in the code). */
export function constantUniforms(constants: ReadonlyMap<number, number>): {
  readonly declaration?: string;
  readonly values: { type: string; data: number[] }[];
} {
  if (constants.size === 0) return { values: [] };
  return {
    declaration: [...constants.keys()].map((i) => `c${i} : f32,`).join(' '),
    values: [...constants.values()].map((v) => ({ type: 'float32', data: [v] })),
  };
}

/** A key naming the program's arithmetic (ops, operands, attrs, dtypes) for tfjs's pipeline cache. */
export function programKey(steps: readonly FusedStep[]): string {
  return steps.map((s) => `${s.op}(${s.args.join(',')})${s.dtype}${JSON.stringify(s.attrs)}`).join(';');
}

export interface StepsCode {
  /** The step functions, at module scope. */
  readonly functions: string;
  /** The `let` statements computing every step, in main. */
  readonly body: string;
  /** The expression of the last step's value. */
  readonly result: string;
}

/**
 * Code for `steps` from `first` on: operand `i` below `inputs` is `operand(i)`; operand
 * `inputs + k` is step k's value (`head` for the steps before `first`, e.g. a matMul's sum).
 */
export function stepsCode(
  steps: readonly FusedStep[],
  inputs: number,
  operand: (i: number) => string,
  first = 0,
  head = '',
): StepsCode {
  const functions: string[] = [];
  const body: string[] = [];
  for (let k = first; k < steps.length; k++) {
    const s = steps[k]!;
    const args = stepOperands(s, inputs, operand, first, head);
    const names = args.map((_, j) => 'abc'[j]!);
    const params = names.map((n) => `${n} : f32`).join(', ');
    const op = s.op as ElementwiseKernelName;
    if (OWN_NAN.has(op) || IEEE_NAN.has(op))
      functions.push(`fn step${k}(${params}) -> f32 {\n  ${wgslRule(op)!(s.attrs)}\n}`);
    else {
      // a NaN operand gives NaN: a select, not a branch
      functions.push(`fn rule${k}(${params}) -> f32 {\n  ${wgslRule(op)!(s.attrs)}\n}`);
      const nan = names.map((n) => `isnan(${n})`).join(' || ');
      functions.push(
        `fn step${k}(${params}) -> f32 {\n  return select(rule${k}(${names.join(', ')}), uniforms.NAN, ${nan});\n}`,
      );
    }
    const call = `step${k}(${args.join(', ')})`;
    body.push(`let r${k} = ${s.dtype === 'int32' ? `toInt32(${call})` : call};`);
  }
  const result = steps.length > first ? `r${steps.length - 1}` : head;
  if (steps.slice(first).some((s) => s.dtype === 'int32')) functions.unshift(TO_INT32);
  return { functions: functions.join('\n'), body: body.join('\n    '), result };
}
