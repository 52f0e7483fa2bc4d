// `save(cf, path, { format })`: writes a concrete function as an ONNX file or as a TF.js GraphModel
// folder (model.json + weights). Needs the exporters. Produces `save`.

import type { ConcreteFunction } from './concrete-function.js';
import { saveOnnx } from '../export/onnx/index.js';
import { saveGraphModel } from '../export/graph-model/save-graph-model.js';
import { agError } from '../errors/catalogue.js';

export interface SaveOptions {
  readonly format: 'onnx' | 'graph-model';
}

/** Writes `cf` to `path` (a file for ONNX, a folder for a GraphModel); resolves to the paths written. */
export async function save(cf: ConcreteFunction, path: string, opts: SaveOptions): Promise<string[]> {
  if (opts.format === 'onnx') {
    await saveOnnx(cf.graph, path, { name: cf.name });
    return [path];
  }
  if (opts.format === 'graph-model') {
    const saved = saveGraphModel(cf.graph, path);
    return [saved.modelPath, saved.weightsPath];
  }
  throw agError('api/bad-save-format', { format: String((opts as { format?: unknown }).format) });
}
