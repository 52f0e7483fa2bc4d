// Writes a GraphModel export to a folder as tfjs-converter lays it out (model.json with a weights
// manifest, one group1-shard1of1.bin) and reads such a folder back as artifacts for
// `tf.io.fromMemory`. Needs node:fs (loaded when called) and the exporter. Produces `saveGraphModel`,
// `loadGraphModelArtifacts`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../../ir/graph.js';
import { exportGraphModel, type GraphModelExportOptions } from './export-graph-model.js';
import { nodeFiles } from '../node-files.js';

const MODEL_FILE = 'model.json';
const WEIGHTS_FILE = 'group1-shard1of1.bin';

export interface SavedGraphModel {
  readonly modelPath: string;
  readonly weightsPath: string;
}

/** Exports `graph` (or writes ready artifacts) into `dir`, creating it if needed. */
export function saveGraphModel(source: Graph | tf.io.ModelArtifacts, dir: string, opts: GraphModelExportOptions = {}): SavedGraphModel {
  const { fs, path } = nodeFiles('saveGraphModel');
  const a = 'nodes' in source ? exportGraphModel(source, opts) : source;
  fs.mkdirSync(dir, { recursive: true });
  const modelPath = path.join(dir, MODEL_FILE);
  const weightsPath = path.join(dir, WEIGHTS_FILE);
  const data = a.weightData instanceof ArrayBuffer ? new Uint8Array(a.weightData) : concat((a.weightData ?? []) as ArrayBuffer[]);
  const json: tf.io.ModelJSON = {
    format: a.format,
    generatedBy: a.generatedBy,
    convertedBy: a.convertedBy,
    modelTopology: a.modelTopology as object,
    weightsManifest: [{ paths: [WEIGHTS_FILE], weights: a.weightSpecs ?? [] }],
    ...(a.signature ? { signature: a.signature } : {}),
    ...(a.userDefinedMetadata ? { userDefinedMetadata: a.userDefinedMetadata } : {}),
  };
  fs.writeFileSync(modelPath, JSON.stringify(json));
  fs.writeFileSync(weightsPath, data);
  return { modelPath, weightsPath };
}

/** Reads a saved GraphModel folder (model.json + the shards its manifest lists) as artifacts. */
export function loadGraphModelArtifacts(dir: string): tf.io.ModelArtifacts {
  const { fs, path } = nodeFiles('loadGraphModelArtifacts');
  const json = JSON.parse(fs.readFileSync(path.join(dir, MODEL_FILE), 'utf8')) as tf.io.ModelJSON;
  const groups = json.weightsManifest ?? [];
  const shards = groups.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p))));
  const weightData = concat(shards.map((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer)).buffer as ArrayBuffer;
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

function concat(buffers: readonly ArrayBuffer[]): Uint8Array {
  const out = new Uint8Array(buffers.reduce((n, b) => n + b.byteLength, 0));
  let offset = 0;
  for (const b of buffers) {
    out.set(new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  return out;
}
