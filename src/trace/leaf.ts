// Classification of the leaves of branch outputs and loop variables: what a staged cond/while can
// carry (tensors, numbers, booleans) and how to describe a leaf in an error. Needs the context.
// Produces `leafKind`, `describeLeaf`, `weakDType`, `scalarTruth`.

import type * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../ir/types.js';
import { typeToString } from '../ir/types.js';
import { isTensor } from './context.js';
import { isDeclaredList, isTensorList } from './list-registry.js';
import { agError } from '../errors/catalogue.js';
import { shapeToString } from '../ir/types.js';

export type LeafKind = 'tensor' | 'number' | 'boolean' | 'nullish' | 'list' | 'other';

export function leafKind(x: unknown): LeafKind {
  if (isTensor(x)) return 'tensor';
  if (isTensorList(x) || isDeclaredList(x)) return 'list';
  if (typeof x === 'number') return 'number';
  if (typeof x === 'boolean') return 'boolean';
  if (x === null || x === undefined) return 'nullish';
  return 'other';
}

export function describeLeaf(x: unknown): string {
  if (isTensor(x)) return `a tensor of ${typeToString({ dtype: x.dtype as DType, shape: x.shape })}`;
  if (isTensorList(x) || isDeclaredList(x)) return 'a list';
  if (x === null) return 'null';
  if (x === undefined) return 'undefined';
  if (typeof x === 'number' || typeof x === 'boolean') return `the ${typeof x} ${String(x)}`;
  if (typeof x === 'function') return 'a function';
  if (typeof x === 'object') return `an object (${x.constructor?.name ?? 'Object'})`;
  return `a ${typeof x}`;
}

/** The dtype a JS scalar takes when it must become a tensor on its own. */
export function weakDType(x: number | boolean): DType {
  if (typeof x === 'boolean') return 'bool';
  return Number.isInteger(x) && x >= -2147483648 && x <= 2147483647 ? 'int32' : 'float32';
}

/** JS truthiness of a concrete (non-symbolic) scalar tensor, read eagerly. */
export function scalarTruth(t: tf.Tensor, what: 'cond' | 'while'): boolean {
  if (t.size !== 1)
    throw agError(what === 'cond' ? 'cond/pred-not-scalar' : 'while/cond-not-scalar', {
      shape: shapeToString(t.shape),
    });
  const v = t.dataSync()[0];
  return typeof v === 'number' ? v !== 0 && !Number.isNaN(v) : Boolean(v);
}
