// `whileLoop(condFn, bodyFn, loopVars, opts)`, the functional loop (tf.while_loop). Eagerly a JS
// loop; while tracing a While node whose cond/body subgraphs take the loop variables as params.
// JS numbers among the loop variables are weakly typed: an integer starts as int32 and becomes
// float32 when the body makes it a float (the loop is then traced again). Needs subgraph, capture,
// nest, leaf, cond. Produces `whileLoop`.

import * as tf from '@tensorflow/tfjs';
import { Node, type Graph } from '../ir/graph.js';
import { sameShape, shapeToString, type DType, type Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, isTensor, isTracing } from './context.js';
import { valueIn } from './capture.js';
import { flatten } from './nest.js';
import { constIn, finalizeOperands, hasEffects, symbolicTensor, traceInto, type ParamSpec } from './subgraph.js';
import { describeLeaf, leafKind, scalarTruth, weakDType } from './leaf.js';
import { predicateIn, sanitize } from './cond.js';
import { userFrame } from './user-frame.js';

export interface WhileOptions {
  readonly maximumIterations?: number;
  /** Names of the loop variables, for error messages. */
  readonly names?: readonly (string | undefined)[];
}

/** Loop results: JS numbers and booleans among the loop variables come back as tensors when staged. */
export type LoopResult<T extends readonly unknown[]> = { [K in keyof T]: T[K] extends number | boolean ? T[K] | tf.Tensor : T[K] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Vars = any[];

export function whileLoop<T extends readonly unknown[]>(
  condFn: (...vars: LoopResult<T>) => unknown,
  bodyFn: (...vars: LoopResult<T>) => readonly unknown[],
  loopVars: readonly [...T],
  opts: WhileOptions = {},
): LoopResult<T> {
  const max = opts.maximumIterations;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0)) throw agError('while/max-iterations', { value: String(max) });
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

interface Slot extends ParamSpec {
  readonly weak: boolean;
}

class Retry {
  constructor(readonly index: number) {}
}

function stagedLoop(condFn: (...v: Vars) => unknown, bodyFn: (...v: Vars) => Vars, loopVars: Vars, opts: WhileOptions): Vars {
  const parent = currentGraph()!;
  const flat = flatten(loopVars, opts.names);
  const slots: Slot[] = flat.leaves.map((x, i) => slotOf(x, flat.paths[i]!));
  for (;;) {
    try {
      return attempt(parent, condFn, bodyFn, loopVars, flat, slots, opts);
    } catch (e) {
      if (!(e instanceof Retry)) throw e;
      const s = slots[e.index]!;
      slots[e.index] = { ...s, dtype: 'float32', weak: false };
    }
  }
}

function slotOf(x: unknown, name: string): Slot {
  const kind = leafKind(x);
  if (kind === 'tensor') {
    const t = x as tf.Tensor;
    return { dtype: t.dtype as DType, shape: t.shape, name: sanitize(name), weak: false };
  }
  if (kind === 'number' || kind === 'boolean') {
    return { dtype: weakDType(x as number | boolean), shape: [], name: sanitize(name), weak: kind === 'number' };
  }
  throw agError('while/bad-loop-var', { name, type: describeLeaf(x) });
}

function attempt(
  parent: Graph,
  condFn: (...v: Vars) => unknown,
  bodyFn: (...v: Vars) => Vars,
  loopVars: Vars,
  flat: ReturnType<typeof flatten>,
  slots: Slot[],
  opts: WhileOptions,
): Vars {
  const asVars = (args: tf.Tensor[]) => flat.rebuild(args) as Vars;
  const condTrace = traceInto('cond', parent, slots, (args) => condFn(...asVars(args)));
  const c = condTrace.result;
  const condOut = isTensor(c) ? c : constIn(condTrace.graph, Boolean(c), 'bool');
  condTrace.graph.outputs = [predicateIn(condTrace.graph, condOut, 'while')];

  const bodyTrace = traceInto('body', parent, slots, (args) => bodyFn(...asVars(args)));
  const out = flatten(bodyTrace.result, opts.names);
  if (out.signature !== flat.signature) {
    throw agError('while/structure-changed', { name: opts.names?.join(', ') || 'the loop variables', before: flat.signature, after: out.signature });
  }
  bodyTrace.graph.outputs = out.leaves.map((y, i) => {
    const slot = slots[i]!;
    const name = flat.paths[i]!;
    const t = bodyOutput(bodyTrace.graph, y, slot, name, i);
    if (t.dtype !== slot.dtype) {
      if (slot.weak && slot.dtype === 'int32' && t.dtype === 'float32') throw new Retry(i);
      throw agError('while/dtype-changed', { name, before: slot.dtype, after: t.dtype });
    }
    if (!sameShape(t.shape, slot.shape)) {
      throw agError('while/shape-changed', { name, before: shapeToString(slot.shape), after: shapeToString(t.shape) });
    }
    return valueIn(bodyTrace.graph, t);
  });
  bodyTrace.graph.outputNames = flat.paths;

  const operands = finalizeOperands([condTrace.graph, bodyTrace.graph]);
  const inits = flat.leaves.map((x, i) => valueIn(parent, isTensor(x) ? x : constIn(parent, x as number, slots[i]!.dtype)));
  const attrs: Record<string, unknown> = {};
  if (opts.maximumIterations !== undefined) attrs.maximumIterations = opts.maximumIterations;
  const inputs = [...inits, ...operands];
  const node = parent.addNode(
    new Node(parent, 'While', inputs, inputs.map((_, i) => (i < inits.length ? `var${i}` : `input${i - inits.length}`)), attrs, {
      subgraphs: { cond: condTrace.graph, body: bodyTrace.graph },
      effect: hasEffects(condTrace.graph) || hasEffects(bodyTrace.graph),
      source: userFrame(),
    }),
  );
  const results = slots.map((s) => {
    const v = node.addOutput(s.dtype, s.shape as Shape);
    v.name = s.name;
    return symbolicTensor(v);
  });
  void loopVars;
  return flat.rebuild(results) as Vars;
}

function bodyOutput(g: Graph, y: unknown, slot: Slot, name: string, index: number): tf.Tensor {
  const kind = leafKind(y);
  if (kind === 'tensor') return y as tf.Tensor;
  if (kind === 'number' || kind === 'boolean') {
    if (slot.weak && slot.dtype === 'int32' && weakDType(y as number) === 'float32') throw new Retry(index);
    const dtype = kind === 'boolean' ? 'bool' : slot.dtype === 'bool' ? weakDType(y as number) : slot.dtype;
    return constIn(g, y as number, dtype);
  }
  throw agError('while/bad-loop-var', { name, type: describeLeaf(y) });
}
