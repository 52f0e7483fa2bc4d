// `cond(pred, thenFn, elseFn)`, the functional if (tf.cond). Eagerly it runs one branch in JS;
// while tracing with a tensor predicate it traces both branches into subgraphs and records a Cond
// node; under a gradient tape the node also gets a tape entry (through the hook grad/cond-grad.ts
// fills). Needs subgraph, capture, nest, leaf, tape-hooks. Produces `cond`.

import * as tf from '@tensorflow/tfjs-core';
import type { Staged } from './staged-types.js';
import { Node, type Graph, type SourceSite, type Value } from '../ir/graph.js';
import { sameShape, shapeToString, type DType, type Shape } from '../ir/types.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, isTensor, isTracing } from './context.js';
import { captureObservers, valueIn } from './capture.js';
import { operandTensors, tapeActive, tapeHook } from './tape-hooks.js';
import { flatten, type Flat } from './nest.js';
import { constIn, finalizeOperands, hasEffects, inGraph, symbolicTensor, traceInto } from './subgraph.js';
import { describeLeaf, leafKind, scalarTruth, weakDType } from './leaf.js';
import { userFrame } from './user-frame.js';
import { truthTensor } from './truth.js';
import { assignTracked } from './variables.js';
import { isTensorList, type ElementType, type ListLike } from './list-registry.js';
import { listHandle, listResult, listTypeOf, sameListType } from './list-staging.js';
import { OP } from '../ir/ops.js';

export interface CondOptions {
  /** Names of the outputs (when the branches return an array), for error messages. */
  readonly names?: readonly (string | undefined)[];
  /** The user's statement this cond stages (set by converted code), for pictures. */
  readonly site?: SourceSite;
}

/**
 * TF's `tf.cond`: with a JS boolean or a concrete tensor it runs one branch; while tracing with a
 * tensor predicate it traces both into a `Cond` node. Branch outputs may be nested arrays/objects.
 */
export function cond<A, B = A>(
  pred: unknown,
  thenFn: () => A,
  elseFn: () => B,
  opts: CondOptions = {},
): A | B | Staged<A> | Staged<B> {
  if (!isTensor(pred)) return pred ? thenFn() : elseFn();
  if (!isTracing()) return scalarTruth(pred, 'cond') ? thenFn() : elseFn();
  return stagedCond<A | B>(pred, thenFn, elseFn, opts);
}

/** The predicate as a bool scalar value of `g` (numeric predicates take JS truthiness: 0, -0, NaN are false). */
export function predicateIn(g: Graph, pred: tf.Tensor, what: 'cond' | 'while'): Value {
  let v = valueIn(g, pred);
  const size = v.shape.reduce((a, b) => a * b, 1);
  if (size !== 1)
    throw agError(what === 'cond' ? 'cond/pred-not-scalar' : 'while/cond-not-scalar', {
      shape: shapeToString(v.shape),
    });
  if (v.dtype !== 'bool' || v.shape.length !== 0) {
    v = inGraph(g, () => {
      const t = symbolicTensor(v);
      const scalar = v.shape.length === 0 ? t : tf.reshape(t, []);
      const b = truthTensor(scalar);
      return valueIn(g, b);
    });
  }
  return v;
}

function stagedCond<T>(pred: tf.Tensor, thenFn: () => T, elseFn: () => T, opts: CondOptions): T {
  const parent = currentGraph()!;
  const predValue = predicateIn(parent, pred, 'cond');
  // Under a gradient tape: the tensors the branches take from outside, for the Cond's tape entry —
  // also those a branch only hands back unchanged (an if without else), captured as outputs below.
  const observed = tapeActive() ? new Set<tf.Tensor>() : undefined;
  const observer = (t: tf.Tensor) => observed!.add(t);
  if (observed) captureObservers.push(observer);
  let main: ReturnType<typeof traceInto<unknown>>;
  let other: ReturnType<typeof traceInto<unknown>>;
  let a: Flat;
  const outs: Merged[] = [];
  const plan: ({ out: number } | { js: unknown })[] = [];
  let written: tf.Variable[];
  try {
    main = traceInto('then', parent, [], () => thenFn() as unknown);
    other = traceInto('else', parent, [], () => elseFn() as unknown);
    a = flatten(main.result, opts.names);
    const b = flatten(other.result, opts.names);
    if (a.signature !== b.signature) {
      throw structureMismatch(main.result, other.result, opts.names, a.signature, b.signature);
    }
    // Decide, leaf by leaf, what becomes a Cond output and what passes through as a JS value.
    a.leaves.forEach((x, i) => {
      const pair = mergeLeaves(x, b.leaves[i], a.paths[i]!, main, other);
      if ('js' in pair) plan.push(pair);
      else plan.push({ out: outs.push(pair) - 1 });
    });
    // Variables written in either branch leave the cond as extra outputs.
    written = [...new Set([...main.variables.keys(), ...other.variables.keys()])];
    for (const v of written) outs.push({ then: main.variables.get(v) ?? v, else: other.variables.get(v) ?? v });
    main.graph.outputs = outs.map((o) => valueIn(main.graph, o.then));
    other.graph.outputs = outs.map((o) => valueIn(other.graph, o.else));
  } finally {
    if (observed) captureObservers.splice(captureObservers.indexOf(observer), 1);
  }
  const leafOutputs = outs.length - written.length;
  const names = [...plan.flatMap((p, i) => ('out' in p ? [a.paths[i]] : [])), ...written.map((v) => v.name)];
  main.graph.outputNames = other.graph.outputNames = names;
  const operands = finalizeOperands([main.graph, other.graph]);
  const effect = hasEffects(main.graph) || hasEffects(other.graph);
  const node = parent.addNode(
    new Node(
      parent,
      OP.Cond,
      [predValue, ...operands],
      ['pred', ...operands.map((_, i) => `input${i}`)],
      {},
      {
        subgraphs: { then: main.graph, else: other.graph },
        effect,
        source: userFrame(),
        site: opts.site,
      },
    ),
  );
  const raw: tf.Tensor[] = [];
  const results = main.graph.outputs.map((v, i) => {
    const out = node.addOutput(v.dtype, outs[i]!.shape ?? v.shape);
    out.name = sanitize(names[i]);
    const t = symbolicTensor(out);
    raw.push(t);
    const m = outs[i]!;
    return m.list ? listResult(m.original, t, m.list) : t;
  });
  if (observed) tapeHook('cond')(node, operandTensors(parent, operands, observed), raw);
  written.forEach((v, k) => assignTracked(v, results[leafOutputs + k] as tf.Tensor));
  return rebuild(a, plan, results) as T;
}

function rebuild(
  flat: Flat,
  plan: readonly ({ out: number } | { js: unknown })[],
  results: readonly unknown[],
): unknown {
  return flat.rebuild(plan.map((p) => ('out' in p ? results[p.out] : p.js)));
}

interface Merged {
  readonly then: tf.Tensor;
  readonly else: tf.Tensor;
  /** The output's shape where the branches' differ in dimensions unknown at trace time. */
  readonly shape?: Shape;
  /** For list outputs: the element type, and the list object to give back. */
  readonly list?: ElementType;
  readonly original?: unknown;
}

type Branch = { graph: Graph; finals: Map<ListLike, tf.Tensor> };

function mergeLeaves(x: unknown, y: unknown, name: string, main: Branch, other: Branch): Merged | { js: unknown } {
  const gThen = main.graph;
  const gElse = other.graph;
  const kx = leafKind(x);
  const ky = leafKind(y);
  if (kx === 'list' || ky === 'list') {
    const touched = (l: unknown) => isTensorList(l) && (main.finals.has(l) || other.finals.has(l));
    if (x === y && !touched(x)) return { js: x };
    if (kx !== ky) throw agError('cond/unsupported-output', { name, main: describeLeaf(x), other: describeLeaf(y) });
    const type = sameListType(name, listTypeOf(x, name), listTypeOf(y, name));
    return {
      then: listHandle(gThen, x, main.finals),
      else: listHandle(gElse, y, other.finals),
      list: type,
      original: isTensorList(x) ? x : y,
    };
  }
  if (kx === 'nullish' || ky === 'nullish') {
    if (x === y) return { js: x };
    const branch = kx === 'nullish' ? 'main' : 'else';
    throw agError('cond/null-in-branch', { name, branch, value: describeLeaf(kx === 'nullish' ? x : y) });
  }
  if (kx === 'other' || ky === 'other') {
    if (x === y) return { js: x };
    throw agError('cond/unsupported-output', { name, main: describeLeaf(x), other: describeLeaf(y) });
  }
  if (kx !== 'tensor' && ky !== 'tensor') {
    if (Object.is(x, y)) return { js: x };
    if (kx !== ky) throw agError('cond/dtype-mismatch', { name, main: kx, other: ky });
    const dtype: DType =
      kx === 'boolean'
        ? 'bool'
        : weakDType(x as number) === 'int32' && weakDType(y as number) === 'int32'
          ? 'int32'
          : 'float32';
    return { then: constIn(gThen, x as number, dtype), else: constIn(gElse, y as number, dtype) };
  }
  // At least one tensor: a JS scalar on the other side takes the tensor's dtype (weak typing).
  const tx = kx === 'tensor' ? (x as tf.Tensor) : constIn(gThen, x as number, (y as tf.Tensor).dtype as DType);
  const ty = ky === 'tensor' ? (y as tf.Tensor) : constIn(gElse, y as number, (x as tf.Tensor).dtype as DType);
  if (tx.dtype !== ty.dtype) throw agError('cond/dtype-mismatch', { name, main: tx.dtype, other: ty.dtype });
  if (!sameShape(tx.shape, ty.shape)) {
    // A branch whose value has dimensions known only at run time (a loop with a shape invariant, a
    // stacked list): the Cond's output has them unknown where the branches differ.
    const unknown = tx.shape.includes(-1) || ty.shape.includes(-1);
    if (unknown && tx.shape.length === ty.shape.length)
      return { then: tx, else: ty, shape: tx.shape.map((d, i) => (d === ty.shape[i] ? d : -1)) };
    throw agError('cond/shape-mismatch', { name, main: shapeToString(tx.shape), other: shapeToString(ty.shape) });
  }
  return { then: tx, else: ty };
}

export function sanitize(name: string | undefined): string | undefined {
  if (!name || name === 'value') return undefined;
  if (name.startsWith('<return value')) return 'return_value'; // the converter's return slot
  return (
    name
      .replace(/\[(\d+)\]/g, '_$1')
      .replace(/[^A-Za-z0-9_]/g, '_')
      .replace(/^_+/, '') || undefined
  );
}

/** The catalogued error for branch results of different nesting, naming the first output that differs. */
function structureMismatch(
  main: unknown,
  other: unknown,
  names: readonly (string | undefined)[] | undefined,
  a: string,
  b: string,
): Error {
  if (names && Array.isArray(main) && Array.isArray(other) && main.length === other.length) {
    for (let i = 0; i < main.length; i++) {
      const x = flatten(main[i]).signature;
      const y = flatten(other[i]).signature;
      if (x !== y) return agError('cond/structure-mismatch', { name: names[i] ?? `output ${i}`, main: x, other: y });
    }
  }
  return agError('cond/structure-mismatch', { name: names?.join(', ') || 'the result', main: a, other: b });
}
