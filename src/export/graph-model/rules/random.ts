// GraphModel rules of random draws (src/ir/random.ts) and Multinomial: TF's RandomStandardNormal,
// TruncatedNormal and RandomUniform with seed 0, which tfjs-converter runs as tfjs's own unseeded
// ops (new values on every run, from tfjs's generator), scaled and shifted; int32 draws round
// (normal: Math.round) or truncate (uniform) as tfjs stores them. An unseeded Multinomial is TF's
// Multinomial with seed 0; a seeded one compares each row's cdf with the seed's uniforms, as tfjs's
// cpu kernel does (the same samples). RandomGamma has no op tfjs-converter runs: no rule.
// Needs rule-types, graph-def, export/multinomial-uniforms. Produces `RANDOM_RULES`.

import type { DrawAttrs } from '../../../ir/random.js';
import type { DType } from '../../../ir/types.js';
import { attr } from '../graph-def.js';
import { multinomialUniforms } from '../../multinomial-uniforms.js';
import { int, ints, type GraphModelRule, type GraphModelTable, type RuleContext } from './rule-types.js';

const F = { T: attr.type('float32') };
const attrsOf = (ctx: RuleContext): DrawAttrs => ctx.call.attrs as unknown as DrawAttrs;
const f32 = (ctx: RuleContext, x: number): string => ctx.constant([x], 'float32', []);

/** A float32 standard draw of TF op `op` (seed 0: tfjs-converter draws anew on every run). */
function standard(ctx: RuleContext, op: string, shape: readonly number[]): string {
  return ctx.emit(op, [ints(ctx, shape)], { dtype: attr.type('float32'), T: attr.type('int32'), seed: attr.int(0), seed2: attr.int(0) });
}

/** `x * scale + shift` in float32, then the draw's dtype (int32: rounded half up when `round`, else truncated). */
function finish(ctx: RuleContext, x: string, scale: number, shift: number, round: boolean): string[] {
  let y = scale === 1 ? x : ctx.emit('Mul', [x, f32(ctx, scale)], F);
  if (shift !== 0) y = ctx.emit('AddV2', [y, f32(ctx, shift)], F);
  const dtype: DType = ctx.call.outputTypes[0]!.dtype;
  if (dtype !== 'int32' && dtype !== 'float32') ctx.fail(`a ${dtype} draw has no rule`);
  if (dtype !== 'int32') return [y];
  if (round) y = ctx.emit('Floor', [ctx.emit('AddV2', [y, f32(ctx, 0.5)], F)], F);
  return [ctx.emit('Cast', [y], { SrcT: attr.type('float32'), DstT: attr.type('int32'), Truncate: attr.bool(false) })];
}

const randomNormal: GraphModelRule = (ctx) => {
  const a = attrsOf(ctx);
  return finish(ctx, standard(ctx, 'RandomStandardNormal', a.shape), a.stdDev ?? 1, a.mean ?? 0, true);
};

const truncatedNormal: GraphModelRule = (ctx) => {
  const a = attrsOf(ctx);
  return finish(ctx, standard(ctx, 'TruncatedNormal', a.shape), a.stdDev ?? 1, a.mean ?? 0, true);
};

const randomUniform: GraphModelRule = (ctx) => {
  const a = attrsOf(ctx);
  const lo = a.minval ?? 0;
  return finish(ctx, standard(ctx, 'RandomUniform', a.shape), (a.maxval ?? 1) - lo, lo, false);
};

const multinomial: GraphModelRule = (ctx) => {
  const logits = ctx.typeOf('logits');
  const events = logits.shape[1]!;
  if (logits.shape.length !== 2 || events < 2) ctx.fail(`needs [batch, events] logits with events known and ≥ 2, got [${logits.shape}]`);
  const n = Number(ctx.call.attrs.numSamples);
  const seed = ctx.call.attrs.seed;
  const normalized = ctx.call.attrs.normalized === true;
  if (seed == null) {
    // tfjs-converter's Multinomial takes logits: log of normalized probabilities.
    const x = normalized ? ctx.emit('Log', [ctx.input('logits')], F) : ctx.input('logits');
    return [ctx.emit('Multinomial', [x, int(ctx, n)], { ...F, output_dtype: attr.type('int32'), seed: attr.int(0), seed2: attr.int(0) })];
  }
  const probs = normalized ? ctx.input('logits') : ctx.emit('Softmax', [ctx.input('logits')], F);
  const cdf = ctx.emit('Cumsum', [probs, int(ctx, 1)], { ...F, Tidx: attr.type('int32'), exclusive: attr.bool(false), reverse: attr.bool(false) });
  const head = ctx.emit('Slice', [cdf, ints(ctx, [0, 0]), ints(ctx, [-1, events - 1])], { ...F, Index: attr.type('int32') });
  const cdf3 = ctx.emit('ExpandDims', [head, int(ctx, 1)], { ...F, Tdim: attr.type('int32') });
  const u = ctx.constant(multinomialUniforms(Number(seed), n), 'float32', [1, n, 1]);
  const below = ctx.emit('Cast', [ctx.emit('LessEqual', [cdf3, u], F)], { SrcT: attr.type('bool'), DstT: attr.type('int32'), Truncate: attr.bool(false) });
  return [ctx.emit('Sum', [below, ints(ctx, [2])], { T: attr.type('int32'), Tidx: attr.type('int32'), keep_dims: attr.bool(false) })];
};

export const RANDOM_RULES: GraphModelTable = {
  RandomNormal: randomNormal,
  TruncatedNormal: truncatedNormal,
  RandomUniform: randomUniform,
  Multinomial: multinomial,
};
