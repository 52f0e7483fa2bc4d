// The TF.js GraphModel exporter: `exportGraphModel(graph)` → tf.io.ModelArtifacts, and the rule
// table's coverage. Browser-safe (no node:fs); files are in ./save-graph-model.ts.
// Needs the modules below. Produces the exporter's public surface.

export { exportGraphModel, needsExecuteAsync, type GraphModelExportOptions } from './export-graph-model.js';
export { GRAPH_MODEL_RULES, graphModelKernels } from './rules/index.js';
export type { GraphModelBuilder, GraphModelRule, KernelCall } from './rules/index.js';
export type { GraphDef, NodeDef, FunctionDef, AttrValue } from './graph-def.js';
