// A Fused node headed by a BatchMatMul (made for device targets by opt/fuse-matmul-epilogue.ts:
// `tanh(h·W + x)`, a layer's bias and activation) as one WGSL program: a tiled matrix product —
// each 8×8 workgroup stages 32×32 tiles of A and B in workgroup memory and each invocation sums
// a 4×4 block of outputs in float32, each sum k in order — followed by the elementwise steps on the sum in
// registers, so the product is never written to memory and the epilogue costs no dispatch.
// Operands of the epilogue are read at the output's coordinates (broadcast) with tfjs-webgpu's
// accessors. Batches: equal, or one side 1. Needs the IR, steps.ts, elementwise.ts, program.ts.
// Produces `matMulProgram`, `matMulProblem`.

import type { Node } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { productDims } from '../fused-parts.js';
import { MAX_INPUTS } from './elementwise.js';
import type { BoundProgram, WebGPUProgramLike } from './program.js';
import { constantUniforms, operandsOf, programKey, stepsCode, stepsProblem } from './steps.js';

/** A workgroup of THREADS² invocations computes a TILE² block of the output, PER² elements each. */
const THREADS = 8;
const PER = 4;
const TILE = THREADS * PER;

const range = (): number[] => Array.from({ length: PER }, (_, i) => i);

/** One statement per output element of an invocation's block, straight-line (no indexed private arrays). */
function unrolled(statement: (p: number, q: number) => string): string {
  return range()
    .flatMap((p) => range().map((q) => statement(p, q)))
    .join('\n  ');
}

/** Why `node` cannot be one WGSL matMul program, or undefined. */
export function matMulProblem(node: Node): string | undefined {
  const steps = node.attrs.steps as readonly FusedStep[];
  if (steps[0]?.op !== 'BatchMatMul') return 'its first step is not a BatchMatMul';
  const { bound } = operandsOf(node, 2);
  if (bound.length > MAX_INPUTS) return `${bound.length} inputs (WebGPU binds at most ${MAX_INPUTS} with the output)`;
  if (node.inputs.slice(0, 2).some((v) => v.dtype !== 'float32') || steps[0].dtype !== 'float32')
    return 'the product is not float32';
  const d = productDims(node);
  if (!d) return 'operands of rank other than 2 or 3, unknown sizes, or batches that do not broadcast';
  const out = node.outputs[0]!;
  if (out.shape.length !== (d.batch > 1 || node.inputs[0]!.shape.length === 3 ? 3 : 2))
    return 'the epilogue changes the rank';
  if (node.inputs.some((v) => v.shape.length > out.shape.length))
    return 'an epilogue operand of higher rank than the result';
  return stepsProblem(steps, 1);
}

/** The program computing `node` (checked by `matMulProblem`). */
export function matMulProgram(node: Node): BoundProgram {
  const steps = node.attrs.steps as readonly FusedStep[];
  const d = productDims(node)!;
  const outputShape = [...node.outputs[0]!.shape];
  const rank = outputShape.length;
  const nIn = node.inputs.length;
  const { bound, constants } = operandsOf(node, 2);
  const uniforms = constantUniforms(constants);
  const variableNames = bound.map((i) => `X${i}`);
  const coords = rank === 3 ? 'vec3<i32>(batch, row, col)' : 'vec2<i32>(row, col)';
  const code = stepsCode(
    steps,
    nIn,
    (i) => (constants.has(i) ? `uniforms.c${i}` : `getX${i}ByOutputCoords(coords)`),
    1,
    'acc',
  );
  // Element (row, kk) of A and (kk, col) of B in their buffers, transposed or not.
  const aIndex = d.transposeA ? `kk * ${d.m} + row` : `row * ${d.k} + kk`;
  const bIndex = d.transposeB ? `col * ${d.k} + kk` : `kk * ${d.n} + col`;
  const aBase = d.batchA === 1 ? '0' : `batch * ${d.m * d.k}`;
  const bBase = d.batchB === 1 ? '0' : `batch * ${d.k * d.n}`;
  const store =
    rank === 3 ? `setOutputAtCoords(batch, row, col, ${code.result})` : `setOutputAtCoords(row, col, ${code.result})`;
  // (coords and batch may go unused in the epilogue; WGSL allows that)
  const key = `ag_matmul_${d.m}_${d.n}_${d.k}_${d.batchA}_${d.batchB}_${d.transposeA}_${d.transposeB}_${[...constants.keys()].join(',')}|${programKey(steps)}`;
  const program: WebGPUProgramLike = {
    variableNames,
    outputShape,
    ...(uniforms.declaration ? { uniforms: uniforms.declaration } : {}),
    shaderKey: key,
    dispatchLayout: rank === 3 ? { x: [2], y: [1], z: [0] } : { x: [1], y: [0] },
    dispatch: [Math.ceil(d.n / TILE), Math.ceil(d.m / TILE), d.batch],
    workgroupSize: [THREADS, THREADS, 1],
    getUserCode: () => `
var<workgroup> tileA : array<array<f32, ${TILE}>, ${TILE}>;
var<workgroup> tileB : array<array<f32, ${TILE}>, ${TILE}>;
${code.functions}
fn readA(batch : i32, row : i32, kk : i32) -> f32 {
  if (row >= ${d.m} || kk >= ${d.k}) { return 0.0; }
  return f32(X0[${aBase} + ${aIndex}]);
}
fn readB(batch : i32, kk : i32, col : i32) -> f32 {
  if (kk >= ${d.k} || col >= ${d.n}) { return 0.0; }
  return f32(X1[${bBase} + ${bIndex}]);
}
fn store(batch : i32, row : i32, col : i32, acc : f32) {
  if (row < ${d.m} && col < ${d.n}) {
    let coords = ${coords};
    ${code.body}
    ${store};
  }
}
fn main() {
  let batch = i32(globalId.z);
  let tileRow = i32(workgroupId.y) * ${TILE};
  let tileCol = i32(workgroupId.x) * ${TILE};
  let lr = i32(localId.y);
  let lc = i32(localId.x);
  let flat = lr * ${THREADS} + lc;
  ${unrolled((p, q) => `var acc${p}${q} = 0.0;`)}
  for (var t = 0; t < ${d.k}; t = t + ${TILE}) {
    for (var e = flat; e < ${TILE * TILE}; e = e + ${THREADS * THREADS}) {
      let r = e / ${TILE};
      let c = e % ${TILE};
      tileA[r][c] = readA(batch, tileRow + r, t + c);
      tileB[r][c] = readB(batch, t + r, tileCol + c);
    }
    workgroupBarrier();
    for (var j = 0; j < ${TILE}; j = j + 1) {
      ${range()
        .map((q) => `let b${q} = tileB[j][lc * ${PER} + ${q}];`)
        .join(' ')}
      ${range()
        .map((p) => `let a${p} = tileA[lr * ${PER} + ${p}][j];`)
        .join(' ')}
      ${unrolled((p, q) => `acc${p}${q} = acc${p}${q} + a${p} * b${q};`)}
    }
    workgroupBarrier();
  }
  ${unrolled((p, q) => `store(batch, tileRow + lr * ${PER} + ${p}, tileCol + lc * ${PER} + ${q}, acc${p}${q});`)}
}`,
  };
  return { program, inputs: bound, uniforms: uniforms.values };
}
