// `autograph export <file>[#export] --spec ... --onnx out.onnx | --graph-model dir/ | --format f -o path`:
// writes the concrete function as an ONNX model, a TF.js GraphModel folder and/or any export format
// installed (ag.save, through the exporter registry); prints the paths.
// Needs trace-target, save, the exporter registry. Produces `exportCommand`.

import '../../install/export.js'; // every export format (the CLI loads the Node entry too)
import { save } from '../../api/save.js';
import { exporterFor, type ExportFormat } from '../../export/exporter.js';
import { cliError } from '../messages.js';
import { traceTarget, type TraceOptions } from './trace-target.js';

export interface ExportOptions extends TraceOptions {
  readonly onnx?: string;
  readonly graphModel?: string;
  /** An export format's name (checked by the registry: `export/unknown-format`). */
  readonly format?: string;
  readonly output?: string;
}

export async function exportCommand(targetText: string, opts: ExportOptions): Promise<void> {
  if (!opts.onnx && !opts.graphModel && !opts.format) {
    throw cliError('cli/missing-option', {
      command: 'export',
      options: '--onnx <file>, --graph-model <dir> or --format <format> -o <path>',
    });
  }
  if (opts.format && !opts.output)
    throw cliError('cli/missing-option', { command: 'export', options: '-o <path> with --format' });
  if (opts.format) exporterFor(opts.format, 'autograph export --format'); // an unknown format fails before tracing
  const { cf } = await traceTarget('export', targetText, opts);
  const written: string[] = [];
  if (opts.onnx) written.push(...(await save(cf, opts.onnx, { format: 'onnx' })));
  if (opts.graphModel) written.push(...(await save(cf, opts.graphModel, { format: 'graph-model' })));
  if (opts.format) written.push(...(await save(cf, opts.output!, { format: opts.format as ExportFormat })));
  for (const path of written) process.stdout.write(`wrote ${path}\n`);
}
