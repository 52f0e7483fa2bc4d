// `autograph export <file>[#export] --spec ... --onnx out.onnx | --graph-model dir/`: writes the
// concrete function as an ONNX model and/or a TF.js GraphModel folder (ag.save); prints the paths.
// Needs trace-target and save. Produces `exportCommand`.

import { save } from '../../api/save.js';
import { cliError } from '../messages.js';
import { traceTarget, type TraceOptions } from './trace-target.js';

export interface ExportOptions extends TraceOptions {
  readonly onnx?: string;
  readonly graphModel?: string;
}

export async function exportCommand(targetText: string, opts: ExportOptions): Promise<void> {
  if (!opts.onnx && !opts.graphModel) throw cliError('cli/missing-option', { command: 'export', options: '--onnx <file> or --graph-model <dir>' });
  const { cf } = await traceTarget('export', targetText, opts);
  const written: string[] = [];
  if (opts.onnx) written.push(...(await save(cf, opts.onnx, { format: 'onnx' })));
  if (opts.graphModel) written.push(...(await save(cf, opts.graphModel, { format: 'graph-model' })));
  for (const path of written) process.stdout.write(`wrote ${path}\n`);
}
