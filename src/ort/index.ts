// The onnxruntime executor's public surface. Needs the modules below. Produces their exports.
export { OnnxRuntimeExecutor, type OnnxRuntimeOptions } from './onnxruntime-executor.js';
