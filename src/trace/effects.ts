// Staged side effects: `print(...values)` and `assert(cond, message)`. Eagerly they act at once;
// while tracing with a symbolic argument they record Print / Assert nodes (effects, kept in program
// order, never removed) that act on every call. Needs the context, capture, format-value.
// Produces `print`, `assert`, `setPrintSink`, and the run-time actions `runPrint`, `runAssert`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type NodeSource } from '../ir/graph.js';
import type { DType } from '../ir/types.js';
import { agError, type MessageId } from '../errors/catalogue.js';
import { currentGraph, isSymbolic, isTensor, isTracing } from './context.js';
import { valueIn } from './capture.js';
import { userFrame, userLocation } from './user-frame.js';
import { formatElements, formatJs } from '../exec/format-value.js';
import { scalarTruth } from './leaf.js';
import { truthTensor } from './truth.js';

/** One part of a printed line: a tensor input (by index) or text fixed at trace time. */
export type PrintPart = { readonly tensor: number } | { readonly text: string };

let sink: (line: string) => void = (line) => console.log(line);

/** Where staged and eager `print` lines go (default console.log). Returns the previous sink. */
export function setPrintSink(next: (line: string) => void): (line: string) => void {
  const prev = sink;
  sink = next;
  return prev;
}

function showTensor(t: tf.Tensor): string {
  return formatElements(t.dataSync() as ArrayLike<number>, t.shape, t.dtype as DType);
}

/** Prints like console.log; symbolic tensors make a Print node that prints on every call. */
export function print(...values: unknown[]): void {
  if (isTracing() && values.some(isSymbolic)) {
    const graph = currentGraph()!;
    const inputs = [];
    const parts: PrintPart[] = [];
    for (const v of values) {
      if (isTensor(v)) {
        parts.push({ tensor: inputs.length });
        inputs.push(valueIn(graph, v));
      } else {
        parts.push({ text: formatJs(v) });
      }
    }
    graph.addNode(
      new Node(graph, 'Print', inputs, inputs.map((_, i) => `value${i}`), { parts }, { effect: true, source: userFrame() }),
    );
    return;
  }
  sink(values.map((v) => (isTensor(v) ? showTensor(v) : formatJs(v))).join(' '));
}

/** Run-time action of a Print node, given its inputs as tensors or JS numbers. */
export function runPrint(parts: readonly PrintPart[], inputs: readonly (tf.Tensor | number)[], dtypes: readonly DType[]): void {
  const text = parts.map((p) => {
    if ('text' in p) return p.text;
    const x = inputs[p.tensor]!;
    return typeof x === 'number' ? formatElements([x], [], dtypes[p.tensor]!) : showTensor(x);
  });
  sink(text.join(' '));
}

/** A catalogued error an assert raises instead of `runtime/assert-failed` (for checks the converter stages). */
export interface AssertError {
  readonly id: MessageId;
  readonly params: Record<string, unknown>;
}

/** Checks `cond`; a symbolic condition makes an Assert node checked on every call. */
export function assert(cond: unknown, message?: string, error?: AssertError): void {
  const msg = message ?? 'Assertion failed';
  if (isTracing() && isSymbolic(cond)) {
    const graph = currentGraph()!;
    let v = valueIn(graph, cond);
    if (v.dtype !== 'bool' || v.shape.length !== 0) {
      const all = tf.all(truthTensor(cond));
      v = valueIn(graph, all);
    }
    graph.addNode(new Node(graph, 'Assert', [v], ['condition'], { message: msg, error }, { effect: true, source: userFrame() }));
    return;
  }
  const ok = isTensor(cond) ? (cond.size === 1 ? scalarTruth(cond, 'cond') : tf.tidy(() => tf.all(truthTensor(cond)).dataSync()[0] !== 0)) : Boolean(cond);
  if (!ok) throw failure(msg, error, userFrame());
}

/** Run-time action of an Assert node. */
export function runAssert(ok: boolean, message: string, source: NodeSource | undefined, error?: AssertError): void {
  if (!ok) throw failure(message, error, source);
}

function failure(message: string, error: AssertError | undefined, source: NodeSource | undefined): Error {
  if (error) return agError(error.id, error.params as never, userLocation(source));
  return agError('runtime/assert-failed', { message }, userLocation(source));
}


