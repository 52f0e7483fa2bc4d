// Random ops while tracing. tfjs draws randomNormal, truncatedNormal, randomUniform(Int) and
// randomGamma in JavaScript (seedrandom's alea, seeded by one Math.random() when no seed is given)
// and writes the values as a tensor — a Const in a trace; multinomial passes the seed to its kernel.
// During a trace, Math.random is wrapped: inside a tfjs random op whose arguments are known, it
// answers a token instead of consuming the user's stream, and the values written (or the kernel
// seeded) with that token become a draw node that draws afresh, with tfjs's own op, on every run.
// Arguments are known for calls made from converted code (`stagedRandomCall`), and for the calls
// tfjs itself makes with fixed arguments: dropout's randomUniform(shape, 0, 1) and
// randomStandardNormal's randomNormal(shape, 0, 1). Any other unseeded draw keeps its trace-time
// values and is marked; `checkFrozenDraws` refuses a trace whose result depends on one.
// Seeded draws are left alone: their values are the same on every call, as eagerly.
// Needs tfjs, the IR, the context. Produces `withRandomStaging`, `stagedRandomCall`, `takeDraw`,
// `markFrozen`, `freshMultinomialSeed`, `withDrawSubstitutes`, `substituteDraw`, `checkFrozenDraws`.

import type { Graph, Node, NodeSource, Value } from '../ir/graph.js';
import type { DType } from '../ir/types.js';
import type { DrawAttrs, DrawOp } from '../ir/random.js';
import { agError } from '../errors/catalogue.js';
import { currentGraph, rootGraph } from './context.js';
import { userLocation } from './user-frame.js';
import { engineInternals as engine, type EngineScope } from '../engine/tfjs-engine.js';
import { isEffect } from '../ir/effects.js';

/** What an eager random op call draws, besides its shape and dtype (which its write tells). */
type DrawSpec = { readonly op: DrawOp; readonly params: Partial<DrawAttrs> } | { readonly op: 'Multinomial' };

/** tfjs op scopes that take Math.random() as their seed when given none. */
const SEEDING_SCOPES = new Set([
  'randomNormal__op',
  'truncatedNormal__op',
  'randomUniform__op',
  'randomGamma__op',
  'multinomial__op',
]);

/** A number argument as tfjs's arithmetic uses it (`undefined`: the op's default). */
const num = (x: unknown, fallback: number): number => (x === undefined ? fallback : Number(x));

/** The tfjs random ops converted code routes here, and how each call's arguments become a draw. */
const STAGED_CALLS: Readonly<Record<string, (args: readonly unknown[]) => DrawSpec>> = {
  randomNormal: (a) => ({ op: 'RandomNormal', params: { mean: num(a[1], 0), stdDev: num(a[2], 1) } }),
  randomStandardNormal: () => ({ op: 'RandomNormal', params: { mean: 0, stdDev: 1 } }),
  truncatedNormal: (a) => ({ op: 'TruncatedNormal', params: { mean: num(a[1], 0), stdDev: num(a[2], 1) } }),
  randomUniform: (a) => ({ op: 'RandomUniform', params: { minval: num(a[1], 0), maxval: num(a[2], 1) } }),
  randomUniformInt: (a) => ({ op: 'RandomUniform', params: { minval: Number(a[1]), maxval: Number(a[2]) } }),
  randomGamma: (a) => ({ op: 'RandomGamma', params: { alpha: Number(a[1]), beta: a[2] == null ? 1 : Number(a[2]) } }),
};

/** The names of the tfjs random ops whose calls converted code stages (see the call-trees pass). */
export const STAGED_RANDOM_OPS: readonly string[] = Object.keys(STAGED_CALLS);

/** A call of a tfjs random op from converted code: its spec, and where its op scope sits. */
let call: { readonly spec: DrawSpec; readonly depth: number; readonly scope: string } | undefined;
/** The token handed out as a seed inside `scope`, with the draw it stands for. */
let pending: { readonly scope: EngineScope; readonly token: number; readonly spec: DrawSpec } | undefined;
/** An unseeded draw inside `scope` that keeps its trace-time values (tfjs op name `op`). */
let frozen: { readonly scope: EngineScope; readonly op: string } | undefined;
let tokens = 0;

/** Const nodes holding a draw frozen at trace time, with the tfjs op that drew it. */
const frozenDraws = new WeakMap<Node, string>();

function tracingHere(): boolean {
  return currentGraph() !== undefined && engine().backendName === 'autograph';
}

/** The draw `scope` (a seeding op scope, innermost) makes, when its arguments are known. */
function recognize(scope: EngineScope): DrawSpec | undefined {
  if (scope.name === 'multinomial__op') return { op: 'Multinomial' };
  const stack = engine().state.scopeStack;
  if (call && stack[call.depth]?.name === call.scope) return call.spec;
  const parent = stack[stack.lastIndexOf(scope) - 1]?.name;
  if (scope.name === 'randomUniform__op' && parent === 'dropout__op')
    return { op: 'RandomUniform', params: { minval: 0, maxval: 1 } };
  if (scope.name === 'randomNormal__op' && parent === 'randomStandardNormal__op')
    return { op: 'RandomNormal', params: { mean: 0, stdDev: 1 } };
  return undefined;
}

let original: (() => number) | undefined;
let depth = 0;

function stagingRandom(): number {
  const real = original ?? Math.random;
  const scope = engine().state.activeScope;
  if (!scope || !tracingHere()) return real();
  if (SEEDING_SCOPES.has(scope.name)) {
    const spec = recognize(scope);
    if (spec) {
      // A seed only the trace sees: the node draws at run time, consuming Math.random there, as eager does.
      const token = ++tokens / 4294967296;
      pending = { scope, token, spec };
      return token;
    }
    frozen = { scope, op: scope.name.replace(/__op$/, '') };
  } else if (scope.name === 'rand__op') {
    frozen = { scope, op: 'rand' };
  }
  return real();
}

/** Runs a top-level trace `fn` with Math.random wrapped (restored after, unless `fn` replaced it). */
export function withRandomStaging<T>(fn: () => T): T {
  if (depth++ === 0) {
    original = Math.random;
    Math.random = stagingRandom;
  }
  try {
    return fn();
  } finally {
    if (--depth === 0) {
      if (Math.random === stagingRandom) Math.random = original!;
      original = undefined;
      pending = undefined;
      frozen = undefined;
      call = undefined;
    }
  }
}

/** Calls tfjs random op `name` (one of STAGED_RANDOM_OPS) from converted code, staging an unseeded draw. */
export function stagedRandomCall(name: string, f: (...args: unknown[]) => unknown, args: unknown[]): unknown {
  const make = STAGED_CALLS[name];
  if (!make || !tracingHere()) return f(...args);
  const saved = call;
  call = { spec: make(args), depth: engine().state.scopeStack.length, scope: `${name}__op` };
  try {
    return f(...args);
  } finally {
    call = saved;
  }
}

/** A draw the graph backend records instead of a Const: the node's op and attrs. */
export interface Draw {
  readonly op: DrawOp;
  readonly attrs: DrawAttrs;
}

/**
 * Called by the graph backend's write: the draw node the values being written stand for, or
 * `{ frozen: op }` for trace-time values of an unseeded draw that cannot be staged, or undefined.
 */
export function takeDraw(shape: readonly number[], dtype: DType): Draw | { readonly frozen: string } | undefined {
  const scope = engine().state.activeScope;
  if (!scope) return undefined;
  if (pending && pending.scope === scope && pending.spec.op !== 'Multinomial') {
    const { op, params } = pending.spec;
    pending = undefined;
    return { op, attrs: { shape: [...shape], dtype, ...params } };
  }
  if (frozen && frozen.scope === scope) {
    const op = frozen.op;
    frozen = undefined;
    return { frozen: op };
  }
  return undefined;
}

/** Marks Const `node` as the trace-time values of an unseeded draw of tfjs op `op`. */
export function markFrozen(node: Node, op: string): void {
  frozenDraws.set(node, op);
}

/** A Multinomial kernel's seed attr: null when it is the token of an unseeded call (drawn per run). */
export function freshMultinomialSeed(seed: unknown): unknown {
  const scope = engine().state.activeScope;
  if (pending && pending.scope === scope && pending.spec.op === 'Multinomial' && seed === pending.token) {
    pending = undefined;
    return null;
  }
  return seed;
}

// ---- draws of a replayed forward pass --------------------------------------------------------

let substitutes: { readonly values: Value[]; next: number } | undefined;

/**
 * Traces `fn` with the draws it makes at the top level of the trace replaced, in order, by
 * `values` (the draws of the forward call a gradient belongs to); checks that all were used.
 */
export function withDrawSubstitutes<T>(values: readonly Value[], fn: () => T): T {
  const saved = substitutes;
  substitutes = { values: [...values], next: 0 };
  try {
    const result = fn();
    if (substitutes.next !== values.length)
      throw new Error(`internal: the replay made ${substitutes.next} draws where the call made ${values.length}`);
    return result;
  } finally {
    substitutes = saved;
  }
}

/** The value standing for the draw about to be recorded, when a replay substitutes draws. */
export function substituteDraw(dtype: DType, shape: readonly number[]): Value | undefined {
  if (!substitutes) return undefined;
  if (currentGraph() !== rootGraph()) throw new Error('internal: a replayed draw inside control flow');
  const v = substitutes.values[substitutes.next++];
  if (!v || v.dtype !== dtype || v.shape.length !== shape.length || v.shape.some((d, i) => d !== shape[i])) {
    throw new Error('internal: the replay made other draws than the call');
  }
  return v;
}

// ---- after the trace -------------------------------------------------------------------------

/** The first (in program order) frozen draw `g`'s outputs or effects depend on, also in subgraphs of live nodes. */
function liveFrozen(g: Graph): Node | undefined {
  const live = new Set<Value>(g.outputs);
  let first: Node | undefined;
  for (let i = g.nodes.length - 1; i >= 0; i--) {
    const node = g.nodes[i]!;
    if (!isEffect(node) && !node.outputs.some((v) => live.has(v))) continue;
    if (frozenDraws.has(node)) first = node;
    for (const sub of Object.values(node.subgraphs ?? {})) first = liveFrozen(sub) ?? first;
    for (const v of node.inputs) live.add(v);
  }
  return first;
}

/**
 * Refuses a trace whose outputs or effects use the trace-time values of an unseeded draw (a
 * variable's initial value may: it is drawn once anyway).
 */
export function checkFrozenDraws(graph: Graph): void {
  const node = liveFrozen(graph);
  if (!node) return;
  const source: NodeSource | undefined = node.options.source;
  throw agError('trace/random-frozen', { op: frozenDraws.get(node)! }, userLocation(source));
}
