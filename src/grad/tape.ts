// The bridge between tfjs's gradient tape and staged control flow. tfjs records a tape entry for
// every kernel run while `tf.grad` & co. are active; staged Cond/While nodes and list ops are not
// kernels, so they push entries of their own here, whose gradient functions build graph nodes.
// Also: when the tape counts as active for staged ops (not while a branch or loop body is traced
// for the forward pass, where the node's own entry stands for the whole subgraph), list adjoints
// (a list's gradient is a list, carried through the tape disguised as a float32 scalar), and `vjp`,
// which runs a function under the tape seeded with given output gradients. On load it completes
// tfjs's kernel gradients (kernel-grads.ts, zero-grads.ts).
// Needs tfjs's engine state, the context, trace's tape hooks. Produces `withoutTape`, `pushTapeNode`,
// (re-exported from trace/tape-hooks.ts) `tapeActive`, `withTapeBase`, `vjp`, `disguiseList`, `isDisguisedList`, `differentiable`.

import * as tf from '@tensorflow/tfjs-core';
import type { Value } from '../ir/graph.js';
import { LIST_DTYPE } from '../ir/types.js';
import { SymbolicId, symbolicValue } from '../trace/context.js';
import { ensureGraphBackend } from '../trace/graph-backend.js';
import { patchKernelGradients } from './kernel-grads.js';
import { registerZeroGradients } from './zero-grads.js';
import { tapeActive, withTapeBase } from '../trace/tape-hooks.js';
import { engineInternals, type TapeNode } from '../engine/tfjs-engine.js';

patchKernelGradients();
registerZeroGradients();

const engine = engineInternals;

export { tapeActive, withTapeBase };

/** Runs `fn` with no tape entries for staged ops (bookkeeping nodes the gradient itself adds). */
export function withoutTape<T>(fn: () => T): T {
  return withTapeBase(fn, Infinity);
}

export type Gradient = (dys: (tf.Tensor | null)[]) => Record<string, () => tf.Tensor>;

/** Pushes a tape entry: `gradient` gets one dy per output (null where none flows back); tfjs frees `saved` with the tape. */
export function pushTapeNode(
  kernelName: string,
  inputs: Record<string, tf.Tensor>,
  outputs: tf.Tensor[],
  gradient: Gradient,
  saved: tf.Tensor[] = [],
): void {
  const s = engine().state;
  if (!s.activeTape || Object.keys(inputs).length === 0) return;
  s.activeTape.push({ id: s.nextTapeNodeId++, kernelName, inputs, outputs, saved, gradient });
}

/** True for what carries a gradient: float32 tensors and list handles (and list adjoints). */
export function differentiable(t: tf.Tensor | Value): boolean {
  const v = t instanceof tf.Tensor ? symbolicValue(t) : t;
  if (v) return v.dtype === 'float32' || v.dtype === LIST_DTYPE;
  return (t as tf.Tensor).dtype === 'float32';
}

/** The list value `v` (an adjoint list) as the tape carries it: a float32 scalar tensor. */
export function disguiseList(v: Value): tf.Tensor {
  return tf.engine().makeTensorFromDataId(new SymbolicId(v), [], 'float32', ensureGraphBackend());
}

/** True when `t` stands for a list value (a list handle, or an adjoint list as the tape carries it). */
export function isListTensor(t: tf.Tensor): boolean {
  return symbolicValue(t)?.dtype === LIST_DTYPE;
}

/**
 * The gradients of `f()`'s outputs, seeded with `dys` (null: no gradient flows into that output),
 * with respect to `xs` — tensors `f` uses as they are. Kernels and staged ops `f` records are taped;
 * the backward pass is recorded into the current graph. Returns one gradient or null per x.
 * The xs are independent here: inside an enclosing gradient (a gradient of a gradient) `f` is
 * taped apart from the tape around, which may relate them (an operand computed from another), and
 * its entries join that tape afterwards (it frees their saved tensors).
 */
export function vjp(
  f: () => tf.Tensor[],
  xs: readonly tf.Tensor[],
  dys: readonly (tf.Tensor | null)[],
): (tf.Tensor | null)[] {
  if (xs.length === 0) return [];
  const e = engine();
  const tape = e.state.activeTape;
  const depth = e.state.gradientDepth;
  const own: TapeNode[] = [];
  if (depth > 0) e.state.activeTape = own;
  try {
    const { grads } = e.gradients(
      () =>
        withTapeBase(() => {
          const outs = f();
          const seed = tf.scalar(0);
          const inputs: Record<string, tf.Tensor> = {};
          outs.forEach((o, i) => {
            if (dys[i] && differentiable(o)) inputs[i] = o;
          });
          pushTapeNode('Seed', inputs, [seed], () =>
            Object.fromEntries(Object.keys(inputs).map((k) => [k, () => dys[Number(k)]!])),
          );
          return seed;
        }, depth),
      [...xs],
      undefined,
      true,
    );
    return grads.map((g) => g ?? null);
  } finally {
    if (depth > 0) tape?.push(...own);
    e.state.activeTape = tape;
  }
}
