// `whileLoop(condFn, bodyFn, loopVars, opts)`, the functional loop (tf.while_loop). Eagerly a JS
// loop; while tracing a While node whose cond/body subgraphs take the loop variables as params.
// JS numbers among the loop variables are weakly typed: an integer starts as int32 and becomes
// float32 when the body makes it a float (the loop is then traced again). Under a gradient tape the
// loop keeps records of its iterations and gets a tape entry (through the hook grad/while-grad.ts
// fills). Needs subgraph, capture, nest, leaf, cond, tape-hooks, and while-slots (the loop variables'
// slots and the checks of the body's result). Produces `whileLoop`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type SourceSite } from '../ir/graph.js';
import type { DType, Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, isTensor, isTracing } from './context.js';
import { captureObservers, valueIn } from './capture.js';
import { operandTensors, tapeActive, tapeHook } from './tape-hooks.js';
import { flatten } from './nest.js';
import { constIn, finalizeOperands, hasEffects, symbolicTensor, traceInto } from './subgraph.js';
import { scalarTruth } from './leaf.js';
import { predicateIn, sanitize } from './cond.js';
import { userFrame } from './user-frame.js';
import { assignTracked } from './variables.js';
import { isTensorList } from './list-registry.js';
import { listFromArray, TensorList } from './tensor-list.js';
import { listResult } from './list-staging.js';
import { leafInvariants, Retry, RetryDeclared, setBodyOutputs, slotOf, type Slot, type Vars } from './while-slots.js';
import { OP } from '../ir/ops.js';

export interface WhileOptions {
  readonly maximumIterations?: number;
  /**
   * Per loop variable (in order), a shape its value keeps from one iteration to the next, where
   * `null` dimensions may change (TF's shape_invariants); only for tensor loop variables.
   */
  readonly shapeInvariants?: readonly (readonly (number | null)[] | undefined)[];
  /** Names of the loop variables, for error messages. */
  readonly names?: readonly (string | undefined)[];
  /** The user's loop this one stages (set by converted code), for pictures. */
  readonly site?: SourceSite;
}

/** Loop results: JS numbers and booleans among the loop variables come back as tensors when staged. */
export type LoopResult<T extends readonly unknown[]> = {
  [K in keyof T]: T[K] extends number | boolean ? T[K] | tf.Tensor : T[K];
};

/**
 * TF's `tf.while_loop`: the loop variables are passed spread to `condFn` and `bodyFn`, which returns
 * the next ones. Eagerly a JS loop; while tracing a `While` node (`opts.maximumIterations` caps it).
 */
export function whileLoop<T extends readonly unknown[]>(
  condFn: (...vars: LoopResult<T>) => unknown,
  bodyFn: (...vars: LoopResult<T>) => readonly unknown[],
  loopVars: readonly [...T],
  opts: WhileOptions = {},
): LoopResult<T> {
  const max = opts.maximumIterations;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0))
    throw agError('while/max-iterations', { value: String(max) });
  const c = condFn as (...v: Vars) => unknown;
  const b = bodyFn as (...v: Vars) => Vars;
  const vars = [...loopVars] as Vars;
  const out = isTracing() ? stagedLoop(c, b, vars, opts) : eagerLoop(c, b, vars, max);
  return out as unknown as LoopResult<T>;
}

function truthy(x: unknown): boolean {
  return isTensor(x) ? scalarTruth(x, 'while') : Boolean(x);
}

function eagerLoop(condFn: (...v: Vars) => unknown, bodyFn: (...v: Vars) => Vars, vars: Vars, max?: number): Vars {
  for (let i = 0; max === undefined || i < max; i++) {
    if (!truthy(condFn(...vars))) break;
    vars = [...bodyFn(...vars)];
  }
  return vars;
}

function stagedLoop(
  condFn: (...v: Vars) => unknown,
  bodyFn: (...v: Vars) => Vars,
  loopVars: Vars,
  opts: WhileOptions,
): Vars {
  const parent = currentGraph()!;
  const written: tf.Variable[] = [];
  for (;;) {
    const flat = flatten(loopVars, opts.names);
    const invariants = leafInvariants(loopVars, opts);
    const slots: Slot[] = flat.leaves.map((x, i) => slotOf(x, flat.paths[i]!, invariants[i]));
    for (;;) {
      const traced = traceAttempt(parent, condFn, bodyFn, loopVars, flat, slots, written, opts);
      if (traced instanceof RetryDeclared) break; // the loop variables' structure changed: flatten again
      if (traced instanceof Retry) {
        slots[traced.index] = traced.slot;
        continue;
      }
      return emitWhile(parent, traced, loopVars, flat, written, opts);
    }
  }
}

/** The loop variables as the user's functions see them: list slots wrapped as TensorLists. */
function wrapArgs(args: tf.Tensor[], slots: readonly Slot[]): unknown[] {
  return args.map((t, i) => {
    const list = slots[i]!.list;
    return list ? new TensorList(t, list.dtype, list.shape) : t;
  });
}

/** One trace of cond and body: their graphs, the slots they take (loop variable leaves, then written variables). */
interface Traced {
  readonly cond: ReturnType<typeof traceInto<unknown>>;
  readonly body: ReturnType<typeof traceInto<Vars>>;
  readonly slots: readonly Slot[];
  /** Under a gradient tape: the tensors cond and body take from outside, for the loop's tape entry. */
  readonly observed: Set<tf.Tensor> | undefined;
}

/**
 * Traces cond and body for the slots `leafSlots` (and the variables in `written`): the traces, or
 * why the loop must be traced again (a Retry; `written` may have grown).
 */
function traceAttempt(
  parent: Graph,
  condFn: (...v: Vars) => unknown,
  bodyFn: (...v: Vars) => Vars,
  loopVars: Vars,
  flat: ReturnType<typeof flatten>,
  leafSlots: Slot[],
  written: tf.Variable[],
  opts: WhileOptions,
): Traced | Retry | RetryDeclared {
  // Variables written by the body are loop variables too, after the leaves; inside the traced
  // functions each reads its loop-carried param.
  const slots: Slot[] = [
    ...leafSlots,
    ...written.map((v) => ({ dtype: v.dtype as DType, shape: v.shape, name: sanitize(v.name), weak: false })),
  ];
  const n = leafSlots.length;
  const asVars = (args: tf.Tensor[]) => {
    written.forEach((v, k) => assignTracked(v, args[n + k]!));
    return flat.rebuild(wrapArgs(args.slice(0, n), leafSlots)) as Vars;
  };
  let bodyLists: unknown[] = [];
  // The loop variables the body received (a JS array appended to in place stays the same object).
  let bodyVars: Vars = [];
  const observed = tapeActive() ? new Set<tf.Tensor>() : undefined;
  const observer = (t: tf.Tensor) => observed!.add(t);
  if (observed) captureObservers.push(observer);
  try {
    const cond = traceInto('cond', parent, slots, (args) => condFn(...asVars(args)));
    const c = cond.result;
    const condOut = isTensor(c) ? c : constIn(cond.graph, Boolean(c), 'bool');
    cond.graph.outputs = [predicateIn(cond.graph, condOut, 'while')];

    const body = traceInto('body', parent, slots, (args) => {
      const vars = asVars(args);
      bodyVars = [...vars];
      bodyLists = flatten(vars).leaves;
      return bodyFn(...vars);
    });
    // Inside the observed span: a body output taken from outside (`s = w`) is captured here.
    const retry = setBodyOutputs(body, cond, { loopVars, bodyVars, bodyLists, written, slots, flat, opts });
    return retry ?? { cond, body, slots, observed };
  } finally {
    if (observed) captureObservers.splice(captureObservers.indexOf(observer), 1);
  }
}

/** Adds the While node of a traced loop to `parent`: the loop variables after the loop. */
function emitWhile(
  parent: Graph,
  traced: Traced,
  loopVars: Vars,
  flat: ReturnType<typeof flatten>,
  written: tf.Variable[],
  opts: WhileOptions,
): Vars {
  const { cond, body, slots, observed } = traced;
  const n = slots.length - written.length;
  const operands = finalizeOperands([cond.graph, body.graph]);
  const initTensors: tf.Tensor[] = flat.leaves.map((x, i) => {
    const slot = slots[i]!;
    if (slot.list) return isTensorList(x) ? x.handle : listFromArray(parent, x as unknown[], slot.list);
    return isTensor(x) ? x : constIn(parent, x as number, slot.dtype);
  });
  initTensors.push(...written);
  const inits = initTensors.map((t) => valueIn(parent, t));
  const attrs: Record<string, unknown> = {};
  if (opts.maximumIterations !== undefined) attrs.maximumIterations = opts.maximumIterations;
  const inputs = [...inits, ...operands];
  const node = parent.addNode(
    new Node(
      parent,
      OP.While,
      inputs,
      inputs.map((_, i) => (i < inits.length ? `var${i}` : `input${i - inits.length}`)),
      attrs,
      {
        subgraphs: { cond: cond.graph, body: body.graph },
        effect: hasEffects(cond.graph) || hasEffects(body.graph),
        source: userFrame(),
        site: opts.site,
      },
    ),
  );
  const raw: tf.Tensor[] = [];
  const results = slots.map((s, i) => {
    const v = node.addOutput(s.dtype, s.shape as Shape);
    v.name = s.name;
    const t = symbolicTensor(v);
    raw.push(t);
    return s.list ? listResult(flat.leaves[i], t, s.list) : t;
  });
  if (observed) {
    const listTypes = slots.map((s) =>
      s.list ? { elementDtype: s.list.dtype, elementShape: s.list.shape ? [...s.list.shape] : null } : undefined,
    );
    tapeHook('while')(
      node,
      listTypes,
      initTensors.map((t) => [t]),
      operandTensors(parent, operands, observed),
      raw,
    );
  }
  written.forEach((v, k) => assignTracked(v, results[n + k] as tf.Tensor));
  results.length = n;
  void loopVars;
  return flat.rebuild(results) as Vars;
}
