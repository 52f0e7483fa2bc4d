// The gradient of a staged While (its records: while-records.ts). Its gradient is a reverse While
// over the recorded trip count: each step pops the recorded state, replays the body on it under
// the tape, seeded with the adjoints of the loop variables, and carries the adjoints of the previous
// state and the summed gradients of the loop invariants; the forward values its backward nodes use
// are read from records instead of recomputed. Forward-only graphs never carry the records.
// A list loop variable the body reads is rebuilt by popping the final list back to the recorded
// length (its earlier states are prefixes of the final one: the body only grows it).
// Fills trace's `controlFlowTape.while`. Needs the tape, replay, while-records, list-grad, cond-grad,
// while-loop, clone. Produces `recordWhileTape`, `emitWhile`, and re-exports `augmentWhile`.

import * as tf from '@tensorflow/tfjs-core';
import { Node, type Value } from '../ir/graph.js';
import type { SourceSite } from '../ir/source.js';
import { cloneGraph } from '../ir/clone.js';
import { currentGraph, symbolicValue } from '../trace/context.js';
import { valueIn } from '../trace/capture.js';
import { symbolicTensor } from '../trace/subgraph.js';
import { whileLoop } from '../trace/while-loop.js';
import { controlFlowTape } from '../trace/tape-hooks.js';
import { TensorList } from '../trace/tensor-list.js';
import { differentiable, disguiseList, pushTapeNode, tapeActive, vjp } from './tape.js';
import { listOf, type ListAttrs } from './list-grad.js';
import { shareOut, zeroAdjoint } from './cond-grad.js';
import { replay, replayControlFlow } from './replay.js';
import { augmentWhile, reuseForward, type Augmented } from './while-records.js';
import { checkReplayedDraws, refuseNestedDraws } from './random-grad.js';
import { OP } from '../ir/ops.js';

export { augmentWhile } from './while-records.js';

/**
 * Pushes the tape entry of augmented While `node`: loop variable i is seen as the tensors
 * `inits[i]`, invariant k as `operands[k]`; `outs` are the loop's results as the user got them.
 */
export function recordWhileTape(
  node: Node,
  aug: Augmented,
  inits: readonly tf.Tensor[][],
  operands: readonly tf.Tensor[][],
  outs: tf.Tensor[],
): void {
  const inputs: Record<string, tf.Tensor> = {};
  const total = node.outputs.length;
  for (let i = 0; i < aug.n; i++)
    if (differentiable(node.outputs[i]!)) inits[i]?.forEach((t, j) => (inputs[`v${i}_${j}`] = t));
  node.inputs.slice(total).forEach((v, k) => {
    if (v.dtype === 'float32') operands[k]?.forEach((t, j) => (inputs[`c${k}_${j}`] = t));
  });
  pushTapeNode(OP.While, inputs, outs, (dys) => {
    const grads = whileGradient(node, aug, dys);
    return shareOut(inputs, (k) => grads.get(k));
  });
}

controlFlowTape.while = (node, listTypes, inits, operands, outs) =>
  recordWhileTape(node, augmentWhile(node, listTypes), inits, operands, outs);

type Item = tf.Tensor | TensorList;

function asItem(t: tf.Tensor, type: ListAttrs | undefined): Item {
  return type ? listOf(t, type) : t;
}

function asTensor(x: Item): tf.Tensor {
  return x instanceof TensorList ? disguiseList(symbolicValue(x.handle)!) : x;
}

/** Pops `list` until it is `len` long: the state a growing list had before later pushes. */
function truncate(list: TensorList, len: tf.Tensor): TensorList {
  const [out] = whileLoop(
    (f: TensorList) => tf.greater(f.length, len),
    (f: TensorList) => {
      f.pop();
      return [f];
    },
    [list],
  );
  return out as TensorList;
}

/** Gradients of the loop's inputs (`v${i}`: loop variable i, `c${k}`: invariant k) given its results' gradients. */
function whileGradient(node: Node, aug: Augmented, dys: readonly (tf.Tensor | null)[]): Map<string, tf.Tensor> {
  const n = aug.n;
  const total = node.outputs.length;
  const results = node.outputs.slice(0, n);
  const invariants = node.inputs.slice(total);
  const diffVars = results.flatMap((v, i) => (differentiable(v) ? [i] : []));
  const diffInv = invariants.flatMap((v, k) => (v.dtype === 'float32' ? [k] : []));
  const out = new Map<string, tf.Tensor>();
  if (!diffVars.length && !diffInv.length) return out;
  // Lists whose earlier states the replay reads: rebuilt by popping the final list back.
  const listVars = results.flatMap((v, i) => (aug.listTypes[i] && aug.accSlots.includes(i) ? [i] : []));

  const adj0 = diffVars.map((i) => asItem(dys[i] ?? zeroAdjoint(symbolicTensor(results[i]!)), aug.listTypes[i]));
  const inv0 = diffInv.map((k) => tf.zerosLike(symbolicTensor(invariants[k]!)));
  const fwd0 = listVars.map((i) => listOf(symbolicTensor(results[i]!), aug.listTypes[i]!));
  const accs0 = aug.accs.map((v, s) => listOf(symbolicTensor(v), aug.accTypes[s]!));
  const a = diffVars.length;
  const b = diffInv.length;
  const c = listVars.length;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const final = (whileLoop as any)(
    (i: tf.Tensor) => tf.greater(i, tf.scalar(0, 'int32')),
    (i: tf.Tensor, ...rest: Item[]) => {
      const adj = rest.slice(0, a);
      const inv = rest.slice(a, a + b) as tf.Tensor[];
      const fwd = rest.slice(a + b, a + b + c) as TensorList[];
      const accs = rest.slice(a + b + c) as TensorList[];
      const state: tf.Tensor[] = [];
      const nextFwd: TensorList[] = [];
      for (let s = 0; s < n; s++) {
        const k = aug.accSlots.indexOf(s);
        if (k < 0) {
          // Only appended to in the body: the replay needs a list of its type, not its contents.
          state.push(symbolicTensor(results[s]!));
          continue;
        }
        const recorded = accs[k]!.pop();
        const li = listVars.indexOf(s);
        if (li < 0) state.push(recorded);
        else {
          const f = truncate(fwd[li]!, recorded);
          nextFwd.push(f);
          state.push(f.handle);
        }
      }
      const invTs = invariants.map((v) => symbolicTensor(v));
      const inputs = [...state, ...invTs];
      const seeds = results.map((_, s) => {
        const j = diffVars.indexOf(s);
        return j < 0 ? null : asTensor(adj[j]!);
      });
      const wrt = [...diffVars.map((s) => state[s]!), ...diffInv.map((k) => invTs[k]!)];
      const step = tf.sub(i, tf.scalar(1, 'int32'));
      const env = new Map<Value, tf.Tensor>();
      const graph = currentGraph()!;
      let start = 0;
      let from = 0;
      const g = vjp(
        () => {
          start = graph.nodes.length;
          const outs = replay(aug.body, inputs, env).slice(0, n);
          from = graph.nodes.length;
          return outs;
        },
        wrt,
        seeds,
      );
      reuseForward(node, aug, env, graph, start, from, step);
      checkReplayedDraws(graph, start, from);
      const nextAdj = diffVars.map((s, j) => asItem(g[j] ?? zeroAdjoint(state[s]!), aug.listTypes[s]));
      const nextInv = diffInv.map((_, j) => (g[a + j] ? tf.add(inv[j]!, g[a + j]!) : inv[j]!));
      return [step, ...nextAdj, ...nextInv, ...nextFwd, ...accs];
    },
    [symbolicTensor(aug.counter), ...adj0, ...inv0, ...fwd0, ...accs0],
    gradientLoopOptions(node, aug, diffVars, diffInv, listVars),
  ) as Item[];
  diffVars.forEach((i, j) => out.set(`v${i}`, asTensor(final[1 + j]!)));
  diffInv.forEach((k, j) => out.set(`c${k}`, final[1 + a + j] as tf.Tensor));
  return out;
}

/**
 * Names and site of the gradient loop of `node`, for pictures and errors: `gradient of for (const x
 * of xs)` at the forward loop's line; `step`, `grad_h` per adjoint, `grad_Wx` per invariant's gradient,
 * `h` per rebuilt list, `saved_h` per record of the forward values (names are identifiers).
 */
function gradientLoopOptions(
  node: Node,
  aug: Augmented,
  diffVars: readonly number[],
  diffInv: readonly number[],
  listVars: readonly number[],
): { names: string[]; site?: SourceSite } {
  const total = node.outputs.length;
  const body = node.subgraphs!.body!;
  const name = (i: number): string => (body.params[i]?.name ?? `v${i}`).replace(/_\d+$/, '');
  const inv = (k: number): string => (node.inputs[total + k]?.name ?? `c${k}`).replace(/_\d+$/, '');
  const names = [
    'step',
    ...diffVars.map((i) => `grad_${name(i)}`),
    ...diffInv.map((k) => `grad_${inv(k)}`),
    ...listVars.map(name),
    ...aug.accs.map((_, k) => (k < aug.accSlots.length ? `saved_${name(aug.accSlots[k]!)}` : 'saved')),
  ];
  const fwd = node.options.site;
  const site = { code: `gradient of ${fwd?.code ?? 'while'}`, file: fwd?.file, line: fwd?.line };
  return { names, site };
}

/** Re-creates While `node` in the current graph on `args` (for a replay), augmented when the tape is on. */
export function emitWhile(node: Node, args: readonly tf.Tensor[]): tf.Tensor[] {
  refuseNestedDraws(Object.values(node.subgraphs!), 'loop');
  const g = currentGraph()!;
  const subgraphs = Object.fromEntries(Object.entries(node.subgraphs!).map(([k, sg]) => [k, cloneGraph(sg, g)]));
  const inputs = args.map((t) => valueIn(g, t));
  const copy = g.addNode(
    new Node(g, OP.While, inputs, [...node.inputNames], { ...node.attrs }, { ...node.options, subgraphs }),
  );
  const outs = node.outputs.map((o) => {
    const v = copy.addOutput(o.dtype, o.shape);
    v.name = o.name;
    return symbolicTensor(v);
  });
  if (tapeActive()) {
    const n = node.outputs.length;
    const aug = augmentWhile(copy);
    recordWhileTape(
      copy,
      aug,
      args.slice(0, n).map((t) => [t]),
      args.slice(n).map((t) => [t]),
      outs,
    );
  }
  return outs;
}

replayControlFlow.While = emitWhile;
