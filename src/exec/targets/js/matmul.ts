// BatchMatMul for float32 tensors on the cpu backend, bit-identical to tfjs's cpu kernel but faster:
// the kernel sums each output element over k in blocks of 48 (in doubles) and adds each block's sum
// into the float32 result; this does the same sums in the same order. B is read where it lies: a
// row-major B row by row into per-column sums, a transposed one (k innermost) along its rows beside
// a copy of A's rows. Needs tfjs, compiled/matmul-dims. Produces `matMulCpu`, `matMulValues` (the same
// on arrays).

import * as tf from '@tensorflow/tfjs-core';
import { engineInternals } from '../../../engine/tfjs-engine.js';
import { matMulDims, type MatMulDims } from '../../compiled/matmul-dims.js';

const BLOCK = 48; // tfjs-backend-cpu's blockSize

/** a @ b with tfjs's transpose flags and batch broadcasting; inputs float32 cpu tensors. */
export function matMulCpu(
  a: tf.Tensor,
  b: tf.Tensor,
  transposeA: boolean,
  transposeB: boolean,
  outShape: readonly number[],
): tf.Tensor {
  const dims = matMulDims(a, b, transposeA, transposeB);
  const out = new Float32Array(dims.batch * dims.m * dims.n);
  matMulValues(
    a.dataSync() as Float32Array | Int32Array,
    b.dataSync() as Float32Array | Int32Array,
    dims,
    transposeA,
    transposeB,
    out,
  );
  return engineInternals().makeTensor(out, [...outShape], 'float32');
}

/** a @ b into `out` (zero-filled here), from the operands' values as the cpu backend holds them. */
export function matMulValues(
  av: Float32Array | Int32Array,
  bv: Float32Array | Int32Array,
  dims: MatMulDims,
  transposeA: boolean,
  transposeB: boolean,
  out: Float32Array,
): Float32Array {
  const { m: M, k: K, n: N, batchA, batchB, batch } = dims;
  out.fill(0);
  if (!transposeB) return rowsTimesB(av, bv, dims, transposeA, out);
  // A copied to rows with k innermost ([M][K]); the transposed B already is ([N][K]). A float32
  // tensor made by tfjs's Cast from int32 holds an Int32Array, whose values the cpu kernel
  // multiplies unrounded: doubles then.
  const aRows = av instanceof Float32Array ? new Float32Array(M * K) : new Float64Array(M * K);
  for (let bi = 0; bi < batch; bi++) {
    const aOff = (bi % batchA) * M * K;
    const bOff = (bi % batchB) * K * N;
    for (let i = 0; i < M; i++)
      for (let k = 0; k < K; k++) aRows[i * K + k] = transposeA ? av[aOff + k * M + i]! : av[aOff + i * K + k]!;
    const bRows = bv.subarray(bOff, bOff + N * K);
    const o = bi * M * N;
    for (let k0 = 0; k0 < K; k0 += BLOCK) {
      const kEnd = Math.min(k0 + BLOCK, K);
      for (let i = 0; i < M; i++) {
        const ai = i * K;
        const oi = o + i * N;
        let j = 0;
        // Four outputs at a time share each A element (each sum still runs over k in order).
        for (; j + 3 < N; j += 4) {
          const b0 = j * K;
          const b1 = b0 + K;
          const b2 = b1 + K;
          const b3 = b2 + K;
          let s0 = 0.0;
          let s1 = 0.0;
          let s2 = 0.0;
          let s3 = 0.0;
          for (let k = k0; k < kEnd; k++) {
            const x = aRows[ai + k]!;
            s0 += x * bRows[b0 + k]!;
            s1 += x * bRows[b1 + k]!;
            s2 += x * bRows[b2 + k]!;
            s3 += x * bRows[b3 + k]!;
          }
          out[oi + j] += s0;
          out[oi + j + 1] += s1;
          out[oi + j + 2] += s2;
          out[oi + j + 3] += s3;
        }
        for (; j < N; j++) {
          const bj = j * K;
          let sum = 0.0;
          for (let k = k0; k < kEnd; k++) sum += aRows[ai + k]! * bRows[bj + k]!;
          out[oi + j] += sum;
        }
      }
    }
  }
  return out;
}

/**
 * a @ b for row-major B without copying it: each row of A scales B's rows into per-column sums in
 * doubles, one block of k at a time, each element summed over k in order as the kernel does.
 */
function rowsTimesB(
  av: Float32Array | Int32Array,
  bv: Float32Array | Int32Array,
  dims: MatMulDims,
  transposeA: boolean,
  out: Float32Array,
): Float32Array {
  const { m: M, k: K, n: N, batchA, batchB, batch } = dims;
  const acc = new Float64Array(N);
  for (let bi = 0; bi < batch; bi++) {
    const aOff = (bi % batchA) * M * K;
    const bOff = (bi % batchB) * K * N;
    for (let i = 0; i < M; i++) {
      const oi = bi * M * N + i * N;
      for (let k0 = 0; k0 < K; k0 += BLOCK) {
        const kEnd = Math.min(k0 + BLOCK, K);
        acc.fill(0);
        for (let k = k0; k < kEnd; k++) {
          const x = transposeA ? av[aOff + k * M + i]! : av[aOff + i * K + k]!;
          const row = bOff + k * N;
          for (let j = 0; j < N; j++) acc[j] += x * bv[row + j]!;
        }
        for (let j = 0; j < N; j++) out[oi + j] += acc[j]!;
      }
    }
  }
  return out;
}
