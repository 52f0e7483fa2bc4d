// `autograph graph <file>[#export] --spec ... [--trace | --passes] [--sources]`: prints the graph of
// the concrete function for the specs: the optimized graph the executor runs, the trace, or the
// trace followed by what each optimizer pass changed. Needs trace-target. Produces `graphCommand`.

import { traceTarget, type TraceOptions } from './trace-target.js';

export interface GraphOptions extends TraceOptions {
  readonly trace?: boolean;
  readonly passes?: boolean;
  readonly sources?: boolean;
}

export async function graphCommand(targetText: string, opts: GraphOptions): Promise<void> {
  const { cf } = await traceTarget('graph', targetText, opts);
  const graph = opts.passes ? 'passes' : opts.trace ? 'trace' : 'optimized';
  process.stdout.write(`${cf.toString({ graph, sources: opts.sources })}\n`);
}
