// NHWC ↔ NCHW helpers the conv and nn rules share: tfjs is NHWC, ONNX's Conv, ConvTranspose and pools
// NCHW, so inputs are transposed in and results out. Not rules. Needs the builder and tfjs's conv info type.
// Produces `TO_NCHW`, `TO_NHWC`, `windowAttrs` (ONNX window attributes of a tfjs conv/pool info) and
// `convTranspose` (the backprop of a conv or average pool as an ONNX ConvTranspose).

import type * as tf from '@tensorflow/tfjs-core';
import type { OnnxGraphBuilder } from '../../onnx-builder.js';
import { OnnxExportError } from '../../onnx-errors.js';

export type Shape4 = [number, number, number, number];
export type ConvInfo = ReturnType<typeof tf.backend_util.computeConv2DInfo>;
export const TO_NCHW = [0, 3, 1, 2];
export const TO_NHWC = [0, 2, 3, 1];

/** ONNX Conv/Pool attributes for a tfjs conv info; checks ONNX's floor rule gives tfjs's out shape. */
export function windowAttrs(info: ConvInfo): { strides: number[]; pads: number[]; dilations: number[] } {
  const p = info.padInfo;
  const outH = Math.floor((info.inHeight + p.top + p.bottom - info.effectiveFilterHeight) / info.strideHeight) + 1;
  const outW = Math.floor((info.inWidth + p.left + p.right - info.effectiveFilterWidth) / info.strideWidth) + 1;
  if (outH !== info.outHeight || outW !== info.outWidth) {
    throw new OnnxExportError(
      `the padding/rounding mode gives an output ${info.outHeight}x${info.outWidth} that ONNX's floor rule (${outH}x${outW}) cannot express`,
    );
  }
  return {
    strides: [info.strideHeight, info.strideWidth],
    pads: [p.top, p.left, p.bottom, p.right],
    dilations: [info.dilationHeight, info.dilationWidth],
  };
}

/** ConvTranspose of NHWC `dy` by an ONNX weight [C_dy, C_out/group, fh, fw] back to `info.inShape`. */
export function convTranspose(
  b: OnnxGraphBuilder,
  dy: string,
  weight: string,
  info: ConvInfo,
  group: number,
  into: string,
): void {
  const p = info.padInfo;
  const full = (o: number, s: number, eff: number) => s * (o - 1) + eff;
  const extraH =
    info.inHeight - (full(info.outHeight, info.strideHeight, info.effectiveFilterHeight) - p.top - p.bottom);
  const extraW = info.inWidth - (full(info.outWidth, info.strideWidth, info.effectiveFilterWidth) - p.left - p.right);
  if (extraH < 0 || extraW < 0) throw new OnnxExportError('the padding cannot be expressed as a ConvTranspose');
  const y = b.op('ConvTranspose', [b.op('Transpose', [dy], { perm: TO_NCHW }), weight], {
    kernel_shape: [info.filterHeight, info.filterWidth],
    strides: [info.strideHeight, info.strideWidth],
    dilations: [info.dilationHeight, info.dilationWidth],
    pads: [p.top, p.left, p.bottom, p.right],
    output_padding: [extraH, extraW],
    group,
  });
  b.op('Transpose', [y], { perm: TO_NHWC }, into);
}
