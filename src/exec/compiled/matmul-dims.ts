// The sizes of a (batched) BatchMatMul under tfjs's transpose flags, shared by the matMuls of the
// targets (the JS one of js/matmul.ts and small-kernels.ts, the GEMM site of wasm-simd/matmul.ts).
// Needs nothing. Produces `matMulDims`, `MatMulDims`.

/** The sizes of a (batched) a @ b: rows m, inner k, columns n, batches of each operand and of the result. */
export interface MatMulDims {
  readonly m: number;
  readonly k: number;
  readonly n: number;
  readonly batchA: number;
  readonly batchB: number;
  readonly batch: number;
}

/** The sizes of a @ b under tfjs's transpose flags (the batch dimensions broadcast). */
export function matMulDims(
  a: { readonly shape: readonly number[] },
  b: { readonly shape: readonly number[] },
  transposeA: boolean,
  transposeB: boolean,
): MatMulDims {
  const ra = a.shape.length;
  const rb = b.shape.length;
  const m = transposeA ? a.shape[ra - 1]! : a.shape[ra - 2]!;
  const k = transposeA ? a.shape[ra - 2]! : a.shape[ra - 1]!;
  const n = transposeB ? b.shape[rb - 2]! : b.shape[rb - 1]!;
  const batchA = a.shape.slice(0, -2).reduce((x, y) => x * y, 1);
  const batchB = b.shape.slice(0, -2).reduce((x, y) => x * y, 1);
  return { m, k, n, batchA, batchB, batch: Math.max(batchA, batchB) };
}
