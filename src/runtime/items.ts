// `ag__.getItem(z, i)` and `ag__.setItem(z, i, x)`: what `z[i]` and `z[i] = x` become in converted
// code (TF's slices converter) when the index is not a literal. On a staged list they read and
// write elements (ListGet / ListSetItem, also with a tensor index); on a tensor, `z[i]` is its row
// i and `z[i] = x` a new tensor with that row replaced; a JS array indexed by a symbolic tensor is
// a catalogued error; everything else is plain JS. Needs tfjs, the trace layer's lists.
// Produces `getItem`, `setItem`.

import * as tf from '@tensorflow/tfjs-core';
import { isTensorList } from '../trace/list-registry.js';
import type { TensorList } from '../trace/tensor-list.js';
import { isSymbolic, isTensor, isTracing } from './tensors.js';
import { locatedError } from './located-error.js';

/** A JS index from a concrete scalar tensor (a JS value is used as it is). */
function jsIndex(i: unknown): unknown {
  if (!isTensor(i)) return i;
  if (i.size !== 1)
    throw locatedError('list/tensor-index', { what: `a tensor of shape [${i.shape.join(',')}]`, container: 'a value' });
  return i.dataSync()[0];
}

function symbolicIndexOnArray(z: unknown, i: unknown): boolean {
  return isTracing() && isSymbolic(i) && !isTensor(z) && !isTensorList(z);
}

const int32Index = (i: unknown): tf.Tensor =>
  isTensor(i) ? (i.dtype === 'int32' ? i : tf.cast(i, 'int32')) : tf.scalar(i as number, 'int32');

export function getItem(z: unknown, i: unknown): unknown {
  if (isTensorList(z)) return (z as TensorList).get(i);
  if (isTensor(z) && z.rank > 0 && (isTensor(i) || typeof i === 'number')) return tf.gather(z, int32Index(i));
  if (symbolicIndexOnArray(z, i))
    throw locatedError('list/tensor-index', {
      what: 'a tensor known only when the graph runs',
      container: Array.isArray(z) ? 'a JS array' : 'a JS object',
    });
  return (z as Record<PropertyKey, unknown>)[jsIndex(i) as PropertyKey];
}

/** `z[i] = x`; returns what `z` holds afterwards (the same list or array, or a new tensor). */
export function setItem(z: unknown, i: unknown, x: unknown): unknown {
  if (isTensorList(z)) {
    (z as TensorList).set(i, x);
    return z;
  }
  if (isTensor(z) && z.rank > 0 && (isTensor(i) || typeof i === 'number')) return replaceRow(z, i, x);
  if (symbolicIndexOnArray(z, i))
    throw locatedError('list/tensor-index', {
      what: 'a tensor known only when the graph runs',
      container: Array.isArray(z) ? 'a JS array' : 'a JS object',
    });
  (z as Record<PropertyKey, unknown>)[jsIndex(i) as PropertyKey] = x;
  return z;
}

/** `z` with row `i` replaced by `x` (broadcast to a row). */
function replaceRow(z: tf.Tensor, i: unknown, x: unknown): tf.Tensor {
  const n = z.shape[0]!;
  const rowShape = z.shape.slice(1);
  const row = tf.broadcastTo(
    isTensor(x) ? (x.dtype === z.dtype ? x : tf.cast(x, z.dtype)) : tf.scalar(x as number, z.dtype),
    rowShape,
  );
  const mask = tf.reshape(tf.equal(tf.range(0, n, 1, 'int32'), int32Index(i)), [n, ...rowShape.map(() => 1)]);
  return tf.where(tf.broadcastTo(mask, z.shape), tf.broadcastTo(tf.expandDims(row, 0), z.shape), z);
}
