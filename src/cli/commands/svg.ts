// `autograph svg <file>[#export] --spec ... [--html] [--dot] [-o file]`: the picture of the graph as
// SVG (Graphviz), as the collapsible HTML viewer, or as DOT text; to a file or stdout.
// Needs trace-target and the DOT exporter. Produces `svgCommand`.

import { writeFileSync } from 'node:fs';
import { traceTarget, type TraceOptions } from './trace-target.js';

export interface SvgOptions extends TraceOptions {
  readonly html?: boolean;
  readonly dot?: boolean;
  readonly output?: string;
}

export async function svgCommand(targetText: string, opts: SvgOptions): Promise<void> {
  const { cf } = await traceTarget('svg', targetText, opts);
  const text = opts.dot ? cf.toDot() : opts.html ? await cf.toHTML() : await cf.toSVG();
  if (opts.output) {
    writeFileSync(opts.output, text);
    process.stdout.write(`wrote ${opts.output}\n`);
  } else {
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}
