// Tracing of a whole user function into a top-level Graph: arguments become params (symbolic
// tensors), the function runs with the graph backend active, returned tensors become outputs,
// JS numbers and booleans returned become scalar Const outputs, variable writes become AssignVariable
// nodes, unseeded random ops become draw nodes (random-draws).
// Variables may be created only when `opts.allowVariableCreation` (the first trace).
// Needs the graph backend, engine's backend switch, context, variables, variable-creation, nest,
// random-draws, user-frame. Produces `traceFunction`, which returns the graph and how to rebuild the output
// structure.

import * as tf from '@tensorflow/tfjs-core';
import { Graph } from '../ir/graph.js';
import type { DType, Shape } from '../ir/types.js';
import { flatten, type Flat } from './nest.js';
import { ensureGraphBackend, GRAPH_BACKEND, registerKernels } from './graph-backend.js';
import { withActiveBackend } from '../engine/backend-switch.js';
import { popGraph, pushGraph, isTensor } from './context.js';
import { symbolicTensor } from './subgraph.js';
import { valueIn } from './capture.js';
import { withVariableTracking } from './variables.js';
import { withVariableCreation } from './variable-creation.js';
import { sanitize } from './cond.js';
import { isTensorList } from './list-registry.js';
import { stack } from './tensor-list.js';
import { weakDType } from './leaf.js';
import { agError } from '../errors/catalogue.js';
import { stackSource, userLocation } from './user-frame.js';
import { checkFrozenDraws, withRandomStaging } from './random-draws.js';

/** `argument 0.x` → `a.x` when the first parameter is called `a`; `argument 2` → `rest[1]` for `(a, ...rest)`. */
function paramPath(path: string, names: readonly (string | undefined)[] | undefined): string {
  const m = /^argument (\d+)(.*)$/.exec(path);
  if (!m || !names) return path;
  const i = Number(m[1]);
  const r = names.findIndex((n) => n?.startsWith('...'));
  const name = r >= 0 && i >= r ? `${names[r]!.slice(3)}[${i - r}]` : names[i];
  return name ? `${name}${m[2]}` : path;
}

/**
 * tfjs's `concat` of no tensors while a param has an unknown dimension: code that batches along it
 * (tfjs-layers' predict loop makes no batch of an unknown size) — said as such, at the user's line.
 */
function unknownBatch(e: unknown, graph: Graph): Error | undefined {
  if (!(e instanceof Error) || e.message !== 'Pass at least one tensor to concat') return undefined;
  const unknown = graph.params.filter((p) => p.shape.some((d) => d < 0));
  if (unknown.length === 0) return undefined;
  const params = unknown
    .map((p) => `${p.name ?? 'input'}: ${p.dtype}[${p.shape.map((d) => (d < 0 ? '?' : d)).join(',')}]`)
    .join(', ');
  return agError('trace/unknown-batch', { params }, userLocation(stackSource(e.stack)));
}

/** An argument leaf of the trace: a tensor placeholder of this type, or a JS value passed as is. */
export type TraceArg =
  | { readonly kind: 'tensor'; readonly dtype: DType; readonly shape: Shape }
  | { readonly kind: 'value'; readonly value: unknown };

/** How to turn the graph's output tensors back into what the function returned. */
export interface OutputPlan {
  readonly flat: Flat;
  /** Per leaf: index into the graph outputs, or a JS value returned as is. */
  readonly leaves: readonly ({ readonly output: number } | { readonly value: unknown })[];
}

export interface Traced {
  readonly graph: Graph;
  readonly output: OutputPlan;
}

/**
 * Traces `fn` (the graph is called `name`) with arguments whose structure is `argsFlat` and whose
 * leaves are `leaves`. Params are named after the paths of the tensor leaves, with `argument <i>`
 * replaced by `opts.paramNames[i]` (the function's own parameter names) where known;
 * `opts.allowVariableCreation` (default true) lets `fn` create tf.Variables.
 */
export function traceFunction(
  name: string,
  fn: (...args: unknown[]) => unknown,
  argsFlat: Flat,
  leaves: readonly TraceArg[],
  opts: { readonly allowVariableCreation?: boolean; readonly paramNames?: readonly (string | undefined)[] } = {},
): Traced {
  const backend = ensureGraphBackend();
  registerKernels(tf.getBackend()); // kernels registered since the last trace (custom ops)
  const graph = new Graph(name);
  const engine = tf.engine();
  engine.startScope('autograph-trace');
  pushGraph(graph);
  try {
    const traced = withRandomStaging(() =>
      withActiveBackend(GRAPH_BACKEND, backend, () =>
        withVariableTracking(graph, () =>
          withVariableCreation(graph, opts.allowVariableCreation ?? true, () => {
            const argLeaves = leaves.map((leaf, i) => {
              if (leaf.kind === 'value') return leaf.value;
              return symbolicTensor(
                graph.addParam(leaf.dtype, leaf.shape, sanitize(paramPath(argsFlat.paths[i]!, opts.paramNames))),
              );
            });
            const args = argsFlat.rebuild(argLeaves) as unknown[];
            const result = fn(...args);
            if (result instanceof Promise) throw agError('trace/async-function', { name });
            const flat = flatten(result, undefined, { listsAsLeaves: false });
            const planLeaves = flat.leaves.map((leaf) => {
              // A staged list leaves as a tensor; a JS number or boolean as a scalar Const, as tf.function
              // returns every output as a tensor (and as jit's type says).
              const x = isTensorList(leaf)
                ? stack(leaf)
                : typeof leaf === 'number' || typeof leaf === 'boolean'
                  ? tf.scalar(leaf, weakDType(leaf))
                  : leaf;
              if (!isTensor(x)) return { value: x };
              graph.outputs.push(valueIn(graph, x));
              return { output: graph.outputs.length - 1 };
            });
            graph.outputNames = flat.paths;
            return { graph, output: { flat, leaves: planLeaves } };
          }),
        ),
      ),
    );
    checkFrozenDraws(graph);
    return traced;
  } catch (e) {
    throw unknownBatch(e, graph) ?? e;
  } finally {
    popGraph(graph);
    engine.endScope(undefined as never);
  }
}
