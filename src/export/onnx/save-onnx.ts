// Writes an exported ONNX model to a file (Node only: node:fs is loaded when called).
// Needs export-onnx. Produces `saveOnnx(graph, path, opts)`.

import type { Graph } from '../../ir/graph.js';
import { exportOnnx, type OnnxExportOptions } from './export-onnx.js';
import { nodeFiles } from '../node-files.js';

export async function saveOnnx(graph: Graph, path: string, opts: OnnxExportOptions = {}): Promise<void> {
  const { fsp } = nodeFiles('save');
  await fsp.writeFile(path, exportOnnx(graph, opts));
}
