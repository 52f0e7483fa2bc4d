// `spec(shape, dtype)`: a TensorSpec (tf.TensorSpec) for `inputSignature` and
// `getConcreteFunction`. A null dimension accepts any size. Needs the catalogue. Produces `TensorSpec`, `spec`.

import type { DType } from '../ir/types.js';
import { shapeToString } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';

const DTYPES: readonly DType[] = ['float32', 'int32', 'bool', 'complex64', 'string'];

export class TensorSpec {
  constructor(
    readonly shape: readonly (number | null)[],
    readonly dtype: DType = 'float32',
    readonly name?: string,
  ) {
    if (!Array.isArray(shape))
      throw agError('api/bad-spec', { reason: `shape must be an array, got ${String(shape)}` });
    for (const d of shape) {
      if (d !== null && !(Number.isInteger(d) && d >= 0)) {
        throw agError('api/bad-spec', { reason: `dimensions must be non-negative integers or null, got ${String(d)}` });
      }
    }
    if (!DTYPES.includes(dtype)) throw agError('api/bad-spec', { reason: `unknown dtype '${String(dtype)}'` });
  }

  /** The shape as the IR writes it: -1 for null dimensions. */
  get irShape(): number[] {
    return this.shape.map((d) => (d === null ? -1 : d));
  }

  /** Whether a tensor of this dtype and shape fits the spec. */
  accepts(dtype: string, shape: readonly number[]): boolean {
    return (
      dtype === this.dtype &&
      shape.length === this.shape.length &&
      this.shape.every((d, i) => d === null || d === shape[i])
    );
  }

  toString(): string {
    return `${this.dtype}${shapeToString(this.irShape)}`;
  }
}

/** TF's `tf.TensorSpec`: a dtype and a shape (null for a dimension of any size), for `inputSignature` and `getConcreteFunction`. */
export function spec(shape: readonly (number | null)[], dtype: DType = 'float32', name?: string): TensorSpec {
  return new TensorSpec(shape, dtype, name);
}
