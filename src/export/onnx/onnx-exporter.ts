// The ONNX format as an exporter plug-in (export/exporter.ts): `cf.export('onnx')` (and cf.toONNX)
// gives the model's bytes, `ag.save(cf, 'f.onnx', { format: 'onnx' })` writes them to one file.
// Needs export-onnx, save-onnx. Produces `onnxExporter`.

import type { FormatExporter } from '../exporter.js';
import { exportOnnx } from './export-onnx.js';
import { saveOnnx } from './save-onnx.js';

export const onnxExporter: FormatExporter<'onnx'> = {
  format: 'onnx',
  description: 'an ONNX model (opset 18, IR version 8) that onnxruntime runs',
  produces: 'bytes',
  saves: 'file',
  extensions: ['.onnx'],
  export: (source, options) => exportOnnx(source.graph, { name: source.name, ...options }),
  async save(source, path, options) {
    await saveOnnx(source.graph, path, { name: source.name, ...options });
    return [path];
  },
};
