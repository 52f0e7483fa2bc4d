// `autograph svg <file>[#export] --spec ... [--html] [--dot] [--trace] [-o file]`: the picture of the (optimized) graph as
// SVG (Graphviz), as the collapsible HTML viewer, or as DOT text; to a file or stdout.
// Needs trace-target and the DOT exporter. Produces `svgCommand`.

import { writeFileSync } from 'node:fs';
import { traceTarget, type TraceOptions } from './trace-target.js';

export interface SvgOptions extends TraceOptions {
  readonly html?: boolean;
  readonly dot?: boolean;
  readonly output?: string;
  /** Draw the trace instead of the optimized graph. */
  readonly trace?: boolean;
}

export async function svgCommand(targetText: string, opts: SvgOptions): Promise<void> {
  const { cf } = await traceTarget('svg', targetText, opts);
  const view = { graph: opts.trace ? ('trace' as const) : ('optimized' as const) };
  const text = opts.dot ? cf.toDot(view) : opts.html ? await cf.toHTML(view) : await cf.toSVG(view);
  if (opts.output) {
    writeFileSync(opts.output, text);
    process.stdout.write(`wrote ${opts.output}\n`);
  } else {
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}
