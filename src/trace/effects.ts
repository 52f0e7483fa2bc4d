// Staged side effects: `print(...values)` and `assert(cond, message)`. Eagerly they act at once;
// while tracing they record Print / Assert nodes (effects, kept in program order, never removed)
// that act on every call — print always (as tf.print), assert when its condition is symbolic.
// Needs the context, capture, format-value. Produces `print`, `stagedPrint`, `printNow`,
// `printsSymbolic`, `assert`, `setPrintSink`, and the run-time actions `runPrint`, `runPrintValues`,
// `runAssert`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type NodeSource } from '../ir/graph.js';
import type { DType } from '../ir/types.js';
import { agError, type MessageId } from '../errors/catalogue.js';
import { currentGraph, isSymbolic, isTensor, isTracing } from './context.js';
import { valueIn } from './capture.js';
import { userFrame, userLocation } from './user-frame.js';
import { displayValue, formatJs, formatLine } from '../engine/format-value.js';
import { isPlainObject } from './nest.js';
import { scalarTruth } from './leaf.js';
import { truthTensor } from './truth.js';
import { inCatchRegion } from './try-regions.js';
import { OP } from '../ir/ops.js';

/**
 * One argument of a printed line: a tensor input (by index), or a JS value fixed at trace time —
 * `text` is how it shows (in pictures of the graph), `value` the value itself where it is not a
 * string, and with `nested` a structure whose tensor leaves are inputs (`{ [TENSOR_SLOT]: i }`).
 */
export type PrintPart =
  { readonly tensor: number } | { readonly text: string; readonly value?: unknown; readonly nested?: boolean };

/** The key of the markers standing for tensor inputs inside a nested printed value. */
export const TENSOR_SLOT = 'autograph-ts.print.tensor';

let sink: (line: string) => void = (line) => console.log(line);

/** Where staged and eager `print` lines go (default console.log). Returns the previous sink. */
export function setPrintSink(next: (line: string) => void): (line: string) => void {
  const prev = sink;
  sink = next;
  return prev;
}

/** A tensor (or a scalar a compiled executor holds as a JS number) as the JS value it stands for. */
function shown(x: tf.Tensor | number, dtype: DType): unknown {
  if (typeof x === 'number') return displayValue([x], [], dtype);
  return displayValue(x.dataSync() as ArrayLike<number>, x.shape, x.dtype as DType);
}

/** `x` with the tensors in it (through arrays and plain objects) replaced by `f(tensor)`. */
function mapTensors(x: unknown, f: (t: tf.Tensor) => unknown): unknown {
  if (isTensor(x)) return f(x);
  if (Array.isArray(x)) return x.map((v) => mapTensors(v, f));
  if (isPlainObject(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, mapTensors(v, f)]));
  return x;
}

function hasTensor(x: unknown, pred: (t: tf.Tensor) => boolean = () => true): boolean {
  let found = false;
  mapTensors(x, (t) => (found ||= pred(t)));
  return found;
}

/** True when a printed value holds a symbolic tensor (at top level or inside arrays and objects). */
export function printsSymbolic(values: readonly unknown[]): boolean {
  return values.some((v) => hasTensor(v, isSymbolic));
}

/** A copy of a JS value made of arrays, plain objects and primitives (others are kept as they are). */
function snapshot(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(snapshot);
  if (isPlainObject(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, snapshot(v)]));
  return x;
}

/** Records a Print node printing `values` on every call of the graph being traced. */
export function stagedPrint(values: readonly unknown[]): void {
  const graph = currentGraph()!;
  const inputs = [];
  const parts: PrintPart[] = [];
  for (const v of values) {
    if (isTensor(v)) {
      parts.push({ tensor: inputs.length });
      inputs.push(valueIn(graph, v));
    } else if (hasTensor(v)) {
      const value = mapTensors(v, (t) => {
        inputs.push(valueIn(graph, t));
        return { [TENSOR_SLOT]: inputs.length - 1 };
      });
      parts.push({ text: formatJs(mapTensors(v, () => '\u2039tensor\u203a')), value, nested: true });
    } else if (typeof v === 'string') {
      parts.push({ text: v });
    } else {
      parts.push({ text: formatJs(v), value: snapshot(v) });
    }
  }
  graph.addNode(
    new Node(
      graph,
      OP.Print,
      inputs,
      inputs.map((_, i) => `value${i}`),
      { parts },
      { effect: true, source: userFrame() },
    ),
  );
}

/** Prints now, like console.log (tensors shown as the JS values they stand for). */
export function printNow(values: readonly unknown[]): void {
  sink(formatLine(values.map((v) => mapTensors(v, (t) => shown(t, t.dtype as DType)))));
}

/**
 * Prints like console.log, as TF's tf.print: while tracing, a Print node that prints on every call
 * in program order (also when no argument is a tensor); eagerly, at once.
 */
export function print(...values: unknown[]): void {
  if (isTracing()) stagedPrint(values);
  else printNow(values);
}

/** Run-time action of a Print node, given its inputs as tensors or JS numbers. */
export function runPrint(
  parts: readonly PrintPart[],
  inputs: readonly (tf.Tensor | number)[],
  dtypes: readonly DType[],
): void {
  printLine(parts, (slot) => shown(inputs[slot]!, dtypes[slot]!));
}

/** Run-time action of a Print node whose tensor inputs arrive as values and shapes (a replay after a run). */
export function runPrintValues(
  parts: readonly PrintPart[],
  inputs: readonly { values: ArrayLike<number>; shape: readonly number[]; dtype: DType }[],
): void {
  printLine(parts, (slot) => displayValue(inputs[slot]!.values, inputs[slot]!.shape, inputs[slot]!.dtype));
}

/** One printed line: each part as its JS value, the tensor inputs as `show` gives them. */
function printLine(parts: readonly PrintPart[], show: (slot: number) => unknown): void {
  const fill = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(fill);
    if (isPlainObject(x)) {
      const slot = (x as Record<string, unknown>)[TENSOR_SLOT];
      if (typeof slot === 'number') return show(slot);
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, fill(v)]));
    }
    return x;
  };
  const args = parts.map((p) => {
    if ('tensor' in p) return show(p.tensor);
    if (p.nested) return fill(p.value);
    return 'value' in p ? p.value : p.text;
  });
  sink(formatLine(args));
}

/**
 * A catalogued error an assert raises instead of `runtime/assert-failed` (for checks the converter
 * stages); with `nodeAssertion`, Node's AssertionError (for `assert` from node:assert).
 */
export interface AssertError {
  readonly id: MessageId;
  readonly params: Record<string, unknown>;
  readonly nodeAssertion?: boolean;
}

type AssertionErrorClass = new (o: {
  message?: string;
  actual?: unknown;
  expected?: unknown;
  operator?: string;
}) => Error;

/** Node's AssertionError for a failed `assert(value, message)`, as node:assert throws it. */
export function nodeAssertionError(message: string | undefined, actual: unknown): Error | undefined {
  const mod = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'node:assert',
  ) as { AssertionError?: AssertionErrorClass } | undefined;
  if (!mod?.AssertionError) return undefined;
  return new mod.AssertionError({
    message: message ?? 'The expression evaluated to a falsy value',
    actual,
    expected: true,
    operator: '==',
  });
}

/** Checks `cond`; a symbolic condition makes an Assert node checked on every call. */
export function assert(cond: unknown, message?: string, error?: AssertError): void {
  const msg = message ?? 'Assertion failed';
  if (isTracing() && isSymbolic(cond)) {
    // A catch around it runs at trace time only: it could not catch the failure at run time.
    if (inCatchRegion()) throw agError('convert/staged-assert-in-try', {});
    const graph = currentGraph()!;
    let v = valueIn(graph, cond);
    if (v.dtype !== 'bool' || v.shape.length !== 0) {
      const all = tf.all(truthTensor(cond));
      v = valueIn(graph, all);
    }
    graph.addNode(
      new Node(graph, OP.Assert, [v], ['condition'], { message: msg, error }, { effect: true, source: userFrame() }),
    );
    return;
  }
  const ok = isTensor(cond)
    ? cond.size === 1
      ? scalarTruth(cond, 'cond')
      : tf.tidy(() => tf.all(truthTensor(cond)).dataSync()[0] !== 0)
    : Boolean(cond);
  if (!ok) throw failure(msg, error, userFrame());
}

/** Run-time action of an Assert node. */
export function runAssert(ok: boolean, message: string, source: NodeSource | undefined, error?: AssertError): void {
  if (!ok) throw failure(message, error, source);
}

function failure(message: string, error: AssertError | undefined, source: NodeSource | undefined): Error {
  if (error?.nodeAssertion) {
    const at = userLocation(source);
    const where = at?.file ? ` (at ${at.file}:${at.line}:${at.column})` : '';
    const e = nodeAssertionError(
      `${(error.params as { message?: string }).message ?? 'The expression evaluated to a falsy value'}${where}`,
      false,
    );
    if (e) return e;
  }
  if (error) return agError(error.id, error.params as never, userLocation(source));
  return agError('runtime/assert-failed', { message }, userLocation(source));
}
