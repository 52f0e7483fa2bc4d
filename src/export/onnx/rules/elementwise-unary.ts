// ONNX rules of tfjs's elementwise unary kernels (math, activations, predicates, Cast, Clip, *Like),
// with the values of tfjs's cpu kernels at the edges: Exp, Log, Sin, Cos, Tanh and Rsqrt
// compute in float64 and round once (onnxruntime's float32 kernels differ in the last bits; with
// `numerics: 'float32'` those run instead), Step keeps NaN, Sign(NaN) is 0, Expm1, Log1p,
// Tanh, Elu, Selu stay accurate near zero and keep -0 and denormals, Sigmoid keeps tiny results, Erf
// is tfjs's own approximation (in doubles), Relu gives +0 for -0, Round(-0.5) is +0, int32 Abs and
// Square round through float32 as tfjs's kernels store them.
// The elementwise family's first file (elementwise-binary.ts has the kernels of two or more inputs).
// Needs support/rule-types, support/tfjs-numerics and the builder. Produces `ELEMENTWISE_UNARY_RULES`
// and the value builders other rules reuse (`plusZero`, `sigmoid`, `elu`, `expm1`).

import type { DType } from '../../../ir/types.js';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { elemTypeOf } from '../onnx-dtypes.js';
import {
  arg,
  finish,
  inFloat32Numerics,
  isFloat,
  out,
  outType,
  type KernelCall,
  type OnnxRule,
  type OnnxRuleTable,
} from './support/rule-types.js';
import { doubleToFloat, toDouble } from './support/tfjs-numerics.js';

/** Same-named ONNX op; computed in float32 (with casts) unless `ints` says ONNX takes int32 too. */
function simple(
  onnxOp: string,
  ints = false,
  attrs: (k: KernelCall) => Record<string, { float: number }> = () => ({}),
): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const to = outType(k).dtype;
    if (x.dtype === to && (ints || isFloat(x.dtype))) {
      b.op(onnxOp, [x.name], attrs(k), out(k));
      return;
    }
    const work: DType = ints && x.dtype !== 'bool' ? x.dtype : 'float32';
    finish(b, k, b.op(onnxOp, [b.cast(x.name, x.dtype, work)], attrs(k)), work);
  };
}

/** A rule computing in float32 with `emit(b, x)` (x already float32). */
function inFloat(emit: (b: OnnxGraphBuilder, x: string, k: KernelCall) => string, result: DType = 'float32'): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    finish(b, k, emit(b, b.cast(x.name, x.dtype, 'float32'), k), result);
  };
}

/**
 * A float32 result computed by onnxruntime's float64 kernel(s) `emit` and rounded once, as tfjs's cpu
 * kernels (and JS) compute it: onnxruntime's float32 kernels differ in the last bits. The input is
 * taken to float64 exactly (int32 too, as tfjs's cpu keeps int32 data cast to float32). With
 * `numerics: 'float32'` a float32 input goes through `float32` instead (onnxruntime's float32 kernels).
 */
function viaDouble(emit: (b: OnnxGraphBuilder, x: string) => string, float32: OnnxRule): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    if (inFloat32Numerics(k, x)) return float32(b, k);
    finish(b, k, doubleToFloat(b, emit(b, toDouble(b, x.name))), 'float32');
  };
}

/** `onnxOp` in float64 and rounded once, or (numerics 'float32') the same-named float32 kernel. */
const exactOr = (onnxOp: string, float32: OnnxRule = simple(onnxOp)): OnnxRule =>
  viaDouble((b, x) => b.op(onnxOp, [x]), float32);

/** 1/√x: Reciprocal(Sqrt(x)) in float64 and rounded once, or in float32 (numerics 'float32'). */
const rsqrt = (b: OnnxGraphBuilder, x: string): string => b.op('Reciprocal', [b.op('Sqrt', [x])]);

const f = (x: unknown) => ({ float: Number(x) });
const one = (b: OnnxGraphBuilder) => b.scalar('float32', 1);

/**
 * |x| ≥ 2^-12: where the series x + x²/2 … (and tanh x ≈ x) stop being exact in float32. (Written
 * without Not: onnxruntime rewrites Where(Not(c), a, b) as Where(c, b, a), and its Where loses the
 * sign of a −0 taken from its second input, so values that may be −0 go in its last input.)
 */
function notTiny(b: OnnxGraphBuilder, x: string): string {
  return b.op('GreaterOrEqual', [b.op('Abs', [x]), b.scalar('float32', 2 ** -12)]);
}

/**
 * e^x − 1: x·(1 + x/2) for |x| < 2^-12 (exact in float32; keeps -0 and denormals), 2t/(1−t) with
 * t = tanh(x/2) below 0.5, exp(x) − 1 elsewhere. (Values that may be -0 go in Where's last input.)
 */
export function expm1(b: OnnxGraphBuilder, x: string): string {
  const t = b.op('Tanh', [b.op('Mul', [x, b.scalar('float32', 0.5)])]);
  const small = b.op('Div', [b.op('Add', [t, t]), b.op('Sub', [one(b), t])]);
  const big = b.op('Sub', [b.op('Exp', [x]), one(b)]);
  const near = b.op('Less', [b.op('Abs', [x]), b.scalar('float32', 0.5)]);
  const tiny = b.op('Mul', [x, b.op('Add', [one(b), b.op('Mul', [x, b.scalar('float32', 0.5)])])]);
  return b.op('Where', [notTiny(b, x), b.op('Where', [near, small, big]), tiny]);
}

/**
 * log(1 + x) as log(u)·x/(u − 1) with u = 1 + x (Goldberg) for |x| ≥ 2^-23 (where u ≠ 1), x itself
 * below (keeps −0 and denormals), +Infinity for +Infinity.
 */
function log1p(b: OnnxGraphBuilder, x: string): string {
  const u = b.op('Add', [one(b), x]);
  const d = b.op('Sub', [u, one(b)]);
  const scaled = b.op('Mul', [b.op('Log', [u]), b.op('Div', [x, d])]);
  const atInfinity = b.op('Where', [b.op('Equal', [x, b.scalar('float32', Infinity)]), x, scaled]);
  return b.op('Where', [b.op('GreaterOrEqual', [b.op('Abs', [x]), b.scalar('float32', 2 ** -23)]), atInfinity, x]);
}

/**
 * onnxruntime's float32 Tanh (numerics 'float32'), with tanh x = x in float32 for |x| < 2^-12
 * (onnxruntime's Tanh flushes denormals to zero).
 */
function tanh(b: OnnxGraphBuilder, x: string): string {
  return b.op('Where', [notTiny(b, x), b.op('Tanh', [x]), x]);
}

/** tfjs Sigmoid 1/(1 + e^−x) keeps results down to denormals; onnxruntime's is 0 below about −87. */
export function sigmoid(b: OnnxGraphBuilder, x: string): string {
  return b.op('Where', [b.op('Less', [x, b.scalar('float32', -20)]), b.op('Exp', [x]), b.op('Sigmoid', [x])]);
}

/** tfjs Sign: −1 below 0, 1 above, 0 otherwise (for NaN and −0 too). */
function sign(b: OnnxGraphBuilder, x: string): string {
  const zero = b.scalar('float32', 0);
  const negative = b.op('Where', [b.op('Less', [x, zero]), b.scalar('float32', -1), zero]);
  return b.op('Where', [b.op('Greater', [x, zero]), one(b), negative]);
}

/** e^x − 1 in doubles, as tfjs's Elu and Selu kernels compute it (0 for |x| below about 1e-16). */
function expMinusOne(b: OnnxGraphBuilder, x: string, scale = 1): string {
  const r = b.op('Sub', [b.op('Exp', [toDouble(b, x)]), b.f64(1)]);
  return doubleToFloat(b, scale === 1 ? r : b.op('Mul', [b.f64(scale), r]));
}

/** Elu (x < 0: e^x − 1), Selu (x < 0: scaleAlpha·(e^x − 1), else scale·x), with tfjs's constants. */
export function elu(b: OnnxGraphBuilder, x: string): string {
  return b.op('Where', [b.op('Less', [x, b.scalar('float32', 0)]), expMinusOne(b, x), x]);
}

function selu(b: OnnxGraphBuilder, x: string): string {
  const negative = expMinusOne(b, x, 1.7580993408473768);
  const positive = doubleToFloat(b, b.op('Mul', [b.f64(1.0507009873554805), toDouble(b, x)]));
  return b.op('Where', [b.op('Less', [x, b.scalar('float32', 0)]), negative, positive]);
}

/** tfjs Erf (Abramowitz–Stegun 7.1.26, in doubles as its cpu kernel computes it). */
function erf(b: OnnxGraphBuilder, x: string): string {
  const d = (v: number) => b.f64(v);
  const xd = toDouble(b, x);
  const zero = d(0);
  const sgn = b.op('Where', [b.op('Less', [xd, zero]), d(-1), b.op('Where', [b.op('Greater', [xd, zero]), d(1), xd])]);
  const v = b.op('Abs', [xd]);
  const t = b.op('Div', [d(1), b.op('Add', [d(1), b.op('Mul', [d(0.3275911), v])])]);
  let poly = d(1.061405429);
  for (const a of [-1.453152027, 1.421413741, -0.284496736, 0.254829592])
    poly = b.op('Add', [b.op('Mul', [poly, t]), d(a)]);
  const tail = b.op('Mul', [b.op('Mul', [poly, t]), b.op('Exp', [b.op('Neg', [b.op('Mul', [v, v])])])]);
  return doubleToFloat(b, b.op('Mul', [sgn, b.op('Sub', [d(1), tail])]));
}

/** tfjs Round (halves to even) gives +0 for −0.5 where ONNX Round gives −0. */
function round(b: OnnxGraphBuilder, x: string): string {
  return b.op('Where', [b.op('Equal', [x, b.scalar('float32', -0.5)]), b.scalar('float32', 0), b.op('Round', [x])]);
}

/**
 * +0 for ±0 (tfjs's Math.max(0, −0), sums that start from 0), x elsewhere. (Not x + 0: onnxruntime's
 * optimizer removes additions of zero.)
 */
export function plusZero(b: OnnxGraphBuilder, x: string, into?: string): string {
  const zero = b.scalar('float32', 0);
  return b.op('Where', [b.op('Equal', [x, zero]), zero, x], {}, into);
}

/** tfjs Step: 1 where x > 0, alpha elsewhere, NaN stays NaN. */
function step(b: OnnxGraphBuilder, x: string, k: KernelCall): string {
  const alpha = b.scalar('float32', Number(k.attrs.alpha ?? 0));
  const s = b.op('Where', [b.op('Greater', [x, b.scalar('float32', 0)]), one(b), alpha]);
  return b.op('Where', [b.op('IsNaN', [x]), x, s]);
}

const relu: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  if (x.dtype === 'int32') b.op('Max', [x.name, b.scalar('int32', 0)], {}, out(k));
  else inFloat((bb, v) => plusZero(bb, bb.op('Relu', [v])))(b, k);
};

const relu6: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const d = x.dtype === 'int32' ? 'int32' : 'float32';
  const r = b.op('Clip', [b.cast(x.name, x.dtype, d), b.scalar(d, 0), b.scalar(d, 6)]);
  finish(b, k, d === 'float32' ? plusZero(b, r) : r, d);
};

/** int32 Square: tfjs squares in doubles and stores into a Float32Array before the int32 result. */
const square: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  if (x.dtype !== 'int32') {
    const xs = b.cast(x.name, x.dtype, 'float32');
    finish(b, k, b.op('Mul', [xs, xs]), 'float32');
    return;
  }
  const xd = toDouble(b, x.name);
  finish(b, k, doubleToFloat(b, b.op('Mul', [xd, xd])), 'float32');
};

const clip: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const d = x.dtype === 'int32' ? 'int32' : 'float32';
  const lo = b.scalar(d, Number(k.attrs.clipValueMin));
  const hi = b.scalar(d, Number(k.attrs.clipValueMax));
  finish(b, k, b.op('Clip', [b.cast(x.name, x.dtype, d), lo, hi]), d);
};

const cast: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  b.cast(x.name, x.dtype, outType(k).dtype, out(k));
};

/** ZerosLike / OnesLike: a constant of x's shape (read at run time, so unknown dims work). */
function filledLike(value: number): OnnxRule {
  return (b, k) => {
    const x = arg(k, 'x');
    const t = outType(k);
    const shape = x.shape.every((d) => d >= 0) ? b.int64([...x.shape]) : b.op('Shape', [x.name]);
    const tensor = { name: 'value', dataType: elemTypeOf(t.dtype), dims: [1], rawData: rawOne(t.dtype, value) };
    b.op('ConstantOfShape', [shape], { value: { tensor } }, out(k));
  };
}

function rawOne(dtype: DType, value: number): Uint8Array {
  if (dtype === 'bool') return new Uint8Array([value ? 1 : 0]);
  const bytes = new Uint8Array(4);
  const view = new DataView(bytes.buffer);
  if (dtype === 'int32') view.setInt32(0, value, true);
  else view.setFloat32(0, value, true);
  return bytes;
}

const isFinite = inFloat((b, x) => b.op('Not', [b.op('Or', [b.op('IsNaN', [x]), b.op('IsInf', [x])])]), 'bool');

export const ELEMENTWISE_UNARY_RULES: OnnxRuleTable = {
  // int32 |x| goes through float32, as tfjs's kernel stores it (|16777217| is 16777216, |2^31−1| wraps).
  Abs: simple('Abs'),
  Neg: simple('Neg', true),
  Sign: (b, k) => (arg(k, 'x').dtype === 'float32' ? inFloat(sign)(b, k) : simple('Sign', true)(b, k)),
  Identity: (b, k) => void b.op('Identity', [arg(k, 'x').name], {}, out(k)),
  LogicalNot: (b, k) => void b.op('Not', [b.cast(arg(k, 'x').name, arg(k, 'x').dtype, 'bool')], {}, out(k)),
  Exp: exactOr('Exp'),
  Log: exactOr('Log'),
  Sqrt: simple('Sqrt'),
  Rsqrt: viaDouble(rsqrt, inFloat(rsqrt)),
  Reciprocal: simple('Reciprocal'),
  Square: square,
  Floor: simple('Floor'),
  Ceil: simple('Ceil'),
  Round: inFloat(round),
  Sin: exactOr('Sin'),
  Cos: exactOr('Cos'),
  Tan: simple('Tan'),
  Asin: simple('Asin'),
  Acos: simple('Acos'),
  Atan: simple('Atan'),
  Sinh: simple('Sinh'),
  Cosh: simple('Cosh'),
  Asinh: simple('Asinh'),
  Acosh: simple('Acosh'),
  Atanh: simple('Atanh'),
  Erf: inFloat(erf),
  Expm1: inFloat(expm1),
  Log1p: inFloat(log1p),
  Softplus: simple('Softplus'),
  Relu: relu,
  Relu6: relu6,
  Sigmoid: inFloat(sigmoid),
  Tanh: exactOr('Tanh', inFloat(tanh)),
  Elu: inFloat(elu),
  Selu: inFloat(selu),
  LeakyRelu: simple('LeakyRelu', false, (k) => ({ alpha: f(k.attrs.alpha ?? 0.2) })),
  Step: inFloat(step),
  IsNan: inFloat((b, x) => b.op('IsNaN', [x]), 'bool'),
  IsInf: inFloat((b, x) => b.op('IsInf', [x]), 'bool'),
  IsFinite: isFinite,
  ClipByValue: clip,
  Cast: cast,
  ZerosLike: filledLike(0),
  OnesLike: filledLike(1),
};
