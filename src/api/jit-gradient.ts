// Makes a call of a jit function differentiable from outside (`tf.grad(jitted)`, `tf.valueAndGrad`,
// `tf.variableGrads`, `optimizer.minimize` around a jit call): while tfjs's gradient tape records,
// the call pushes one tape entry whose inputs are the call's float32 tensors and the trainable
// variables its graph reads, and whose gradient runs a second jit function — traced once per
// concrete function — that replays the converted function under the tape and returns the
// vector-Jacobian product. Staged cond/while inside differentiate through src/grad. Values
// the call drew (dropout masks, noise) are returned by the call and handed to the replay.
// Needs the tape bridge of grad/, nest, jit. Produces `tapeRecording`, `differentiableCall`.

import * as tf from '@tensorflow/tfjs-core';
import { pushTapeNode, vjp } from '../grad/tape.js';
import { flatten } from '../trace/nest.js';
import { isTensor, symbolicValue } from '../trace/context.js';
import { withDrawSubstitutes } from '../trace/random-draws.js';
import { randomOpName } from '../grad/random-grad.js';
import { userLocation } from '../trace/user-frame.js';
import { hasRandomNodes, isRandomNode, randomNodesIn } from '../ir/random.js';
import type { Graph, Node } from '../ir/graph.js';
import { agError } from '../errors/catalogue.js';
import type { ConcreteFunction } from './concrete-function.js';
import { jit, type JitOptions } from './jit.js';
import { engineState } from '../engine/tfjs-engine.js';
import { OP } from '../ir/ops.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => any;

/** True while tfjs's gradient tape records the ops run now (inside tf.grad & co.). */
export function tapeRecording(): boolean {
  const s = engineState();
  return s.gradientDepth > 0 && s.activeTape !== null && s.kernelDepth === 0;
}

const tensorsOf = (x: unknown): tf.Tensor[] => flatten(x).leaves.filter(isTensor);

/** The trainable float32 variables `cf`'s graph reads (their gradients flow to variableGrads/minimize). */
function trainableVariables(cf: ConcreteFunction): tf.Variable[] {
  const out: tf.Variable[] = [];
  for (const c of cf.graph.captures) {
    if (c.source.kind === 'variable' && c.source.variable.trainable && c.source.variable.dtype === 'float32')
      out.push(c.source.variable);
  }
  return out;
}

type Backward = (xs: tf.Tensor[], dys: tf.Tensor[], draws: tf.Tensor[]) => tf.Tensor[];
const backwards = new WeakMap<ConcreteFunction, Backward>();

/** The gradient function of `cf`: (tensor arguments, output gradients) → gradients of args and variables. */
function backwardOf(cf: ConcreteFunction, fn: AnyFn, opts: JitOptions): Backward {
  let b = backwards.get(cf);
  if (b) return b;
  const sig = cf.signature;
  const variables = trainableVariables(cf);
  const given = opts.executor ?? opts.backend; // (jit warned about a `backend` option already)
  const executor = given === 'onnxruntime' ? 'compiled' : given;
  b = jit(
    (xs: tf.Tensor[], dys: tf.Tensor[], draws: tf.Tensor[]): tf.Tensor[] => {
      const leaves = [...sig.flat.leaves];
      sig.tensorLeaves.forEach((leaf, i) => (leaves[leaf] = xs[i]));
      const args = sig.flat.rebuild(leaves) as unknown[];
      const wrt = [...xs, ...variables];
      // The replayed call takes the values the call drew (in order), not new draws.
      const grads = withDrawSubstitutes(
        draws.map((d) => symbolicValue(d)!),
        () => vjp(() => tensorsOf(fn(...args)), wrt, dys),
      );
      return grads.map((g, i) => g ?? tf.zerosLike(wrt[i]!));
    },
    {
      autograph: false,
      name: `${cf.name}_gradient`,
      executor,
      onnxruntime: opts.onnxruntime,
      relaxedSimd: opts.relaxedSimd,
      numerics: opts.numerics,
    },
  ) as unknown as Backward;
  backwards.set(cf, b);
  const made = b as unknown as { concreteFunctions(): ConcreteFunction[] };
  cf.addDisposer(() => {
    for (const g of made.concreteFunctions()) g.dispose();
    backwards.delete(cf);
  });
  return b;
}

/**
 * Whether `cf` draws random values (at its top level: the gradient replays the call with them); a
 * draw inside staged control flow cannot be handed to the replay and is refused.
 */
function topLevelDraws(cf: ConcreteFunction): boolean {
  const g = cf.graph;
  for (const node of g.nodes) {
    for (const sub of Object.values(node.subgraphs ?? {})) {
      if (!hasRandomNodes(sub)) continue;
      const draw = firstDraw(sub)!;
      throw agError(
        'grad/random-redrawn',
        {
          op: randomOpName(draw),
          where: `inside a staged ${node.op === OP.While ? 'loop' : 'if'} of jit function '${cf.name}', differentiated from outside it`,
        },
        userLocation(draw.options.source),
      );
    }
  }
  return randomNodesIn(g).length > 0;
}

function firstDraw(g: Graph): Node | undefined {
  for (const n of g.nodes) {
    if (isRandomNode(n)) return n;
    for (const sub of Object.values(n.subgraphs ?? {})) {
      const d = firstDraw(sub);
      if (d) return d;
    }
  }
  return undefined;
}

/**
 * Kept clones of `tensors` (one data each, shared with the original). They are taped (an Identity
 * entry each, which saves nothing): a gradient of the gradient reaches the arguments through them.
 */
function savedClones(tensors: readonly tf.Tensor[]): tf.Tensor[] {
  return tensors.map((t) => tf.keep(tf.clone(t)));
}

/**
 * Runs `cf` on `tensors` like `cf.callFlat`, and records the call on the gradient tape. `fn` is the
 * (converted) function `cf` was traced from; `opts` the jit options (executor choice).
 */
export function differentiableCall(
  cf: ConcreteFunction,
  tensors: readonly tf.Tensor[],
  fn: AnyFn,
  opts: JitOptions,
): unknown {
  // The call itself is one tape entry: the kernels an executor runs through the engine must not be
  // taped as well (tfjs tapes only at kernel depth 0, as for its own custom gradients).
  const state = engineState();
  const drawing = topLevelDraws(cf);
  state.kernelDepth++;
  let result: unknown;
  let draws: tf.Tensor[] = [];
  try {
    if (drawing) ({ result, draws } = cf.callFlatWithDraws(tensors));
    else result = cf.callFlat(tensors);
  } finally {
    state.kernelDepth--;
  }
  const outputs = tensorsOf(result);
  const variables = trainableVariables(cf);
  const inputs: Record<string, tf.Tensor> = {};
  tensors.forEach((t, i) => {
    if (t.dtype === 'float32') inputs[`x${i}`] = t;
  });
  variables.forEach((v, i) => (inputs[`v${i}`] = v));
  if (Object.keys(inputs).length === 0 || outputs.length === 0) return result;
  // What the gradient replays lives as long as the tape entry: saved tensors, freed by tfjs with the
  // tape. The arguments are saved as clones, as tfjs saves a kernel's inputs: an argument made inside
  // the differentiated function (`tf.grad(a => jitted(a, tf.scalar(3)))`) is freed when its forward
  // pass ends, before the gradient runs.
  const args = savedClones(tensors);
  const kept = draws.map((d) => tf.keep(d));
  const saved = [...args, ...kept];
  pushTapeNode(
    `${cf.name}_call`,
    inputs,
    outputs,
    (dys) => {
      const seeds = outputs.map((o, i) => dys[i] ?? tf.zerosLike(o));
      const grads = backwardOf(cf, fn, opts)(args, seeds, kept);
      const thunks: Record<string, () => tf.Tensor> = {};
      tensors.forEach((t, i) => {
        if (t.dtype === 'float32') thunks[`x${i}`] = () => grads[i]!;
      });
      variables.forEach((_, i) => (thunks[`v${i}`] = () => grads[tensors.length + i]!));
      return thunks;
    },
    saved,
  );
  return result;
}
