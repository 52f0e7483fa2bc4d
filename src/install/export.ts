// `import 'autograph-ts/export'` in a browser bundle, and the package's Node entry: registers every
// exporter — ONNX (cf.toONNX), the TF.js GraphModel (cf.toGraphModel) and the graph pictures
// (viewer.ts) — in export/exporter.ts, and the onnxruntime executor, which runs the ONNX export, in
// the executor registry (`jit(f, { executor: 'onnxruntime' })`).
// Needs export/onnx, export/graph-model, ort/. Produces nothing but that side effect.

import { registerExporter } from '../export/exporter.js';
import { onnxExporter } from '../export/onnx/onnx-exporter.js';
import { graphModelExporter } from '../export/graph-model/graph-model-exporter.js';
import { registerExecutor } from '../exec/executor.js';
import { OnnxRuntimeExecutor } from '../ort/onnxruntime-executor.js';
import './viewer.js';

registerExporter(onnxExporter);
registerExporter(graphModelExporter);
registerExecutor('onnxruntime', (_, options) => new OnnxRuntimeExecutor(options.onnx ?? {}));
