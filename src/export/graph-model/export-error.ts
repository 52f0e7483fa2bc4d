// The error of an IR node the GraphModel exporter cannot write: names the kernel, says why, and
// points at the user's source line that created the node. Needs the error class.
// Produces `graphModelError`.

import type { AutographError } from '../../errors/ag-error.js';
import { agError } from '../../errors/catalogue.js';
import { resolvedSource, type NodeSource } from '../../ir/graph.js';

export function graphModelError(op: string, detail: string, nodeSource: NodeSource | undefined): AutographError {
  const source = resolvedSource(nodeSource);
  const where = source ? ` (created at ${shortFile(source.file)}:${source.line})` : '';
  return agError('export/graph-model-unsupported', { op, where, detail }, source);
}

function shortFile(file: string | undefined): string {
  if (!file) return '<anonymous>';
  return file.replace(/^file:\/\//, '').replace(/^.*[\\/]/, '');
}
