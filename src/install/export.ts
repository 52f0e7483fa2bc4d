// `import 'autograph-ts/export'` in a browser bundle, and the package's Node entry: installs every
// exporter into export/registry.ts — ONNX (cf.toONNX), the TF.js GraphModel (cf.toGraphModel) and the
// graph pictures (viewer.ts) — and the onnxruntime executor, which runs the ONNX export, into the
// executor registry (`jit(f, { executor: 'onnxruntime' })`).
// Needs export/onnx, export/graph-model, ort/. Produces nothing but that side effect.

import { exportOnnx } from '../export/onnx/export-onnx.js';
import { exportGraphModel } from '../export/graph-model/export-graph-model.js';
import { installExporters } from '../export/registry.js';
import { registerExecutor } from '../exec/executor.js';
import { OnnxRuntimeExecutor } from '../ort/onnxruntime-executor.js';
import './viewer.js';

installExporters({ onnx: { exportOnnx }, graphModel: { exportGraphModel } });
registerExecutor('onnxruntime', (_, options) => new OnnxRuntimeExecutor(options.onnx ?? {}));
