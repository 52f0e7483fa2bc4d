// Shared by the commands that need a trace: loads the target and traces it for `--spec`
// (TensorSpecs) or `--args` (concrete values), and checks that the inputs fit the function (none
// missing, none extra). Needs load-module, parse-inputs, jit, the converter's parser.
// Produces `traceTarget`, `TraceOptions`, `requireInputs`, `checkArity`, `makeJit`.

import { jit, type JitFunction } from '../../api/jit.js';
import type { ConcreteFunction } from '../../api/concrete-function.js';
import type { ExecutorName } from '../../api/concrete-function.js';
import { loadTarget, type Target } from '../load-module.js';
import { parseArgs, parseSpecs } from '../parse-inputs.js';
import { cliError } from '../messages.js';
import { parseFunction } from '../../convert/parse-function.js';

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
  const inputs =
    opts.spec !== undefined ? parseSpecs(opts.spec) : opts.args !== undefined ? parseArgs(opts.args) : undefined;
  if (inputs === undefined) requireInputs(command, target, '--spec (or --args)');
  else checkArity(target, opts.spec !== undefined ? '--spec' : '--args', inputs.length);
  const jitFn = makeJit(target, opts.executor);
  return { target, jitFn, cf: jitFn.getConcreteFunction(...(inputs ?? [])) };
}

/** Throws the missing-option error when the target takes arguments and none were given. */
export function requireInputs(command: string, target: Target, options: string): void {
  if (target.fn.length > 0) {
    throw cliError('cli/missing-option', {
      command,
      options: `${options}: '${target.name}' takes ${target.fn.length} argument(s)`,
    });
  }
}

/** Throws `cli/too-many-args` when more inputs are given than the function has parameters. */
export function checkArity(target: Target, option: string, given: number): void {
  const takes = parameterCount(target.fn);
  if (takes !== undefined && given > takes)
    throw cliError('cli/too-many-args', { option, name: target.name, given, takes });
}

/** How many parameters `fn` declares (undefined with a rest parameter, or when its source cannot be read). */
function parameterCount(fn: (...args: never[]) => unknown): number | undefined {
  try {
    const params = parseFunction(Function.prototype.toString.call(fn), fn.name || 'anonymous').node.params;
    return params.some((p) => p.type === 'RestElement') ? undefined : params.length;
  } catch {
    return undefined;
  }
}

/** The jit function of a loaded target, with its scope and name. */
export function makeJit(target: Target, executor?: ExecutorName): JitFunction {
  return jit(target.fn, { scope: target.scope, name: target.name, executor });
}
