// Reads a saved GraphModel folder (model.json + the weight files its manifest lists) back as
// artifacts for `tf.io.fromMemory`, reading only regular files inside the folder whose sizes match
// what the manifest declares, under size caps. Needs read-contained and the catalogue.
// Produces `loadGraphModelArtifacts`.

import type * as tf from '@tensorflow/tfjs-core';
import {
  DEFAULT_MAX_MODEL_BYTES,
  DEFAULT_MAX_WEIGHT_BYTES,
  modelFolder,
  readContained,
  refused,
  type LoadLimits,
  type ModelFolder,
} from './read-contained.js';

export type { LoadLimits } from './read-contained.js';

export const MODEL_FILE = 'model.json';

type WeightGroup = tf.io.WeightsManifestConfig[number];

/** Bytes per element of each weight dtype tfjs writes (strings have no fixed size). */
const BYTES: Readonly<Record<string, number>> = {
  float32: 4,
  int32: 4,
  bool: 1,
  complex64: 8,
  uint8: 1,
  uint16: 2,
  float16: 2,
};

/**
 * Reads the GraphModel folder `dir`. Every file the model names must be a regular file inside the
 * folder, of the size its manifest declares; model.json and the weights are read up to the caps of
 * `limits`. A refused file is `export/model-file-refused`, naming it and why.
 */
export function loadGraphModelArtifacts(dir: string, limits: LoadLimits = {}): tf.io.ModelArtifacts {
  const folder = modelFolder(dir);
  const maxModel = limits.maxModelBytes ?? DEFAULT_MAX_MODEL_BYTES;
  const maxWeights = limits.maxWeightBytes ?? DEFAULT_MAX_WEIGHT_BYTES;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(readContained(folder, MODEL_FILE, maxModel));
  let json: tf.io.ModelJSON;
  try {
    json = JSON.parse(text) as tf.io.ModelJSON;
  } catch (e) {
    throw refused(dir, MODEL_FILE, `is not JSON (${(e as Error).message})`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw refused(dir, MODEL_FILE, 'is not a JSON object');
  const groups = manifest(json, dir);
  let budget = maxWeights;
  const shards: Uint8Array[] = [];
  for (const g of groups) {
    const bytes = readGroup(folder, g, budget);
    budget -= bytes.reduce((n, b) => n + b.byteLength, 0);
    shards.push(...bytes);
  }
  const weightData = concat(shards).buffer as ArrayBuffer;
  return {
    modelTopology: json.modelTopology,
    weightSpecs: groups.flatMap((g) => g.weights),
    weightData,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    ...(json.signature ? { signature: json.signature } : {}),
    ...(json.userDefinedMetadata ? { userDefinedMetadata: json.userDefinedMetadata } : {}),
  };
}

/** The weights manifest, checked to be groups of { paths: string[], weights: specs[] }. */
function manifest(json: tf.io.ModelJSON, dir: string): tf.io.WeightsManifestConfig {
  const groups: unknown = json.weightsManifest ?? [];
  const bad = (why: string) => refused(dir, MODEL_FILE, `has a malformed weightsManifest: ${why}`);
  if (!Array.isArray(groups)) throw bad('not an array');
  for (const [i, g] of groups.entries()) {
    const group = g as { paths?: unknown; weights?: unknown };
    if (!group || typeof group !== 'object') throw bad(`group ${i} is not an object`);
    if (!Array.isArray(group.paths)) throw bad(`group ${i} has no paths array`);
    if (!Array.isArray(group.weights)) throw bad(`group ${i} has no weights array`);
    for (const w of group.weights as { shape?: unknown }[]) {
      const shape = w?.shape;
      if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0))
        throw bad(`weight ${JSON.stringify((w as { name?: unknown })?.name)} has no valid shape`);
    }
  }
  return groups as tf.io.WeightsManifestConfig;
}

/** The bytes a group's weights occupy, or a lower bound with `exact: false` where strings vary. */
function groupBytes(g: WeightGroup): { bytes: number; exact: boolean } {
  let bytes = 0;
  let exact = true;
  for (const w of g.weights) {
    const n = w.shape.reduce((p, d) => p * d, 1);
    const dtype = w.quantization?.dtype ?? w.dtype;
    if (dtype === 'string') {
      bytes += 4 * n; // a uint32 length per string, then its bytes
      exact = false;
    } else {
      bytes += n * (BYTES[dtype] ?? 4);
    }
  }
  return { bytes, exact };
}

/**
 * The shards of one group: tfjs cuts a group's bytes into its paths in order, so together they must
 * hold exactly the group's weights. Each shard's size is checked before it is read.
 */
function readGroup(folder: ModelFolder, g: WeightGroup, budget: number): Uint8Array[] {
  const need = groupBytes(g);
  const first = String(g.paths[0] ?? '(none)');
  if (need.exact && need.bytes > budget)
    throw refused(folder.given, first, `holds weights of ${need.bytes} bytes, over the limit of the weights' total`);
  const out: Uint8Array[] = [];
  let total = 0;
  g.paths.forEach((p, i) => {
    const last = i === g.paths.length - 1;
    // Only the last shard's size follows from the others; each must fit what is left.
    const left = need.exact ? need.bytes - total : budget - total;
    const bytes = readContained(
      folder,
      p,
      Math.min(budget - total, Math.max(left, 0)),
      need.exact && last ? left : undefined,
    );
    total += bytes.byteLength;
    out.push(bytes);
  });
  if (need.exact ? total !== need.bytes : total < need.bytes) {
    throw refused(
      folder.given,
      first,
      `and the group's other files hold ${total} bytes where the manifest's weights need ${need.exact ? '' : 'at least '}${need.bytes}`,
    );
  }
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, b) => n + b.byteLength, 0));
  let offset = 0;
  for (const b of parts) {
    out.set(b, offset);
    offset += b.byteLength;
  }
  return out;
}
