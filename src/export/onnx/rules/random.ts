// ONNX rules of random draws (src/ir/random.ts) and Multinomial. Draws become ONNX RandomNormal /
// RandomUniform without a seed, so onnxruntime draws new values on every run (its own generator:
// the same distributions as tfjs, other values); TruncatedNormal redraws the entries beyond two
// standard deviations in a Loop, as tfjs does. int32 draws round (normal: Math.round) or truncate
// (uniform) as tfjs stores them. Multinomial compares the cdf of each row with uniforms shared by
// all rows, as tfjs's cpu kernel does: a seeded one with the seed's own uniforms (the same samples as
// tfjs), an unseeded one with a RandomUniform. RandomGamma has no ONNX op: no rule.
// Needs support/rule-types, the builder, export/multinomial-uniforms. Produces `RANDOM_RULES`.

import type { DrawAttrs } from '../../../ir/random.js';
import { ElemType, type TensorTypeProto } from '../onnx-proto.js';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { OnnxExportError } from '../onnx-errors.js';
import { multinomialUniforms } from '../../multinomial-uniforms.js';
import { arg, out, outType, type KernelCall, type OnnxRule, type OnnxRuleTable } from './support/rule-types.js';

const attrsOf = (k: KernelCall): DrawAttrs => k.attrs as unknown as DrawAttrs;
const f32 = (x: number) => ({ float: x });

/** A float32 draw of `op` with `attrs`, of `shape` (ONNX needs a non-empty shape: scalars are reshaped). */
function draw(
  b: OnnxGraphBuilder,
  op: 'RandomNormal' | 'RandomUniform',
  shape: readonly number[],
  attrs: Record<string, { float: number }>,
): string {
  const r = b.op(op, [], { shape: shape.length ? [...shape] : [1], dtype: ElemType.FLOAT, ...attrs });
  return shape.length ? r : b.op('Reshape', [r, b.int64([])]);
}

/** Writes float32 `x` to the output as the draw's dtype: int32 normals round half up (Math.round). */
function finish(b: OnnxGraphBuilder, k: KernelCall, x: string, round: boolean): void {
  const dtype = outType(k).dtype;
  if (dtype !== 'int32' && dtype !== 'float32') throw new OnnxExportError(`a ${dtype} draw has no ONNX rule`);
  if (dtype !== 'int32') {
    b.op('Identity', [x], {}, out(k));
    return;
  }
  const r = round ? b.op('Floor', [b.op('Add', [x, b.scalar('float32', 0.5)])]) : x;
  b.cast(r, 'float32', 'int32', out(k));
}

const randomNormal: OnnxRule = (b, k) => {
  const a = attrsOf(k);
  finish(b, k, draw(b, 'RandomNormal', a.shape, { mean: f32(a.mean ?? 0), scale: f32(a.stdDev ?? 1) }), true);
};

const randomUniform: OnnxRule = (b, k) => {
  const a = attrsOf(k);
  finish(b, k, draw(b, 'RandomUniform', a.shape, { low: f32(a.minval ?? 0), high: f32(a.maxval ?? 1) }), false);
};

/** Standard normals redrawn where beyond ±2 (a Loop until none is), then scaled. */
const truncatedNormal: OnnxRule = (b, k) => {
  const a = attrsOf(k);
  const shape = a.shape.length ? [...a.shape] : [1];
  const two = b.scalar('float32', 2);
  const anyBeyond = (g: OnnxGraphBuilder, x: string) => {
    const beyond = g.op('Cast', [g.op('Greater', [g.op('Abs', [x]), two])], { to: ElemType.FLOAT });
    return g.op('Greater', [g.op('ReduceMax', [beyond], { keepdims: 0 }), b.scalar('float32', 0)]);
  };
  const x0 = b.op('RandomNormal', [], { shape, dtype: ElemType.FLOAT });
  if (shape.includes(0)) return finish(b, k, x0, true); // nothing to redraw (and no maximum of nothing)
  const type: TensorTypeProto = { kind: 'tensor', elemType: ElemType.FLOAT, shape };
  const body = b.subgraph('truncated_normal_body');
  const iter = body.fresh('iteration');
  const condIn = body.fresh('cond_in');
  const x = body.fresh('x');
  body.addInput(iter, { kind: 'tensor', elemType: ElemType.INT64, shape: [] });
  body.addInput(condIn, { kind: 'tensor', elemType: ElemType.BOOL, shape: [] });
  body.addInput(x, type);
  const fresh = body.op('RandomNormal', [], { shape, dtype: ElemType.FLOAT });
  const next = body.op('Where', [body.op('Greater', [body.op('Abs', [x]), two]), fresh, x]);
  const condOut = body.op('Identity', [anyBeyond(body, next)], {}, body.fresh('cond_out'));
  const xOut = body.op('Identity', [next], {}, body.fresh('x_out'));
  body.addOutput(condOut, { kind: 'tensor', elemType: ElemType.BOOL, shape: [] });
  body.addOutput(xOut, type);
  const [z] = b.node('Loop', ['', anyBeyond(b, x0), x0], 1, { body: { graph: body.toProto() } });
  let y = b.op('Add', [b.op('Mul', [z!, b.scalar('float32', a.stdDev ?? 1)]), b.scalar('float32', a.mean ?? 0)]);
  if (!a.shape.length) y = b.op('Reshape', [y, b.int64([])]);
  finish(b, k, y, true);
};

const multinomial: OnnxRule = (b, k) => {
  const logits = arg(k, 'logits');
  const events = logits.shape[1]!;
  if (logits.shape.length !== 2 || events < 2)
    throw new OnnxExportError(
      `multinomial needs [batch, events] logits with events known and ≥ 2, got [${logits.shape}]`,
    );
  const n = Number(k.attrs.numSamples);
  const seed = k.attrs.seed;
  const probs = k.attrs.normalized ? logits.name : b.op('Softmax', [logits.name], { axis: 1 });
  const cdf = b.op('CumSum', [probs, b.int64([1], true)]);
  const head = b.op('Slice', [cdf, b.int64([0]), b.int64([events - 1]), b.int64([1])]);
  const cdf3 = b.op('Unsqueeze', [head, b.int64([1])]); // [batch, 1, events - 1]
  const u =
    seed == null
      ? b.op('RandomUniform', [], { shape: [1, n, 1], dtype: ElemType.FLOAT, low: f32(0), high: f32(1) })
      : b.initializer('multinomial_uniforms', 'float32', [1, n, 1], multinomialUniforms(Number(seed), n));
  const below = b.op('Cast', [b.op('LessOrEqual', [cdf3, u])], { to: ElemType.INT32 });
  b.op('ReduceSum', [below, b.int64([2])], { keepdims: 0 }, out(k));
};

export const RANDOM_RULES: OnnxRuleTable = {
  RandomNormal: randomNormal,
  RandomUniform: randomUniform,
  TruncatedNormal: truncatedNormal,
  Multinomial: multinomial,
};
