// The public API of autograph-ts (DESIGN §1).
export { jit, type JitFunction, type JitOptions } from './api/jit.js';
export { ConcreteFunction } from './api/concrete-function.js';
export { spec, TensorSpec } from './api/tensor-spec.js';
export { cond, whileLoop, isTracing, isSymbolic } from './trace/control-flow.js';
export { print, assert, setPrintSink } from './trace/effects.js';
export { setElementType, stack, TensorList } from './trace/tensor-list.js';
export { AutographError } from './errors/ag-error.js';
export { Graph, Node, Value } from './ir/graph.js';
export { verify } from './ir/verify.js';
export { toGraph, type ToGraphOptions } from './api/to-graph.js';
export { toCode, type ToCodeOptions } from './api/to-code.js';
export { doNotConvert } from './runtime/do-not-convert.js';
export { range } from './runtime/loops.js';
export { exportGraphModel, graphModelKernels, needsExecuteAsync, type GraphModelExportOptions } from './export/graph-model/index.js';
export { saveGraphModel, loadGraphModelArtifacts } from './export/graph-model/save-graph-model.js';
export { toDot, toSVG, toHTML, type DotOptions } from './export/dot/index.js';
