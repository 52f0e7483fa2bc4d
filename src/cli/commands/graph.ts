// `autograph graph <file>[#export] --spec ...`: prints the IR of the concrete function for the specs.
// Needs trace-target. Produces `graphCommand`.

import { traceTarget, type TraceOptions } from './trace-target.js';

export async function graphCommand(targetText: string, opts: TraceOptions): Promise<void> {
  const { cf } = await traceTarget('graph', targetText, opts);
  process.stdout.write(`${cf.graph.toString()}\n`);
}
