// Shared by the commands that need a trace: loads the target and traces it for `--spec`
// (TensorSpecs) or `--args` (concrete values). Needs load-module, parse-inputs, jit.
// Produces `traceTarget`, `TraceOptions`.

import { jit, type JitFunction } from '../../api/jit.js';
import type { ConcreteFunction } from '../../api/concrete-function.js';
import type { ExecutorName } from '../../api/concrete-function.js';
import { loadTarget, type Target } from '../load-module.js';
import { parseArgs, parseSpecs } from '../parse-inputs.js';
import { cliError } from '../messages.js';

export interface TraceOptions {
  readonly spec?: string;
  readonly args?: string;
  readonly executor?: ExecutorName;
}

export interface Traced {
  readonly target: Target;
  readonly jitFn: JitFunction;
  readonly cf: ConcreteFunction;
}

/** Loads `targetText` and traces it; `command` names the command in the missing-option error. */
export async function traceTarget(command: string, targetText: string, opts: TraceOptions): Promise<Traced> {
  const target = await loadTarget(targetText);
  const inputs = opts.spec !== undefined ? parseSpecs(opts.spec) : opts.args !== undefined ? parseArgs(opts.args) : undefined;
  if (inputs === undefined) requireInputs(command, target, '--spec (or --args)');
  const jitFn = makeJit(target, opts.executor);
  return { target, jitFn, cf: jitFn.getConcreteFunction(...(inputs ?? [])) };
}

/** Throws the missing-option error when the target takes arguments and none were given. */
export function requireInputs(command: string, target: Target, options: string): void {
  if (target.fn.length > 0) {
    throw cliError('cli/missing-option', { command, options: `${options}: '${target.name}' takes ${target.fn.length} argument(s)` });
  }
}

/** The jit function of a loaded target, with its scope and name. */
export function makeJit(target: Target, executor?: ExecutorName): JitFunction {
  return jit(target.fn, { scope: target.scope, name: target.name, backend: executor });
}
