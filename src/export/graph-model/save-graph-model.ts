// Writes a GraphModel export to a folder as tfjs-converter lays it out (model.json with a weights
// manifest, one group1-shard1of1.bin); load-graph-model.ts reads such a folder back.
// Needs node:fs (loaded when called) and the exporter. Produces `saveGraphModel` (and re-exports
// `loadGraphModelArtifacts`).

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../../ir/graph.js';
import { exportGraphModel, type GraphModelExportOptions } from './export-graph-model.js';
import { MODEL_FILE } from './load-graph-model.js';
import { nodeFiles } from '../node-files.js';

export { loadGraphModelArtifacts, type LoadLimits } from './load-graph-model.js';

const WEIGHTS_FILE = 'group1-shard1of1.bin';

export interface SavedGraphModel {
  readonly modelPath: string;
  readonly weightsPath: string;
}

/** Exports `graph` (or writes ready artifacts) into `dir`, creating it if needed. */
export function saveGraphModel(
  source: Graph | tf.io.ModelArtifacts,
  dir: string,
  opts: GraphModelExportOptions = {},
): SavedGraphModel {
  const { fs, path } = nodeFiles('saveGraphModel');
  const a = 'nodes' in source ? exportGraphModel(source, opts) : source;
  fs.mkdirSync(dir, { recursive: true });
  const modelPath = path.join(dir, MODEL_FILE);
  const weightsPath = path.join(dir, WEIGHTS_FILE);
  const data =
    a.weightData instanceof ArrayBuffer ? new Uint8Array(a.weightData) : concat((a.weightData ?? []) as ArrayBuffer[]);
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

function concat(buffers: readonly ArrayBuffer[]): Uint8Array {
  const out = new Uint8Array(buffers.reduce((n, b) => n + b.byteLength, 0));
  let offset = 0;
  for (const b of buffers) {
    out.set(new Uint8Array(b), offset);
    offset += b.byteLength;
  }
  return out;
}
