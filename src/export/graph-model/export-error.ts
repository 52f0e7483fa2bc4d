// The error of an IR node the GraphModel exporter cannot write: names the kernel, says why, and
// points at the user's source line that created the node. Needs the error class.
// Produces `graphModelError`.

import { AutographError } from '../../errors/ag-error.js';
import type { NodeSource } from '../../ir/graph.js';

export function graphModelError(op: string, detail: string, source: NodeSource | undefined): AutographError {
  const where = source ? ` (created at ${shortFile(source.file)}:${source.line})` : '';
  return new AutographError(
    'export/graph-model-unsupported',
    'usage',
    `cannot export kernel ${op} to a TF.js GraphModel${where}: ${detail}`,
    'rewrite this step with ops the GraphModel rule table covers (see graphModelKernels()), or export to ONNX',
    source && { file: source.file, line: source.line, column: source.column, functionName: source.functionName },
  );
}

function shortFile(file: string | undefined): string {
  if (!file) return '<anonymous>';
  return file.replace(/^file:\/\//, '').replace(/^.*[\\/]/, '');
}
