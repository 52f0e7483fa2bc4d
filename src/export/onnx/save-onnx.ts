// Writes an exported ONNX model to a file (Node only: node:fs is loaded when called).
// Needs export-onnx. Produces `saveOnnx(graph, path, opts)`.

import type { Graph } from '../../ir/graph.js';
import { exportOnnx, type OnnxExportOptions } from './export-onnx.js';

export async function saveOnnx(graph: Graph, path: string, opts: OnnxExportOptions = {}): Promise<void> {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path, exportOnnx(graph, opts));
}
