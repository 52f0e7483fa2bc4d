// Encodes the weights of a GraphModel export the way tfjs io decodes them: one ArrayBuffer,
// little-endian, float32/int32 as 4 bytes, bool as 1 byte, strings as (uint32 length, UTF-8 bytes),
// complex64 as interleaved float32. Needs the model builder's entries.
// Produces `encodeWeights` → { weightSpecs, weightData }.

import type * as tf from '@tensorflow/tfjs-core';
import type { WeightEntry } from './model-builder.js';

export function encodeWeights(entries: readonly WeightEntry[]): {
  weightSpecs: tf.io.WeightsManifestEntry[];
  weightData: ArrayBuffer;
} {
  const chunks = entries.map(encodeOne);
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const data = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    data.set(c, offset);
    offset += c.byteLength;
  }
  const weightSpecs = entries.map((e) => ({
    name: e.name,
    shape: [...e.shape],
    dtype: e.dtype as tf.io.WeightsManifestEntry['dtype'],
  }));
  return { weightSpecs, weightData: data.buffer };
}

function encodeOne(e: WeightEntry): Uint8Array {
  const size = e.shape.reduce((p, d) => p * d, 1);
  const expected = e.dtype === 'complex64' ? 2 * size : size;
  if (e.values.length !== expected) {
    throw new Error(`internal: weight ${e.name} has ${e.values.length} values for shape [${e.shape}]`);
  }
  switch (e.dtype) {
    case 'float32':
    case 'complex64':
      return bytes(Float32Array.from(e.values as ArrayLike<number>));
    case 'int32':
      return bytes(Int32Array.from(e.values as ArrayLike<number>));
    case 'bool':
      return Uint8Array.from(e.values as ArrayLike<number>, (v) => (v ? 1 : 0));
    case 'string':
      return encodeStrings(e.values as unknown as readonly (string | Uint8Array)[]);
  }
}

function bytes(a: Float32Array | Int32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function encodeStrings(xs: readonly (string | Uint8Array)[]): Uint8Array {
  const encoded = xs.map((s) => (typeof s === 'string' ? new TextEncoder().encode(s) : s));
  const out = new Uint8Array(encoded.reduce((n, b) => n + 4 + b.byteLength, 0));
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const b of encoded) {
    view.setUint32(offset, b.byteLength, true);
    out.set(b, offset + 4);
    offset += 4 + b.byteLength;
  }
  return out;
}
