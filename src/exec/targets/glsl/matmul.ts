// A Fused node headed by a BatchMatMul (made for device targets by opt/fuse-matmul-epilogue.ts:
// `tanh(h·W + x)`, a layer's bias and activation) as one GLSL program: each fragment sums its output
// element's products in float32, k in order, sampling A and B with tfjs-webgl's `getX0(…)`/`getX1(…)`
// (transposed or not), then computes the elementwise steps on the sum in registers, so the product
// is never written to a texture and the epilogue costs no program. The epilogue's operands are read
// at the output's coordinates (broadcast) with tfjs-webgl's samplers. Batches: equal, or one side 1.
// Needs the IR, steps.ts, program.ts. Produces `matMulProgram`, `matMulProblem`.

import type { Node } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { productDims } from '../fused-parts.js';
import { sameShape } from '../../../ir/types.js';
import { GLSL_PRELUDE, MAX_INPUTS, type GpgpuProgramLike } from './program.js';
import { stepsCode, stepsProblem } from './steps.js';

/** Why `node` cannot be one GLSL matMul program, or undefined. */
export function matMulProblem(node: Node): string | undefined {
  const steps = node.attrs.steps as readonly FusedStep[];
  if (steps[0]?.op !== 'BatchMatMul') return 'its first step is not a BatchMatMul';
  if (node.inputs.length > MAX_INPUTS)
    return `${node.inputs.length} inputs (a WebGL program here samples at most ${MAX_INPUTS} textures)`;
  if (node.inputs.slice(0, 2).some((v) => v.dtype !== 'float32') || steps[0].dtype !== 'float32')
    return 'the product is not float32';
  const d = productDims(node);
  if (!d) return 'operands of rank other than 2 or 3, unknown sizes, or batches that do not broadcast';
  const out = node.outputs[0]!;
  const product = d.rank === 3 ? [d.batch, d.m, d.n] : [d.m, d.n];
  if (!sameShape(out.shape, product)) return 'the epilogue changes the shape of the product';
  if (node.inputs.some((v) => v.shape.length > out.shape.length))
    return 'an epilogue operand of higher rank than the result';
  return stepsProblem(steps, 1);
}

/** The user code of `node`'s program (checked by `matMulProblem`). */
export function matMulUserCode(node: Node): string {
  const steps = node.attrs.steps as readonly FusedStep[];
  const d = productDims(node)!;
  const code = stepsCode(steps, node.inputs.length, (i) => `getX${i}AtOutCoords()`, 1, 'acc');
  const at = (batch: number, ...rc: string[]): string =>
    (d.rank === 3 ? [batch === 1 ? '0' : 'batch', ...rc] : rc).join(', ');
  const a = `getX0(${at(d.batchA, ...(d.transposeA ? ['kk', 'row'] : ['row', 'kk']))})`;
  const b = `getX1(${at(d.batchB, ...(d.transposeB ? ['col', 'kk'] : ['kk', 'col']))})`;
  const coords =
    d.rank === 3
      ? 'ivec3 coords = getOutputCoords();\n    int batch = coords.x;\n    int row = coords.y;\n    int col = coords.z;'
      : 'ivec2 coords = getOutputCoords();\n    int row = coords.x;\n    int col = coords.y;';
  return `${GLSL_PRELUDE}
${code.functions}
void main() {
    ${coords}
    float acc = 0.0;
    for (int kk = 0; kk < ${d.k}; kk++) {
      acc += ${a} * ${b};
    }
    ${code.body}
    setOutput(${code.result});
}`;
}

/** The program computing `node` (checked by `matMulProblem`). */
export function matMulProgram(node: Node): GpgpuProgramLike {
  return {
    variableNames: node.inputs.map((_, i) => `X${i}`),
    outputShape: [...node.outputs[0]!.shape],
    userCode: matMulUserCode(node),
  };
}
