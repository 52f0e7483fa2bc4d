// `whileLoop(condFn, bodyFn, loopVars, opts)`, the functional loop (tf.while_loop). Eagerly a JS
// loop; while tracing a While node whose cond/body subgraphs take the loop variables as params.
// JS numbers among the loop variables are weakly typed: an integer starts as int32 and becomes
// float32 when the body makes it a float (the loop is then traced again). Under a gradient tape the
// loop keeps records of its iterations and gets a tape entry (through the hook grad/while-grad.ts
// fills). Needs subgraph, capture, nest, leaf, cond, tape-hooks. Produces `whileLoop`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Graph, type SourceSite, type Value } from '../ir/graph.js';
import { fitsShape, LIST_DTYPE, sameShape, shapeToString, type DType, type Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, isTensor, isTracing } from './context.js';
import { captureObservers, valueIn } from './capture.js';
import { operandTensors, tapeActive, tapeHook } from './tape-hooks.js';
import { flatten } from './nest.js';
import { constIn, finalizeOperands, hasEffects, symbolicTensor, traceInto, type ParamSpec } from './subgraph.js';
import { describeLeaf, leafKind, scalarTruth, weakDType } from './leaf.js';
import { predicateIn, sanitize } from './cond.js';
import { userFrame } from './user-frame.js';
import { assignTracked } from './variables.js';
import { declareList, isDeclaredList, isTensorList, type ElementType, type ListLike } from './list-registry.js';
import { noteListOfAliased } from './js-differences.js';
import { elementTypeOf, listFromArray, TensorList } from './tensor-list.js';
import { listHandle, listResult, listTypeOf, sameListType } from './list-staging.js';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Vars = any[];

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

interface Slot extends ParamSpec {
  readonly weak: boolean;
  /** The shape is a shape invariant (-1: any size). */
  readonly invariant?: boolean;
  /** For a tensor-list loop variable: its element type (shape learned from the body if unknown). */
  readonly list?: ElementType;
}

// Retracing: a trace attempt of cond and body returns (does not throw) one of these when what the
// body did changes the loop's slots; stagedLoop then traces again.

/** Trace the loop again with slot `index` replaced (a weak number became float32, a list learned its shape). */
class Retry {
  constructor(
    readonly index: number,
    readonly slot: Slot,
  ) {}
}

/** Trace again because an undeclared JS array grew in the body: it is now declared a list. */
class RetryDeclared {}

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

/** Trace again: the body wrote variables that are not loop variables yet (they were added to `written`). */
class RetryVariables extends RetryDeclared {}

/**
 * An undeclared JS array loop variable that the body appended to becomes a tensor list whose
 * element type is that of the first appended element; one the body popped from, a list of the
 * type of its elements (returns true when one was declared).
 */
function declareGrownArrays(
  loopVars: Vars,
  out: unknown,
  received: Vars,
  names?: readonly (string | undefined)[],
): boolean {
  if (!Array.isArray(out)) return false;
  let declared = false;
  loopVars.forEach((v, i) => {
    const after = out[i];
    // Only an array the body appended to in place (`z.push(x)`); a new array assigned to the
    // variable (`s = [...s, t]`, `s.concat([t])`) is a change of structure.
    if (Array.isArray(after) && after !== received[i]) return;
    if (Array.isArray(v) && !isDeclaredList(v) && after instanceof TensorList) {
      // A staged if in the body made a list of it.
      declareList(v, { dtype: after.elementDtype, shape: after.elementShape });
      noteListOfAliased(v, names?.[i]);
      declared = true;
      return;
    }
    if (!Array.isArray(v) || isDeclaredList(v) || !Array.isArray(after) || after.length === v.length) return;
    if (after.length < v.length) {
      // Popped from in place: a list of the type of its elements.
      const type = elementTypeOf(v);
      if (!type?.shape) return;
      declareList(v, type);
      noteListOfAliased(v, names?.[i]);
      declared = true;
      return;
    }
    const first = after[v.length];
    const type = isTensor(first)
      ? { dtype: first.dtype as DType, shape: first.shape }
      : typeof first === 'number' || typeof first === 'boolean'
        ? { dtype: weakDType(first), shape: [] }
        : undefined;
    if (!type) return;
    declareList(v, type);
    noteListOfAliased(v, names?.[i]);
    declared = true;
  });
  return declared;
}

/** The catalogued error for a loop variable whose nesting changed, naming the first that did. */
function structureChanged(loopVars: Vars, out: unknown, names: readonly (string | undefined)[] | undefined): Error {
  const after = Array.isArray(out) ? out : [];
  for (let i = 0; i < loopVars.length; i++) {
    const a = flatten(loopVars[i]);
    const b = flatten(after[i]);
    if (a.signature !== b.signature) {
      return agError('while/structure-changed', {
        name: names?.[i] ?? `loop variable ${i}`,
        before: a.signature,
        after: b.signature,
      });
    }
  }
  return agError('while/structure-changed', {
    name: 'the loop variables',
    before: flatten(loopVars).signature,
    after: flatten(out).signature,
  });
}

/** The shape invariant of each leaf of the loop variables (a tensor loop variable is one leaf). */
function leafInvariants(loopVars: Vars, opts: WhileOptions): (Shape | undefined)[] {
  const out: (Shape | undefined)[] = [];
  loopVars.forEach((v, i) => {
    const n = flatten(v).leaves.length;
    const inv = opts.shapeInvariants?.[i];
    if (inv && !isTensor(v))
      throw agError('while/shape-invariant', {
        name: opts.names?.[i] ?? `loop variable ${i}`,
        invariant: invariantString(inv),
        got: describeLeaf(v),
      });
    for (let k = 0; k < n; k++) out.push(inv ? inv.map((d) => (d === null ? -1 : d)) : undefined);
  });
  return out;
}

const invariantString = (inv: readonly (number | null)[]): string =>
  `[${inv.map((d) => (d === null ? 'null' : String(d))).join(',')}]`;

function slotOf(x: unknown, name: string, invariant?: Shape): Slot {
  const kind = leafKind(x);
  if (kind === 'tensor') {
    const t = x as tf.Tensor;
    if (invariant) {
      if (!fitsShape(t.shape, invariant)) {
        throw agError('while/shape-invariant', {
          name,
          invariant: shapeToString(invariant).replace(/\?/g, 'null'),
          got: `shape ${shapeToString(t.shape)} before the loop`,
        });
      }
      return { dtype: t.dtype as DType, shape: invariant, name: sanitize(name), weak: false, invariant: true };
    }
    return { dtype: t.dtype as DType, shape: t.shape, name: sanitize(name), weak: false };
  }
  if (kind === 'number' || kind === 'boolean') {
    return { dtype: weakDType(x as number | boolean), shape: [], name: sanitize(name), weak: kind === 'number' };
  }
  if (kind === 'list')
    return { dtype: LIST_DTYPE, shape: [], name: sanitize(name), weak: false, list: listTypeOf(x, name) };
  throw agError('while/bad-loop-var', { name, type: describeLeaf(x) });
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

interface BodyContext {
  readonly loopVars: Vars;
  /** The loop variables the body received, and their leaves (list params). */
  readonly bodyVars: Vars;
  readonly bodyLists: readonly unknown[];
  readonly written: tf.Variable[];
  readonly slots: readonly Slot[];
  readonly flat: ReturnType<typeof flatten>;
  readonly opts: WhileOptions;
}

/** Checks the body's result against the loop variables and sets it as the body graph's outputs; or returns why to trace again. */
function setBodyOutputs(
  bodyTrace: ReturnType<typeof traceInto<Vars>>,
  condTrace: ReturnType<typeof traceInto<unknown>>,
  ctx: BodyContext,
): Retry | RetryDeclared | undefined {
  const { loopVars, bodyVars, bodyLists, written, slots, flat, opts } = ctx;
  const out = flatten(bodyTrace.result, opts.names);
  if (out.signature !== flat.signature) {
    if (declareGrownArrays(loopVars, bodyTrace.result, bodyVars, opts.names)) return new RetryDeclared();
    throw structureChanged(loopVars, bodyTrace.result, opts.names);
  }
  const fresh = [...condTrace.variables.keys(), ...bodyTrace.variables.keys()].filter((v) => !written.includes(v));
  if (fresh.length) {
    written.push(...new Set(fresh));
    return new RetryVariables();
  }
  const outputs: Value[] = [];
  for (let i = 0; i < out.leaves.length; i++) {
    const y = out.leaves[i];
    const slot = slots[i]!;
    const name = flat.paths[i]!;
    const t = slot.list
      ? listOutput(bodyTrace, y, slot, name, i, bodyLists[i])
      : bodyOutput(bodyTrace.graph, y, slot, name, i);
    if (t instanceof Retry) return t;
    if (!slot.list) {
      const retry = checkBodyOutput(t, slot, name, i);
      if (retry) return retry;
    }
    outputs.push(valueIn(bodyTrace.graph, t));
  }
  bodyTrace.graph.outputs = outputs;
  for (const v of written) bodyTrace.graph.outputs.push(valueIn(bodyTrace.graph, bodyTrace.variables.get(v)!));
  bodyTrace.graph.outputNames = [...flat.paths, ...written.map((v) => v.name)];
  return undefined;
}

/** Checks body output `t` of loop variable leaf `index` against its slot: a retry, or an error for a change of dtype or shape. */
function checkBodyOutput(t: tf.Tensor, slot: Slot, name: string, index: number): Retry | undefined {
  if (t.dtype !== slot.dtype) {
    if (slot.weak && slot.dtype === 'int32' && t.dtype === 'float32')
      return new Retry(index, { ...slot, dtype: 'float32', weak: false });
    throw agError('while/dtype-changed', { name, before: slot.dtype, after: t.dtype });
  }
  if (slot.invariant ? !fitsShape(t.shape, slot.shape) : !sameShape(t.shape, slot.shape)) {
    if (slot.invariant)
      throw agError('while/shape-invariant', {
        name,
        invariant: shapeToString(slot.shape).replace(/\?/g, 'null'),
        got: `shape ${shapeToString(t.shape)} after one iteration`,
      });
    throw agError('while/shape-changed', { name, before: shapeToString(slot.shape), after: shapeToString(t.shape) });
  }
  return undefined;
}

/** The handle of list loop variable `index` at the end of the body; learns an unknown element shape (a Retry). */
function listOutput(
  trace: { graph: Graph; finals: Map<ListLike, tf.Tensor> },
  y: unknown,
  slot: Slot,
  name: string,
  index: number,
  param: unknown,
): tf.Tensor | Retry {
  if (leafKind(y) !== 'list') throw agError('while/bad-loop-var', { name, type: describeLeaf(y) });
  const type = sameListType(name, slot.list!, listTypeOf(y, name));
  const learned =
    !slot.list!.shape && param instanceof TensorList && param.elementShape ? param.elementShape : undefined;
  if (learned || (!slot.list!.shape && type.shape))
    return new Retry(index, { ...slot, list: { dtype: type.dtype, shape: learned ?? type.shape } });
  return listHandle(trace.graph, y, trace.finals);
}

/** The tensor body output `y` of loop variable leaf `index` (a JS value staged); a Retry where a weak int became a float. */
function bodyOutput(g: Graph, y: unknown, slot: Slot, name: string, index: number): tf.Tensor | Retry {
  const kind = leafKind(y);
  if (kind === 'tensor') return y as tf.Tensor;
  if (kind === 'number' || kind === 'boolean') {
    if (slot.weak && slot.dtype === 'int32' && weakDType(y as number) === 'float32')
      return new Retry(index, { ...slot, dtype: 'float32', weak: false });
    const dtype = kind === 'boolean' ? 'bool' : slot.dtype === 'bool' ? weakDType(y as number) : slot.dtype;
    return constIn(g, y as number, dtype);
  }
  throw agError('while/bad-loop-var', { name, type: describeLeaf(y) });
}
