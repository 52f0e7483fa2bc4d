// Errors of the ONNX exporter. A rule throws `OnnxExportError` (what it cannot express); the
// lowering turns it into an AutographError naming the kernel and the user's source line.
// Needs the error class. Produces `OnnxExportError`, `onnxError` (messages live in src/errors/messages/export.ts).

import type { AutographError } from '../../errors/ag-error.js';
import { agError } from '../../errors/catalogue.js';
import type { exportMessages } from '../../errors/messages/export.js';
import { resolvedSource, type NodeSource } from '../../ir/graph.js';

/** Thrown by rules and helpers; carries only the reason. */
export class OnnxExportError extends Error {
  override name = 'OnnxExportError';
}

type Id = 'export/onnx-unsupported-kernel' | 'export/onnx-unsupported-use' | 'export/onnx-differs-at-edges';

export function onnxError<K extends Id>(
  id: K,
  params: Parameters<(typeof exportMessages)[K]['text']>[0],
  source?: NodeSource,
): AutographError {
  return agError(id, params as never, resolvedSource(source));
}
