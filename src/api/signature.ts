// Input signatures of jit calls: the trace-cache key (tensors by dtype and shape, JS primitives by
// value, arrays/objects by structure, variables and other objects by identity) and a description
// of what changed between two signatures.
// Needs nest, TensorSpec. Produces `signatureOf`, `describeChanges`.

import * as tf from '@tensorflow/tfjs-core';
import { flatten, type Flat } from '../trace/nest.js';
import { isSymbolic } from '../trace/context.js';
import type { TraceArg } from '../trace/trace-function.js';
import type { DType } from '../ir/types.js';
import { shapeToString } from '../ir/types.js';
import { TensorSpec } from './tensor-spec.js';
import { agError } from '../errors/catalogue.js';

export interface Signature {
  readonly key: string;
  readonly flat: Flat;
  readonly leaves: TraceArg[];
  /** Indexes (into leaves) of the tensor leaves, in order: these are fed to the graph. */
  readonly tensorLeaves: number[];
  /** The `this` of the call (a method called on an object), when there is one: part of the key. */
  readonly thisArg?: unknown;
}

const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;

function leafKey(leaf: TraceArg): string {
  if (leaf.kind === 'tensor') return `${leaf.dtype}${shapeToString(leaf.shape)}`;
  const v = leaf.value;
  switch (typeof v) {
    case 'number':
      return Object.is(v, -0) ? 'n:-0' : `n:${v}`;
    case 'boolean':
      return `b:${v}`;
    case 'string':
      return `s:${JSON.stringify(v)}`;
    case 'undefined':
      return 'undefined';
    case 'bigint':
      return `i:${v}`;
    default: {
      if (v === null) return 'null';
      const o = v as object;
      let id = objectIds.get(o);
      if (id === undefined) objectIds.set(o, (id = nextObjectId++));
      return `o#${id}`;
    }
  }
}

/** The signature of call arguments (tensors, TensorSpecs and JS values, possibly nested). */
export function signatureOf(fnName: string, args: readonly unknown[]): Signature {
  const flat = flatten(
    [...args],
    args.map((_, i) => `argument ${i}`),
  );
  const tensorLeaves: number[] = [];
  const leaves = flat.leaves.map((x, i): TraceArg => {
    if (x instanceof tf.Variable) {
      // A variable is passed by reference, like one the function captures: the trace reads and
      // assigns that variable (keyed by identity), not a tensor of its value.
      if (x.isDisposed)
        throw agError('api/disposed-input', { name: fnName, path: flat.paths[i]!.replace(/^argument /, '') });
      return { kind: 'value', value: x };
    }
    if (x instanceof tf.Tensor) {
      if (x.isDisposed)
        throw agError('api/disposed-input', { name: fnName, path: flat.paths[i]!.replace(/^argument /, '') });
      if (isSymbolic(x)) throw agError('api/symbolic-argument', { name: fnName });
      tensorLeaves.push(i);
      return { kind: 'tensor', dtype: x.dtype as DType, shape: x.shape };
    }
    if (x instanceof TensorSpec) {
      tensorLeaves.push(i);
      return { kind: 'tensor', dtype: x.dtype, shape: x.irShape };
    }
    if (typeof x === 'symbol')
      throw agError('api/unsupported-argument', {
        name: fnName,
        path: flat.paths[i]!.replace(/^argument /, ''),
        type: 'a symbol',
      });
    return { kind: 'value', value: x };
  });
  const key = `${flat.signature}|${leaves.map(leafKey).join('|')}`;
  return { key, flat, leaves, tensorLeaves };
}

/** The key part for the `this` of a call ('' for none): objects by identity, primitives by value. */
export function thisKey(thisArg: unknown): string {
  return thisArg === undefined ? '' : `this=${leafKey({ kind: 'value', value: thisArg })};`;
}

/** `sig` for a call on `thisArg`: a trace per receiver, as the traced code may read its fields. */
export function withThis(sig: Signature, thisArg: unknown): Signature {
  return thisArg === undefined ? sig : { ...sig, key: `${thisKey(thisArg)}${sig.key}`, thisArg };
}

/** What differs between two signatures, as readable lines ("argument 0: shape [3] → [4]"). */
export function describeChanges(before: Signature, after: Signature): string[] {
  if (thisKey(before.thisArg) !== thisKey(after.thisArg)) return ['called on another object (this)'];
  if (before.flat.signature !== after.flat.signature) {
    return [`the structure of the arguments changed: ${before.flat.signature} → ${after.flat.signature}`];
  }
  const out: string[] = [];
  before.leaves.forEach((a, i) => {
    const b = after.leaves[i]!;
    const path = after.flat.paths[i]!;
    if (a.kind === 'tensor' && b.kind === 'tensor') {
      if (a.dtype !== b.dtype) out.push(`${path}: dtype ${a.dtype} → ${b.dtype}`);
      if (shapeToString(a.shape) !== shapeToString(b.shape))
        out.push(`${path}: shape ${shapeToString(a.shape)} → ${shapeToString(b.shape)}`);
    } else if (a.kind !== b.kind) {
      out.push(
        `${path}: ${a.kind === 'tensor' ? 'a tensor' : 'a JS value'} → ${b.kind === 'tensor' ? 'a tensor' : 'a JS value'}`,
      );
    } else if (leafKey(a) !== leafKey(b)) {
      out.push(`${path}: JS value ${show(a)} → ${show(b)}`);
    }
  });
  return out;
}

function show(leaf: TraceArg): string {
  if (leaf.kind === 'tensor') return `${leaf.dtype}${shapeToString(leaf.shape)}`;
  const v = leaf.value;
  return typeof v === 'string' ? JSON.stringify(v) : typeof v === 'object' && v !== null ? 'an object' : String(v);
}
