// ONNX rules of tfjs's elementwise unary kernels (math, activations, predicates, Cast, Clip, *Like),
// with tfjs semantics (Step keeps NaN, Expm1/Log1p stay accurate near zero, ints stay exact).
// Needs rule-types and the builder. Produces `UNARY_RULES`.

import type { DType } from '../../../ir/types.js';
import type { OnnxGraphBuilder } from '../onnx-builder.js';
import { elemTypeOf } from '../onnx-dtypes.js';
import { arg, finish, isFloat, out, outType, type KernelCall, type OnnxRule } from './rule-types.js';

/** Same-named ONNX op; computed in float32 (with casts) unless `ints` says ONNX takes int32 too. */
function simple(onnxOp: string, ints = false, attrs: (k: KernelCall) => Record<string, { float: number }> = () => ({})): OnnxRule {
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

const f = (x: unknown) => ({ float: Number(x) });
const one = (b: OnnxGraphBuilder) => b.scalar('float32', 1);

/**
 * e^x − 1 = 2t/(1−t) with t = tanh(x/2), accurate near zero; exp(x) − 1 elsewhere; x itself below
 * 2^-24, where x/2 would lose a denormal x and e^x − 1 rounds to x in float32.
 */
function expm1(b: OnnxGraphBuilder, x: string): string {
  const t = b.op('Tanh', [b.op('Mul', [x, b.scalar('float32', 0.5)])]);
  const small = b.op('Div', [b.op('Add', [t, t]), b.op('Sub', [one(b), t])]);
  const big = b.op('Sub', [b.op('Exp', [x]), one(b)]);
  const abs = b.op('Abs', [x]);
  const near = b.op('Less', [abs, b.scalar('float32', 0.5)]);
  return b.op('Where', [b.op('Less', [abs, b.scalar('float32', 2 ** -24)]), x, b.op('Where', [near, small, big])]);
}

/** log(1 + x) as log(u)·x/(u − 1) with u = 1 + x (Goldberg), x itself when u rounds to 1 or x is +Infinity. */
function log1p(b: OnnxGraphBuilder, x: string): string {
  const u = b.op('Add', [one(b), x]);
  const d = b.op('Sub', [u, one(b)]);
  const scaled = b.op('Mul', [b.op('Log', [u]), b.op('Div', [x, d])]);
  const asX = b.op('Or', [b.op('Equal', [d, b.scalar('float32', 0)]), b.op('Equal', [x, b.scalar('float32', Infinity)])]);
  return b.op('Where', [asX, x, scaled]);
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
  else simple('Relu')(b, k);
};

const relu6: OnnxRule = (b, k) => {
  const x = arg(k, 'x');
  const d = x.dtype === 'int32' ? 'int32' : 'float32';
  finish(b, k, b.op('Clip', [b.cast(x.name, x.dtype, d), b.scalar(d, 0), b.scalar(d, 6)]), d);
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

export const UNARY_RULES: Readonly<Record<string, OnnxRule>> = {
  Abs: simple('Abs', true),
  Neg: simple('Neg', true),
  Sign: simple('Sign', true),
  Identity: (b, k) => void b.op('Identity', [arg(k, 'x').name], {}, out(k)),
  LogicalNot: (b, k) => void b.op('Not', [b.cast(arg(k, 'x').name, arg(k, 'x').dtype, 'bool')], {}, out(k)),
  Exp: simple('Exp'),
  Log: simple('Log'),
  Sqrt: simple('Sqrt'),
  Rsqrt: inFloat((b, x) => b.op('Reciprocal', [b.op('Sqrt', [x])])),
  Reciprocal: simple('Reciprocal'),
  Square: (b, k) => {
    const x = arg(k, 'x');
    const d = x.dtype === 'int32' ? 'int32' : 'float32';
    const xs = b.cast(x.name, x.dtype, d);
    finish(b, k, b.op('Mul', [xs, xs]), d);
  },
  Floor: simple('Floor'),
  Ceil: simple('Ceil'),
  Round: simple('Round'),
  Sin: simple('Sin'),
  Cos: simple('Cos'),
  Tan: simple('Tan'),
  Asin: simple('Asin'),
  Acos: simple('Acos'),
  Atan: simple('Atan'),
  Sinh: simple('Sinh'),
  Cosh: simple('Cosh'),
  Asinh: simple('Asinh'),
  Acosh: simple('Acosh'),
  Atanh: simple('Atanh'),
  Erf: simple('Erf'),
  Expm1: inFloat(expm1),
  Log1p: inFloat(log1p),
  Softplus: simple('Softplus'),
  Relu: relu,
  Relu6: relu6,
  Sigmoid: simple('Sigmoid'),
  Tanh: simple('Tanh'),
  Elu: simple('Elu'),
  Selu: simple('Selu'),
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
