// Staged Print, Assert and variable writes as model outputs (for the onnxruntime executor, which
// replays them after the run): a log of events in program order (int32: record·2 + assertion held),
// the printed values flattened into a float32 and an int32 stream, their shapes into a dims stream,
// and `ok`, false once an assertion failed, which stops every later loop (the compiled executor
// would have thrown there). If/Loop carry the streams when their bodies have effects.
// Needs the IR, the builder, lower-context. Produces the effect state and its lowering steps.

import type { Graph, Node } from '../../ir/graph.js';
import type { TypeProto } from './onnx-proto.js';
import { ElemType } from './onnx-proto.js';
import type { OnnxGraphBuilder } from './onnx-builder.js';
import type { EffectRecord, EffectState, LowerContext } from './lower-context.js';
import { OP } from '../../ir/ops.js';

export type { EffectRecord, EffectState } from './lower-context.js';

/** The names of the streams, in the order If outputs and Loop variables carry them. */
export const EFFECT_STREAMS = ['log', 'f32', 'i32', 'dims', 'ok'] as const;

const STREAM_TYPES: Readonly<Record<(typeof EFFECT_STREAMS)[number], TypeProto>> = {
  log: { kind: 'tensor', elemType: ElemType.INT32, shape: [-1] },
  f32: { kind: 'tensor', elemType: ElemType.FLOAT, shape: [-1] },
  i32: { kind: 'tensor', elemType: ElemType.INT32, shape: [-1] },
  dims: { kind: 'tensor', elemType: ElemType.INT32, shape: [-1] },
  ok: { kind: 'tensor', elemType: ElemType.BOOL, shape: [] },
};

const hasEffectsCache = new WeakMap<Graph, boolean>();

/** Does `g` (or a subgraph of it) hold a Print or an Assert? */
export function hasEffects(g: Graph): boolean {
  let r = hasEffectsCache.get(g);
  if (r === undefined) {
    r = g.nodes.some(
      (n) => n.op === OP.Print || n.op === OP.Assert || Object.values(n.subgraphs ?? {}).some(hasEffects),
    );
    hasEffectsCache.set(g, r);
  }
  return r;
}

/** Does control-flow node `node` need the streams threaded through it? */
export function threadsEffects(node: Node, ctx: LowerContext): boolean {
  return ctx.effects !== undefined && Object.values(node.subgraphs ?? {}).some(hasEffects);
}

/** Empty streams in the top graph. */
export function startEffects(b: OnnxGraphBuilder): EffectState {
  return {
    log: b.initializer('effects_log', 'int32', [0], []),
    f32: b.initializer('effects_f32', 'float32', [0], []),
    i32: b.initializer('effects_i32', 'int32', [0], []),
    dims: b.initializer('effects_dims', 'int32', [0], []),
    ok: b.scalar('bool', true),
  };
}

export function streamNames(s: EffectState): string[] {
  return EFFECT_STREAMS.map((k) => s[k]);
}

export function stateOf(names: readonly string[]): EffectState {
  const [log, f32, i32, dims, ok] = names as [string, string, string, string, string];
  return { log, f32, i32, dims, ok };
}

export function streamTypes(): TypeProto[] {
  return EFFECT_STREAMS.map((k) => STREAM_TYPES[k]);
}

/** A context whose effects start from `state` (a subgraph's own scope); read `.effects.state` after. */
export function effectScope(ctx: LowerContext, state: EffectState): LowerContext {
  return { ...ctx, effects: { records: ctx.effects!.records, state: { ...state } } };
}

function append(b: OnnxGraphBuilder, stream: string, values: string): string {
  return b.op('Concat', [stream, values], { axis: 0 });
}

function logEvent(b: OnnxGraphBuilder, ctx: LowerContext, code: string): void {
  const s = ctx.effects!.state;
  s.log = append(b, s.log, code);
}

function record(ctx: LowerContext, r: EffectRecord): number {
  return ctx.effects!.records.push(r) - 1;
}

/** Print: its tensor inputs appended to the streams, then a log event. */
export function lowerPrintEffect(b: OnnxGraphBuilder, node: Node, inputs: readonly string[], ctx: LowerContext): void {
  const s = ctx.effects!.state;
  node.inputs.forEach((v, i) => {
    const flat = b.op('Reshape', [inputs[i]!, b.int64([-1])]);
    if (v.dtype === 'float32') s.f32 = append(b, s.f32, flat);
    else s.i32 = append(b, s.i32, b.cast(flat, v.dtype, 'int32'));
    s.dims = append(b, s.dims, b.op('Cast', [b.op('Shape', [inputs[i]!])], { to: ElemType.INT32 }));
  });
  const r = record(ctx, { kind: 'print', node });
  logEvent(b, ctx, b.initializer('effect', 'int32', [1], [2 * r]));
}

/** Assert: a log event holding whether it held; `ok` turns false once one fails. */
export function lowerAssertEffect(b: OnnxGraphBuilder, node: Node, condition: string, ctx: LowerContext): void {
  const s = ctx.effects!.state;
  const held = b.cast(condition, node.inputs[0]!.dtype, 'bool');
  s.ok = b.op('And', [s.ok, held]);
  const r = record(ctx, { kind: 'assert', node });
  const code = b.op('Add', [
    b.initializer('effect', 'int32', [1], [2 * r]),
    b.op('Reshape', [b.cast(held, 'bool', 'int32'), b.int64([1])]),
  ]);
  logEvent(b, ctx, code);
}

/** A top-level variable write, logged so that it is applied in program order with the others. */
export function logAssignment(b: OnnxGraphBuilder, assignment: number, ctx: LowerContext): void {
  const r = record(ctx, { kind: 'assign', assignment });
  logEvent(b, ctx, b.initializer('effect', 'int32', [1], [2 * r]));
}

/** A loop condition that is also false once an assertion has failed. */
export function gateCondition(b: OnnxGraphBuilder, cond: string, ctx: LowerContext): string {
  return ctx.effects ? b.op('And', [cond, ctx.effects.state.ok]) : cond;
}
