// Formatting of values for staged print: like console.log of the same values computed in plain JS
// (scalars as numbers, booleans as true/false, tensors as nested arrays, float32 values with the
// shortest digits that round-trip). Needs nothing. Produces `formatElements`, `formatJs`.

import type { DType } from '../ir/types.js';

/** The shortest decimal that reads back as the same float32. */
export function formatFloat32(x: number): string {
  if (!Number.isFinite(x) || Number.isInteger(x)) return String(x);
  for (let p = 1; p <= 9; p++) {
    const s = Number(x.toPrecision(p));
    if (Math.fround(s) === x) return String(s);
  }
  return String(x);
}

function formatScalar(x: number, dtype: DType): string {
  if (dtype === 'bool') return x ? 'true' : 'false';
  if (dtype === 'float32') return formatFloat32(x);
  return String(x);
}

/** A tensor's elements (row-major) shown as a scalar or nested arrays: `3`, `[1, 2]`, `[[1, 2], [3, 4]]`. */
export function formatElements(values: ArrayLike<number | string>, shape: readonly number[], dtype: DType): string {
  if (dtype === 'string') {
    const strs = Array.from(values as ArrayLike<string>, (s) => JSON.stringify(s));
    return nest(strs, shape);
  }
  const items = Array.from(values as ArrayLike<number>, (x) => formatScalar(x, dtype));
  return nest(items, shape);
}

function nest(items: string[], shape: readonly number[]): string {
  if (shape.length === 0) return items[0] ?? '';
  let k = 0;
  const build = (dim: number): string => {
    const n = shape[dim]!;
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(dim === shape.length - 1 ? items[k++]! : build(dim + 1));
    return `[${parts.join(', ')}]`;
  };
  return build(0);
}

/** A JS value as console.log shows it among other arguments. */
export function formatJs(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean' || typeof x === 'bigint' || x === undefined || x === null) return String(x);
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return String(x);
  }
}
