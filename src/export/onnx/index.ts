// The ONNX exporter's public surface. Needs the modules below. Produces their exports.
export {
  exportOnnx,
  exportOnnxModel,
  ONNX_OPSET,
  ONNX_IR_VERSION,
  type OnnxExport,
  type OnnxExportOptions,
  type OnnxNumerics,
} from './export-onnx.js';
export { saveOnnx } from './save-onnx.js';
export { ONNX_RULES, onnxKernels, onnxRuleFor } from './rules/index.js';
