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
import {
  int,
  ints,
  type GraphModelRule,
  type GraphModelTable,
  type GraphModelBuilder,
  type KernelCall,
} from './support/rule-types.js';

const F = { T: attr.type('float32') };
const attrsOf = (k: KernelCall): DrawAttrs => k.attrs as unknown as DrawAttrs;
const f32 = (b: GraphModelBuilder, x: number): string => b.constant([x], 'float32', []);

/** A float32 standard draw of TF op `op` (seed 0: tfjs-converter draws anew on every run). */
function standard(b: GraphModelBuilder, op: string, shape: readonly number[]): string {
  return b.emit(op, [ints(b, shape)], {
    dtype: attr.type('float32'),
    T: attr.type('int32'),
    seed: attr.int(0),
    seed2: attr.int(0),
  });
}

/** `x * scale + shift` in float32, then the draw's dtype (int32: rounded half up when `round`, else truncated). */
function finish(
  b: GraphModelBuilder,
  k: KernelCall,
  x: string,
  scale: number,
  shift: number,
  round: boolean,
): string[] {
  let y = scale === 1 ? x : b.emit('Mul', [x, f32(b, scale)], F);
  if (shift !== 0) y = b.emit('AddV2', [y, f32(b, shift)], F);
  const dtype: DType = k.outputTypes[0]!.dtype;
  if (dtype !== 'int32' && dtype !== 'float32') b.fail(`a ${dtype} draw has no rule`);
  if (dtype !== 'int32') return [y];
  if (round) y = b.emit('Floor', [b.emit('AddV2', [y, f32(b, 0.5)], F)], F);
  return [b.emit('Cast', [y], { SrcT: attr.type('float32'), DstT: attr.type('int32'), Truncate: attr.bool(false) })];
}

const randomNormal: GraphModelRule = (b, k) => {
  const a = attrsOf(k);
  return finish(b, k, standard(b, 'RandomStandardNormal', a.shape), a.stdDev ?? 1, a.mean ?? 0, true);
};

const truncatedNormal: GraphModelRule = (b, k) => {
  const a = attrsOf(k);
  return finish(b, k, standard(b, 'TruncatedNormal', a.shape), a.stdDev ?? 1, a.mean ?? 0, true);
};

const randomUniform: GraphModelRule = (b, k) => {
  const a = attrsOf(k);
  const lo = a.minval ?? 0;
  return finish(b, k, standard(b, 'RandomUniform', a.shape), (a.maxval ?? 1) - lo, lo, false);
};

const multinomial: GraphModelRule = (b, k) => {
  const logits = k.typeOf('logits');
  const events = logits.shape[1]!;
  if (logits.shape.length !== 2 || events < 2)
    b.fail(`needs [batch, events] logits with events known and ≥ 2, got [${logits.shape}]`);
  const n = Number(k.attrs.numSamples);
  const seed = k.attrs.seed;
  const normalized = k.attrs.normalized === true;
  if (seed == null) {
    // tfjs-converter's Multinomial takes logits: log of normalized probabilities.
    const x = normalized ? b.emit('Log', [k.input('logits')], F) : k.input('logits');
    return [
      b.emit('Multinomial', [x, int(b, n)], {
        ...F,
        output_dtype: attr.type('int32'),
        seed: attr.int(0),
        seed2: attr.int(0),
      }),
    ];
  }
  const probs = normalized ? k.input('logits') : b.emit('Softmax', [k.input('logits')], F);
  const cdf = b.emit('Cumsum', [probs, int(b, 1)], {
    ...F,
    Tidx: attr.type('int32'),
    exclusive: attr.bool(false),
    reverse: attr.bool(false),
  });
  const head = b.emit('Slice', [cdf, ints(b, [0, 0]), ints(b, [-1, events - 1])], { ...F, Index: attr.type('int32') });
  const cdf3 = b.emit('ExpandDims', [head, int(b, 1)], { ...F, Tdim: attr.type('int32') });
  const u = b.constant(multinomialUniforms(Number(seed), n), 'float32', [1, n, 1]);
  const below = b.emit('Cast', [b.emit('LessEqual', [cdf3, u], F)], {
    SrcT: attr.type('bool'),
    DstT: attr.type('int32'),
    Truncate: attr.bool(false),
  });
  return [
    b.emit('Sum', [below, ints(b, [2])], {
      T: attr.type('int32'),
      Tidx: attr.type('int32'),
      keep_dims: attr.bool(false),
    }),
  ];
};

export const RANDOM_RULES: GraphModelTable = {
  RandomNormal: randomNormal,
  TruncatedNormal: truncatedNormal,
  RandomUniform: randomUniform,
  Multinomial: multinomial,
};
