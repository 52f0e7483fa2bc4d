// NHWC helpers the conv and nn rules share: TF window attrs from tfjs conv/pool attrs (`pair`,
// `windowAttrs`, `zeroPad`), and what the float32 gradient rules check and build (`checkFormat`,
// `shape4`, `reshape`, `F`). Not rules. Needs support/rule-types and graph-def. Produces those helpers.

import { attr, type Attrs } from '../../graph-def.js';
import type { KernelInputName } from '../../../../ir/kernels/index.js';
import { ints, numberList, tAttr, type GraphModelBuilder, type KernelCall } from './rule-types.js';

export type Shape4 = [number, number, number, number];

/** The `T` attr of a float32 op (the gradient rules export float32 only). */
export const F = { T: attr.type('float32') };

/** A tfjs attr given as a number or [h, w], as [h, w] (absent: `fallback`). */
export function pair(b: GraphModelBuilder, k: KernelCall, name: string, fallback = 1): [number, number] {
  const v = k.attrs[name] ?? fallback;
  const xs = typeof v === 'number' ? [v, v] : numberList(b, k, name);
  return [xs[0]!, xs[1] ?? xs[0]!];
}

/** TF window attrs (strides/dilations as [1, h, w, 1], padding) from tfjs conv/pool attrs. */
export function windowAttrs(
  b: GraphModelBuilder,
  k: KernelCall,
  withDilations: boolean,
  explicitAllowed: boolean,
  padding: unknown = k.attrs.pad,
): Attrs {
  if (k.attrs.dimRoundingMode != null)
    b.fail(`dimRoundingMode '${String(k.attrs.dimRoundingMode)}' has no TF equivalent`);
  const format = String(k.attrs.dataFormat ?? 'NHWC');
  if (format !== 'NHWC') b.fail(`data format ${format}: tfjs-converter reads strides in NHWC order only`);
  const [sh, sw] = pair(b, k, 'strides');
  const out: Attrs = { ...tAttr(k), strides: attr.ints([1, sh, sw, 1]), data_format: attr.str('NHWC') };
  if (withDilations) {
    const [dh, dw] = pair(b, k, 'dilations');
    out.dilations = attr.ints([1, dh, dw, 1]);
  }
  const pad = zeroPad(padding) ? 'valid' : padding;
  if (pad === 'same' || pad === 'valid') return { ...out, padding: attr.str(pad.toUpperCase()) };
  if (!explicitAllowed) b.fail(`padding ${JSON.stringify(pad)}: TF pooling takes 'same' or 'valid' only`);
  const explicit =
    typeof pad === 'number'
      ? [0, 0, pad, pad, pad, pad, 0, 0]
      : Array.isArray(pad)
        ? (pad as number[][]).flat()
        : undefined;
  if (!explicit || explicit.length !== 8) b.fail(`padding ${JSON.stringify(pad)} is not supported`);
  return { ...out, padding: attr.str('EXPLICIT'), explicit_paddings: attr.ints(explicit) };
}

/** A numeric or explicit padding of zeros: what TF calls 'VALID'. */
export function zeroPad(pad: unknown): boolean {
  return pad === 0 || (Array.isArray(pad) && (pad as unknown[]).flat().every((p) => p === 0));
}

/** A float32 Reshape to a static shape. */
export const reshape = (b: GraphModelBuilder, x: string, shape: number[]) =>
  b.emit('Reshape', [x, ints(b, shape)], { ...F, Tshape: attr.type('int32') });

/** Input `name`'s shape, which must be rank 4 and known at trace time. */
export function shape4(b: GraphModelBuilder, k: KernelCall, name: KernelInputName | number, what: string): Shape4 {
  const s = k.typeOf(name).shape;
  if (s.length !== 4 || s.some((d) => d < 0))
    b.fail(`${what} needs a rank-4 shape known at trace time, got [${s.join(',')}]`);
  return [...s] as Shape4;
}

/** The gradient rules export NHWC float32 only. */
export function checkFormat(b: GraphModelBuilder, k: KernelCall): void {
  if (String(k.attrs.dataFormat ?? 'NHWC') !== 'NHWC') b.fail('only the NHWC data format is supported for gradients');
  if (k.typeOf(0).dtype !== 'float32') b.fail(`gradients are exported for float32, got ${k.typeOf(0).dtype}`);
}
