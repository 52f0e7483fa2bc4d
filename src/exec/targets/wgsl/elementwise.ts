// A Fused node of elementwise steps as one WGSL program: one invocation per output element reads
// each input at its (broadcast) position with tfjs-webgpu's accessors, computes every step in
// registers and writes only the result — one dispatch for the whole chain, where eager tfjs (and the
// interpreter) dispatch once per kernel and write every intermediate to memory. Scalar constants
// are uniforms (no buffer of their own).
// Needs the IR, steps.ts, program.ts. Produces `elementwiseProgram`, `elementwiseProblem`.

import type { Node } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { sizeOf } from '../../../ir/types.js';
import { flatDispatch, type BoundProgram, type WebGPUProgramLike } from './program.js';
import { constantUniforms, operandsOf, programKey, stepsCode, stepsProblem } from './steps.js';

/** tfjs-webgpu binds every input as a storage buffer; devices guarantee 8 per stage, one is the output. */
export const MAX_INPUTS = 7;
const WORKGROUP = 64;

/** Why `node` (a Fused node of elementwise steps) cannot be one WGSL program, or undefined. */
export function elementwiseProblem(node: Node): string | undefined {
  const steps = node.attrs.steps as readonly FusedStep[];
  const out = node.outputs[0]!;
  const { bound } = operandsOf(node);
  if (bound.length > MAX_INPUTS) return `${bound.length} inputs (WebGPU binds at most ${MAX_INPUTS} with the output)`;
  if (sizeOf(out.shape) < 0) return 'its shape is not known when traced';
  if (node.inputs.some((v) => v.shape.length > out.shape.length)) return 'an input of higher rank than the result';
  return stepsProblem(steps);
}

/** The program computing `node` (checked by `elementwiseProblem`). */
export function elementwiseProgram(node: Node): BoundProgram {
  const steps = node.attrs.steps as readonly FusedStep[];
  const n = node.inputs.length;
  const outputShape = [...node.outputs[0]!.shape];
  const { bound, constants } = operandsOf(node);
  const uniforms = constantUniforms(constants);
  const variableNames = bound.map((i) => `X${i}`);
  const code = stepsCode(steps, n, (i) => (constants.has(i) ? `uniforms.c${i}` : `x${i}`));
  const reads = bound.map((i) => `let x${i} = getX${i}ByOutputIndex(index);`).join('\n    ');
  const key = `${[...constants.keys()].join(',')}|${programKey(steps)}`;
  const program: WebGPUProgramLike = {
    variableNames,
    outputShape,
    ...(uniforms.declaration ? { uniforms: uniforms.declaration } : {}),
    shaderKey: `ag_elementwise_${key}`,
    ...flatDispatch(outputShape, WORKGROUP),
    size: true,
    getUserCode: () => `
${code.functions}
fn main(index : i32) {
  if (index < uniforms.size) {
    ${reads}
    ${code.body}
    setOutputAtIndex(index, ${code.result});
  }
}`,
  };
  return { program, inputs: bound, uniforms: uniforms.values };
}
