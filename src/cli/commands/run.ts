// `autograph run <file>[#export] --args ... [--eager] [--json]`: calls the function through jit (or
// its converted code eagerly) on the given inputs and prints the outputs as values.
// Needs load-module, parse-inputs, format-output. Produces `runCommand`.

import { toGraph } from '../../api/to-graph.js';
import type { ExecutorName } from '../../api/concrete-function.js';
import { loadTarget } from '../load-module.js';
import { parseArgs } from '../parse-inputs.js';
import { formatOutput, toJson } from '../format-output.js';
import { checkArity, makeJit, requireInputs } from './trace-target.js';

export interface RunOptions {
  readonly args?: string;
  readonly executor?: ExecutorName;
  readonly eager?: boolean;
  readonly json?: boolean;
}

export async function runCommand(targetText: string, opts: RunOptions): Promise<void> {
  const target = await loadTarget(targetText);
  if (opts.args === undefined) requireInputs('run', target, '--args');
  const args = parseArgs(opts.args ?? '');
  checkArity(target, '--args', args.length);
  const fn = opts.eager ? toGraph(target.fn, { scope: target.scope }) : makeJit(target, opts.executor);
  const result = fn(...args);
  process.stdout.write(`${opts.json ? JSON.stringify(toJson(result)) : formatOutput(result)}\n`);
}
