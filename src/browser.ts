// The public API of autograph-ts as browser bundles get it (the "browser" condition of package.json
// "exports"): everything but the run-time converter, for pages whose functions the Vite or Babel
// plugin converted at build time; `import 'autograph-ts/convert'` adds the converter (and Babel) to a
// page that converts at run time, `import 'autograph-ts/export'` the exporters behind cf.toONNX,
// cf.toGraphModel and the onnxruntime executor, and `import 'autograph-ts/viewer'` (or /export) the
// pictures behind cf.toDot, toSVG, toHTML and mountViewer (export/exporter.ts). The named functions
// below (exportOnnx, toDot…) work without them. The Node entry, index.ts, is this plus all of those.
// Needs every stage. Produces the public API.

export { jit, runFunctionsEagerly, type JitFunction, type JitOptions } from './api/jit.js';
export { ConcreteFunction, type ExecutorName, type SpecArg, type SpecArgs } from './api/concrete-function.js';
export { spec, TensorSpec } from './api/tensor-spec.js';
export {
  cond,
  whileLoop,
  isTracing,
  isSymbolic,
  type CondOptions,
  type WhileOptions,
  type LoopResult,
} from './trace/control-flow.js';
export type { Staged, JitArg, JitArgs, AnyFn, IsAny } from './trace/staged-types.js';
export { print, assert, setPrintSink } from './trace/effects.js';
export { setElementType, stack, TensorList } from './trace/tensor-list.js';
export { setLoopOptions, type LoopOptions } from './api/set-loop-options.js';
export { AutographError } from './errors/ag-error.js';
export { Graph, Node, Value } from './ir/graph.js';
export { verify } from './ir/verify.js';
export { toGraph, type ToGraphOptions, type ConvertedFunction } from './api/to-graph.js';
export { toCode, type ToCodeOptions } from './api/to-code.js';
export { doNotConvert } from './runtime/do-not-convert.js';
export { setVerbosity, verbosity, type Verbosity } from './platform/log.js';
export { setThreads, threads } from './api/threads.js';
export { silenceWarnings } from './api/silence-warnings.js';
export { version } from './platform/version.js';
export { range } from './runtime/ranges.js';
export {
  exportGraphModel,
  graphModelKernels,
  needsExecuteAsync,
  type GraphModelExportOptions,
} from './export/graph-model/index.js';
export { saveGraphModel, loadGraphModelArtifacts, type LoadLimits } from './export/graph-model/save-graph-model.js';
export {
  toDot,
  toSVG,
  toHTML,
  setGraphviz,
  type DotOptions,
  type GraphvizModule,
  type ViewerOptions,
  type ViewerCode,
  type ViewerApi,
} from './export/dot/index.js';
export type { GraphView, ViewOptions, PrintViewOptions, ExportFormat, ExportFormats } from './api/concrete-function.js';
export { save, type SaveOptions } from './api/save.js';
export { exportOnnx, type OnnxExportOptions, type OnnxNumerics } from './export/onnx/index.js';
export type { OnnxRuntimeOptions } from './ort/index.js';
// Types the API mentions (parameters, results, fields), so they can be named and documented.
export type { DType, Shape, TensorType } from './ir/types.js';
export type { ErrorKind, SourceLocation } from './errors/ag-error.js';
export type { Signature } from './api/signature.js';
export type { Flat } from './trace/nest.js';
export type { TraceArg } from './trace/trace-function.js';
export type { Capture, CaptureSource, NodeSource, ConstValues } from './ir/graph.js';
export type { PrintOptions } from './ir/print.js';
export type { SavedGraphModel } from './export/graph-model/save-graph-model.js';
export type { AssertError } from './trace/effects.js';
export type { ListLike, ElementType } from './trace/list-registry.js';
export type { TensorRange } from './runtime/ranges.js';
