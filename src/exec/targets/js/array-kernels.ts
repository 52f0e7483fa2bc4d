// Kernels on plain typed arrays that generated code calls for small values held as arrays (see
// small-kernels.ts): copies (Slice, Concat, Unpack, Reshape), Softmax, ArgMax and OneHot, each doing
// what tfjs's cpu kernel does, element by element, rounding and storing as it stores. The arrays are
// the values as the cpu backend holds them (a float32 value may sit in an Int32Array after tfjs's
// Cast, see compiled/scalar-rules.ts): copying kernels that tfjs runs as views or reshapes keep that array
// type, those that allocate by dtype round into it. Needs nothing. Produces the kernel functions.

export type TypedArray = Float32Array | Int32Array | Uint8Array;

/** A Slice's plan: the input's strides, the output's shape and the first element. */
export interface SlicePlan {
  readonly outShape: readonly number[];
  readonly inStrides: readonly number[];
  readonly start: number;
  /** One contiguous run of the input (tfjs makes a view of it). */
  readonly contiguous: boolean;
}

/** Strides (row-major) of `shape`. */
export function stridesOf(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length);
  let acc = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= shape[i]!;
  }
  return s;
}

/** Copies the slice `plan` of `x` into `out` (of the output's size). */
export function sliceInto(x: TypedArray, plan: SlicePlan, out: TypedArray): TypedArray {
  const n = out.length;
  if (plan.contiguous) {
    for (let i = 0; i < n; i++) out[i] = x[plan.start + i]!;
    return out;
  }
  const shape = plan.outShape;
  const rank = shape.length;
  const idx = new Array<number>(rank).fill(0);
  const last = rank - 1;
  const inner = shape[last]!;
  const innerStride = plan.inStrides[last]!;
  for (let o = 0; o < n; o += inner) {
    let from = plan.start;
    for (let d = 0; d < last; d++) from += idx[d]! * plan.inStrides[d]!;
    for (let j = 0; j < inner; j++) out[o + j] = x[from + j * innerStride]!;
    for (let d = last - 1; d >= 0; d--) {
      if (++idx[d]! < shape[d]!) break;
      idx[d] = 0;
    }
  }
  return out;
}

/**
 * Concatenation along an axis: `outer` runs of each input's `inner[i]` elements in turn (the
 * inputs' sizes from the axis on), into `out`.
 */
export function concatInto(
  xs: readonly TypedArray[],
  outer: number,
  inner: readonly number[],
  out: TypedArray,
): TypedArray {
  let o = 0;
  for (let r = 0; r < outer; r++) {
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const w = inner[i]!;
      const from = r * w;
      for (let j = 0; j < w; j++) out[o++] = x[from + j]!;
    }
  }
  return out;
}

/**
 * Softmax over the last axis (`cols` wide), as tfjs's cpu kernel composes it: Max, Sub (stored
 * float32), Exp (stored), Sum (summed in doubles, stored), RealDiv (stored).
 */
export function softmaxInto(x: TypedArray, cols: number, out: Float32Array): Float32Array {
  const rows = cols === 0 ? 0 : x.length / cols;
  for (let r = 0; r < rows; r++) {
    const off = r * cols;
    let max = x[off]!;
    for (let j = 0; j < cols; j++) {
      const v = x[off + j]!;
      if (Number.isNaN(v) || v > max) max = v;
    }
    const m = Math.fround(max);
    let sum = 0;
    for (let j = 0; j < cols; j++) {
      const e = Math.fround(Math.exp(Math.fround(x[off + j]! - m)));
      out[off + j] = e;
      sum += e;
    }
    const s = Math.fround(sum);
    for (let j = 0; j < cols; j++) out[off + j] = out[off + j]! / s;
  }
  return out;
}

/** ArgMax over the last axis (`cols` wide), as tfjs's cpu kernel: the first index of the largest (NaN first: 0). */
export function argMaxInto(x: TypedArray, cols: number, out: Int32Array): Int32Array {
  for (let r = 0; r < out.length; r++) {
    const off = r * cols;
    let max = x[off]!;
    let at = 0;
    for (let j = 0; j < cols; j++) {
      const v = x[off + j]!;
      if (v > max) {
        max = v;
        at = j;
      }
    }
    out[r] = at;
  }
  return out;
}

/** OneHot as tfjs's cpu kernel: `off` everywhere, `on` at each in-range index. */
export function oneHotInto(indices: TypedArray, depth: number, on: number, off: number, out: TypedArray): TypedArray {
  out.fill(off);
  for (let e = 0; e < indices.length; e++) {
    const i = indices[e]!;
    if (i >= 0 && i < depth) out[e * depth + i] = on;
  }
  return out;
}
