// A Fused node of elementwise steps as one GLSL program: one fragment per output element reads each
// input at its (broadcast) position with tfjs-webgl's `getX<i>AtOutCoords()` samplers, computes
// every step in registers and writes only the result — one program for the whole chain, where eager
// tfjs-webgl (and the interpreter) runs one per kernel and writes every intermediate to a texture.
// The user code does not depend on the shapes (tfjs's samplers do, and tfjs keys its binaries by
// both), so an output shape unknown when traced is taken from the inputs at run time.
// Needs the IR, steps.ts, program.ts. Produces `elementwiseProgram`, `elementwiseProblem`,
// `chainUserCode`.

import * as tf from '@tensorflow/tfjs-core';
import type { Node } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { isKnownShape } from '../../../ir/types.js';
import { GLSL_PRELUDE, MAX_INPUTS, type GpgpuProgramLike } from './program.js';
import { stepsCode, stepsProblem } from './steps.js';

/** tfjs-webgl's coordinates go up to rank 6. */
export const MAX_RANK = 6;

/** Why `node` (a Fused node of elementwise steps) cannot be one GLSL program, or undefined. */
export function elementwiseProblem(node: Node): string | undefined {
  const steps = node.attrs.steps as readonly FusedStep[];
  const out = node.outputs[0]!;
  if (node.inputs.length > MAX_INPUTS)
    return `${node.inputs.length} inputs (a WebGL program here samples at most ${MAX_INPUTS} textures)`;
  if (out.shape.length > MAX_RANK) return `rank ${out.shape.length} (tfjs-webgl's programs go up to rank ${MAX_RANK})`;
  if (node.inputs.some((v) => v.shape.length > out.shape.length)) return 'an input of higher rank than the result';
  return stepsProblem(steps);
}

/** The user code of a chain of `steps` over `inputs` inputs: the prelude, a function per step, and main. */
export function chainUserCode(steps: readonly FusedStep[], inputs: number): string {
  const code = stepsCode(steps, inputs, (i) => `x${i}`);
  const reads = Array.from({ length: inputs }, (_, i) => `float x${i} = getX${i}AtOutCoords();`).join('\n    ');
  return `${GLSL_PRELUDE}
${code.functions}
void main() {
    ${reads}
    ${code.body}
    setOutput(${code.result});
}`;
}

/** The program computing `node` (checked by `elementwiseProblem`), given its inputs' shapes. */
export function elementwiseProgram(node: Node): (shapes: readonly (readonly number[])[]) => GpgpuProgramLike {
  const variableNames = node.inputs.map((_, i) => `X${i}`);
  const userCode = chainUserCode(node.attrs.steps as readonly FusedStep[], node.inputs.length);
  const traced = node.outputs[0]!.shape;
  if (isKnownShape(traced)) {
    const program: GpgpuProgramLike = { variableNames, outputShape: [...traced], userCode };
    return () => program;
  }
  // the broadcast of the inputs' shapes (an elementwise result's shape)
  return (shapes) => ({
    variableNames,
    outputShape: shapes.reduce<number[]>((acc, s) => tf.backend_util.assertAndGetBroadcastShape(acc, [...s]), []),
    userCode,
  });
}
