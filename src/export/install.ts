// `import 'autograph-ts/export'` in a browser bundle, and the package's Node entry: installs every
// exporter into registry.ts — ONNX (cf.toONNX, and the onnxruntime executor that runs it), the TF.js
// GraphModel (cf.toGraphModel) and the graph pictures (install-pictures.ts).
// Needs onnx/, graph-model/, ort/. Produces nothing but that side effect.

import { exportOnnx } from './onnx/export-onnx.js';
import { exportGraphModel } from './graph-model/export-graph-model.js';
import { OnnxRuntimeExecutor } from '../ort/onnxruntime-executor.js';
import { installExporters } from './registry.js';
import './install-pictures.js';

installExporters({
  onnx: { exportOnnx, onnxRuntime: (opts) => new OnnxRuntimeExecutor(opts) },
  graphModel: { exportGraphModel },
});
