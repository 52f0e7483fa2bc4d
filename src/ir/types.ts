// Tensor types of the IR: dtype and shape of every graph value.
// Needs nothing. Produces `DType`, `Shape`, `TensorType` and helpers shared by every stage.
// A dimension of -1 is unknown at trace time (for example the length of a stacked tensor list).

export type DType = 'float32' | 'int32' | 'bool' | 'complex64' | 'string';

/** The IR type of a tensor list handle (element dtype and shape are attrs of the list ops). */
export const LIST_DTYPE = 'list' as DType;

/** Dimensions; -1 marks a dimension known only at run time. */
export type Shape = readonly number[];

export interface TensorType {
  readonly dtype: DType;
  readonly shape: Shape;
}

export const UNKNOWN_DIM = -1;

export function shapeToString(shape: Shape): string {
  return `[${shape.map((d) => (d < 0 ? '?' : String(d))).join(',')}]`;
}

export function typeToString(t: TensorType): string {
  return `${t.dtype}${shapeToString(t.shape)}`;
}

export function sameShape(a: Shape, b: Shape): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** `actual` is an instance of `declared`: same rank, equal dimensions where `declared` knows them (-1: any). */
export function fitsShape(actual: Shape, declared: Shape): boolean {
  return actual.length === declared.length && actual.every((d, i) => declared[i] === -1 || d === declared[i]);
}

/** Every dimension known (no -1). */
export function isKnownShape(shape: Shape): boolean {
  return shape.every((d) => d >= 0);
}

export function sizeOf(shape: Shape): number {
  let n = 1;
  for (const d of shape) {
    if (d < 0) return -1;
    n *= d;
  }
  return n;
}
