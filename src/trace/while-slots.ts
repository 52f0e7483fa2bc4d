// The loop variables of a staged `whileLoop` as slots (dtype, shape, weak number, shape invariant,
// list element type), and the check of a traced body's result against them: the body graph's
// outputs, or why the loop must be traced again (a weak int became a float, a list learned its
// element shape, a JS array grew into a list, the body wrote new variables); errors for a change of
// structure, dtype or shape. Needs nest, leaf, subgraph, capture, cond, the list registry and
// staging. Produces `Slot`, `slotOf`, `leafInvariants`, `setBodyOutputs`, the retry signals
// (`Retry`, `RetryDeclared`), and the loop variables' type `Vars`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph, Value } from '../ir/graph.js';
import { fitsShape, LIST_DTYPE, sameShape, shapeToString, type DType, type Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { isTensor } from './context.js';
import { valueIn } from './capture.js';
import { flatten } from './nest.js';
import { constIn, type ParamSpec, type traceInto } from './subgraph.js';
import { describeLeaf, leafKind, weakDType } from './leaf.js';
import { sanitize } from './cond.js';
import { declareList, isDeclaredList, type ElementType, type ListLike } from './list-registry.js';
import { noteListOfAliased } from './js-differences.js';
import { elementTypeOf, TensorList } from './tensor-list.js';
import { listHandle, listTypeOf, sameListType } from './list-staging.js';
import type { WhileOptions } from './while-loop.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Vars = any[];

export interface Slot extends ParamSpec {
  readonly weak: boolean;
  /** The shape is a shape invariant (-1: any size). */
  readonly invariant?: boolean;
  /** For a tensor-list loop variable: its element type (shape learned from the body if unknown). */
  readonly list?: ElementType;
}

// Retracing: a trace attempt of cond and body returns (does not throw) one of these when what the
// body did changes the loop's slots; stagedLoop then traces again.

/** Trace the loop again with slot `index` replaced (a weak number became float32, a list learned its shape). */
export class Retry {
  constructor(
    readonly index: number,
    readonly slot: Slot,
  ) {}
}

/** Trace again because an undeclared JS array grew in the body: it is now declared a list. */
export class RetryDeclared {}

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
export function leafInvariants(loopVars: Vars, opts: WhileOptions): (Shape | undefined)[] {
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

export function slotOf(x: unknown, name: string, invariant?: Shape): Slot {
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
export function setBodyOutputs(
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
