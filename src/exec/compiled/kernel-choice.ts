// The kernels the generated code runs with the compiled executor's own implementations rather
// than the backend's: float32 matMul (GEMM kernels with the backend's own summation order), Tanh on
// wasm, and x[t] row gathers.
// Needs the IR, the emitter, wasm-matmul, wasm-tanh. Produces `ownKernel` (emits the call).

import type { Node, Value } from '../../ir/graph.js';
import { isKnownShape, sizeOf } from '../../ir/types.js';
import { isNum, valueName, type Emitter, type Slot } from './emitter.js';
import { WASM_MIN_ELEMENTS } from '../targets/wasm-simd/loops.js';
import { buildMatMulSite } from '../targets/wasm-simd/matmul.js';
import { buildTanhKernel } from '../targets/wasm-simd/tanh.js';

/**
 * Emits `node` with an own kernel where one applies (`loops`: the cpu backend's typed-array code is
 * on; `relaxedSimd`: kernels may use relaxed SIMD); returns the output's name, or undefined (the
 * caller runs the backend's kernel).
 */
export function ownKernel(em: Emitter, node: Node, ins: readonly Slot[], backend: 'cpu' | 'wasm', loops: boolean, relaxedSimd = false): string | undefined {
  const o = node.outputs[0]!;
  const name = valueName(o);
  if (isCpuMatMul(node) && (loops || backend === 'wasm')) {
    const site = buildMatMulSite(backend, relaxedSimd);
    if (!site && !loops) return undefined;
    const w = site ? `, ${em.kernelRef(site)}` : '';
    const t = node.attrs;
    em.line(`const ${name} = H.matMul(${ins[0]!.expr}, ${ins[1]!.expr}, ${Boolean(t.transposeA)}, ${Boolean(t.transposeB)}, ${JSON.stringify(o.shape)}${w});`);
    return name;
  }
  if (backend === 'wasm' && !loops && isWasmTanh(node)) {
    const kernel = buildTanhKernel();
    if (kernel) {
      em.line(`const ${name} = H.tanhOnWasm(${ins[0]!.expr}, ${em.kernelRef(kernel)});`);
      return name;
    }
  }
  if (isRowGather(node)) {
    em.line(`const ${name} = H.gatherRow(${ins[0]!.expr}, ${ins[1]!.expr}, ${JSON.stringify(o.shape)}, '${backend}', ${em.attrRef(node.attrs)});`);
    return name;
  }
  return undefined;
}

/** A float32 Tanh of a tensor large enough for the SIMD kernel (wasm backend). */
function isWasmTanh(node: Node): boolean {
  if (node.op !== 'Tanh' || node.inputs.length !== 1) return false;
  const x = node.inputs[0]!;
  const n = sizeOf(x.shape);
  return x.dtype === 'float32' && node.outputs[0]!.dtype === 'float32' && !isNum(x) && n >= WASM_MIN_ELEMENTS;
}

/** GatherV2 of rows (axis 0) of a tensor by one int32 scalar index held as a number: a row copy. */
function isRowGather(node: Node): boolean {
  if (node.op !== 'GatherV2' || node.inputs.length !== 2) return false;
  const [x, i] = node.inputs as [Value, Value];
  const o = node.outputs[0]!;
  const axis = Number(node.attrs.axis ?? 0);
  if ((axis !== 0 && axis !== -x.shape.length) || Number(node.attrs.batchDims ?? 0) !== 0) return false;
  if (!isNum(i) || i.dtype !== 'int32' || isNum(x) || isNum(o) || x.shape.length < 1) return false;
  return (x.dtype === 'float32' || x.dtype === 'int32' || x.dtype === 'bool') && o.dtype === x.dtype && isKnownShape(x.shape) && isKnownShape(o.shape);
}

/** A float32 BatchMatMul of known shapes, which the compiled code runs with its own kernel (wasm-matmul, or matMulCpu). */
function isCpuMatMul(node: Node): boolean {
  if (node.op !== 'BatchMatMul' || node.inputs.length !== 2) return false;
  return [...node.inputs, node.outputs[0]!].every((v) => v.dtype === 'float32' && !isNum(v) && isKnownShape(v.shape));
}
