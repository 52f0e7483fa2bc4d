// GLSL code of a Fused node's elementwise steps (src/ir/fused.ts): one function per step (its
// kernel's rule from rules.ts with the attrs baked in) and one `float` per step in the shader's
// main, each operand a node input (read by an expression the caller gives) or an earlier step's
// result. Values are floats throughout; a step whose dtype is int32 is truncated toward zero, as
// tfjs's int32 kernels produce integers. Needs the rules and the elementwise kernel table.
// Produces `stepsCode`, `stepsProblem`, `StepsCode`.

import type { FusedStep } from '../../../ir/fused.js';
import { elementwiseKernel } from '../../../opt/elementwise-kernels.js';
import { stepOperands } from '../fused-parts.js';
import { glslRule } from './rules.js';

/** Why these steps (from `first` on) cannot be GLSL, or undefined when they can. */
export function stepsProblem(steps: readonly FusedStep[], first = 0): string | undefined {
  for (const s of steps.slice(first)) {
    if (!glslRule(s.op) || !elementwiseKernel(s.op)) return `${s.op} has no GLSL rule`;
    if (s.dtype !== 'float32' && s.dtype !== 'int32' && s.dtype !== 'bool') return `${s.op} makes ${s.dtype}`;
  }
  return undefined;
}

export interface StepsCode {
  /** The step functions, at the shader's top level. */
  readonly functions: string;
  /** The statements computing every step, in main. */
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
    const operands = stepOperands(s, inputs, operand, first, head);
    const params = operands.map((_, j) => `float ${'abc'[j]}`).join(', ');
    functions.push(`float agStep${k}(${params}) {\n  ${glslRule(s.op)!(s.attrs)}\n}`);
    const call = `agStep${k}(${operands.join(', ')})`;
    body.push(`float r${k} = ${s.dtype === 'int32' ? `trunc(${call})` : call};`);
  }
  const result = steps.length > first ? `r${steps.length - 1}` : head;
  return { functions: functions.join('\n'), body: body.join('\n    '), result };
}
