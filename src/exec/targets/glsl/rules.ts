// Per-kernel rules of generated GLSL (ES 3.0, tfjs's webgl backend): for every elementwise kernel
// that fusion may merge (opt/elementwise-kernels.ts), the body of a GLSL function computing one
// element in float from float operands `a`, `b`, `c` (int32 and bool values are held as floats, as
// tfjs-webgl's textures hold them; a bool is 0.0 or 1.0), with the kernel's attrs baked in as
// literals. NaN and infinity behave as in tfjs-webgl's own unary and binary programs: NaN passes
// through the math functions and activations, Maximum/Minimum/Atan2 of a NaN is NaN, Log of a
// negative, Acos/Asin outside [-1, 1], Mod by zero are NaN, Sign of NaN is 0. Where a GPU's float
// math is looser than the cpu backend's, the rules take the exact road: RealDiv of equal operands
// is 1, FloorDiv and Mod of integers divide as integers, Pow of an integer exponent multiplies, and
// Expm1/Log1p near zero use their series. The result of a step whose dtype is int32 is truncated
// by the caller (steps.ts). Needs the elementwise kernel table and the prelude of program.ts
// (`agIsNan`, `agIsInf`, `agInf`). Produces `GLSL_RULES`, `glslRule`, `floatLiteral`.

import type { ElementwiseKernelName } from '../../../opt/elementwise-kernels.js';
import { float32Digits } from '../fused-parts.js';

type Attrs = Readonly<Record<string, unknown>>;

/** The GLSL body of one element's function (`return …;`), given the step's attrs. */
export type GlslRule = (attrs: Attrs) => string;

/** A GLSL float literal for `v` (NaN through tfjs-webgl's `NAN` uniform, ±∞ from the prelude). */
export function floatLiteral(v: number): string {
  if (Number.isNaN(v)) return 'NAN';
  if (!Number.isFinite(v)) return v > 0 ? 'agInf()' : '(-agInf())';
  const lit = float32Digits(v);
  return v < 0 || Object.is(v, -0) ? `(${Object.is(v, -0) ? '-0.0' : lit})` : lit;
}

const ret =
  (e: string): GlslRule =>
  () =>
    `return ${e};`;
const num = (attrs: Attrs, name: string, fallback: number): string => floatLiteral(Number(attrs[name] ?? fallback));
const nanIn = (e: string): string => `if (agIsNan(a)) { return a; }\n  return ${e};`;
const nanOut = 'if (agIsNan(a) || agIsNan(b)) { return NAN; }\n  ';
/** Both operands integers that float32 holds exactly: then `ia`, `ib` are them as ints. */
const INTS = 'floor(a) == a && floor(b) == b && abs(a) < 16777216.0 && abs(b) < 16777216.0';

// SELU's constants (Klambauer et al.), as tfjs's backend_util defines them.
const SELU_SCALE = 1.0507009873554805;
const SELU_SCALE_ALPHA = 1.7580993408473768;
// Abramowitz and Stegun 7.1.26, the erf approximation tfjs's backends use.
const ERF = [0.3275911, 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429].map(floatLiteral);
// log(float32 epsilon) + 2: below it softplus(a) is exp(a), above its negation a (as tfjs computes).
const SOFTPLUS_T = floatLiteral(Math.log(2 ** -23) + 2);

/** Floor division: integers exactly (GPU division of floats may land just below an integer). */
const FLOOR_DIV =
  `if (${INTS} && b != 0.0) {\n` +
  '    int ia = int(a); int ib = int(b); int q = ia / ib;\n' +
  '    if (q * ib != ia && ((ia < 0) != (ib < 0))) { q -= 1; }\n' +
  '    return float(q);\n' +
  '  }\n' +
  '  return floor(a / b);';

/** Floor modulo (the sign of b), as the cpu backend computes it; integers exactly; by zero NaN. */
const MOD =
  'if (b == 0.0) { return NAN; }\n' +
  '  if (agIsInf(b) && !agIsInf(a)) { return (a < 0.0) == (b < 0.0) ? a : NAN; }\n' +
  `  if (${INTS}) {\n` +
  '    int ia = int(a); int ib = int(b); int r = ia - ib * (ia / ib);\n' +
  '    if (r != 0 && ((r < 0) != (ib < 0))) { r += ib; }\n' +
  '    return float(r);\n' +
  '  }\n' +
  '  float r = a - b * floor(a / b);\n' +
  '  return (r != 0.0 && ((r < 0.0) != (b < 0.0))) ? r + b : r;';

/**
 * Pow as JavaScript's Math.pow: x⁰ = 1, NaN otherwise NaN, an integer exponent (|b| < 2⁷) by repeated
 * squaring, infinite exponents and bases and a zero base by their limits, a negative base's
 * fractional power NaN; else the built-in on |a| (GLSL leaves pow of a non-positive base undefined).
 */
const POW =
  'if (b == 0.0) { return 1.0; }\n' +
  '  if (agIsNan(a) || agIsNan(b)) { return NAN; }\n' +
  '  if (floor(b) == b && abs(b) < 128.0) {\n' +
  '    float r = 1.0; float x = a; int n = int(abs(b));\n' +
  '    for (int i = 0; i < 7; i++) { if ((n & 1) != 0) { r *= x; } x *= x; n >>= 1; }\n' +
  '    return b < 0.0 ? 1.0 / r : r;\n' +
  '  }\n' +
  '  if (agIsInf(b)) { return abs(a) == 1.0 ? NAN : (abs(a) > 1.0) == (b > 0.0) ? agInf() : 0.0; }\n' +
  '  bool odd = mod(b, 2.0) == 1.0;\n' +
  '  if (agIsInf(a) || a == 0.0) { float r = (b > 0.0) == agIsInf(a) ? agInf() : 0.0; return a < 0.0 && odd ? -r : r; }\n' +
  '  if (a < 0.0 && floor(b) != b) { return NAN; }\n' +
  '  float r = pow(abs(a), b);\n' +
  '  return a < 0.0 && odd ? -r : r;';

/** atan2 with IEEE's answers for a zero numerator (GLSL leaves atan(0, 0) undefined; the sign of zero counts). */
const ATAN2 =
  `${nanOut}if (a == 0.0) {\n` +
  '    float r = (b < 0.0 || (b == 0.0 && (floatBitsToUint(b) >> 31) != 0u)) ? 3.14159265358979 : 0.0;\n' +
  '    return (floatBitsToUint(a) >> 31) != 0u ? -r : r;\n' +
  '  }\n' +
  '  return atan(a, b);';

/** The rule of every fusable kernel: the table is closed over ElementwiseKernelName. */
export const GLSL_RULES: { readonly [K in ElementwiseKernelName]: GlslRule } = {
  Abs: ret('abs(a)'),
  // acos and asin through atan, whose built-in is accurate where theirs may not be (SwiftShader's: ~1e-4)
  Acos: () => `if (abs(a) > 1.0) { return NAN; }\n  ${nanIn('atan(sqrt((1.0 - a) * (1.0 + a)), a)')}`,
  Acosh: () => `if (a < 1.0) { return NAN; }\n  ${nanIn('acosh(a)')}`,
  // (a zero is returned as it is: SwiftShader's atan(-0, 1) is π)
  Asin: () =>
    `if (abs(a) > 1.0) { return NAN; }\n  if (a == 0.0) { return a; }\n  ${nanIn('atan(a, sqrt((1.0 - a) * (1.0 + a)))')}`,
  // beyond 2^60, a² would overflow: asinh(a) = log(2|a|) there to float precision
  Asinh: () =>
    `float x = abs(a);\n  ${nanIn('sign(a) * (x > 1e18 ? log(x) + 0.6931471805599453 : log(x + sqrt(x * x + 1.0)))')}`,
  Atan: () => nanIn('atan(a)'),
  Atanh: () =>
    `if (abs(a) > 1.0) { return NAN; }\n  if (abs(a) == 1.0) { return a * agInf(); }\n  ${nanIn('0.5 * log((1.0 + a) / (1.0 - a))')}`,
  Ceil: ret('ceil(a)'),
  Cos: () => nanIn('cos(a)'),
  // (exp of NaN is not NaN on every GPU: SwiftShader's is ∞; NaN passes through explicitly)
  Cosh: () => `float e = exp(abs(a));\n  ${nanIn('0.5 * (e + 1.0 / e)')}`,
  Erf: () =>
    `float x = abs(a);\n  float t = 1.0 / (1.0 + ${ERF[0]} * x);\n  if (agIsNan(a)) { return a; }\n` +
    `  return sign(a) * (1.0 - (((((${ERF[5]} * t + ${ERF[4]}) * t) + ${ERF[3]}) * t + ${ERF[2]}) * t + ${ERF[1]}) * t * exp(-x * x));`,
  Exp: () => nanIn('exp(a)'),
  Expm1: () => `if (abs(a) < 1e-3) { return a * (1.0 + a * (0.5 + a / 6.0)); }\n  ${nanIn('exp(a) - 1.0')}`,
  Floor: ret('floor(a)'),
  Log: () => `if (a < 0.0) { return NAN; }\n  if (a == 0.0) { return -agInf(); }\n  ${nanIn('log(a)')}`,
  Log1p: () =>
    'if (a < -1.0) { return NAN; }\n  if (a == -1.0) { return -agInf(); }\n' +
    `  if (abs(a) < 1e-3) { return a * (1.0 - a * (0.5 - a / 3.0)); }\n  ${nanIn('log(1.0 + a)')}`,
  Neg: ret('-a'),
  Reciprocal: ret('1.0 / a'),
  // half to even, as tfjs rounds (tfjs-webgl's prelude defines round() itself, returning an int)
  Round: () =>
    'float f = floor(a); float d = a - f;\n  if (d != 0.5) { return d < 0.5 ? f : f + 1.0; }\n  return mod(f, 2.0) == 0.0 ? f : f + 1.0;',
  Rsqrt: ret('inversesqrt(a)'),
  Sign: () => 'if (agIsNan(a)) { return 0.0; }\n  return sign(a);',
  Sin: () => nanIn('sin(a)'),
  Sinh: () => `float e = exp(abs(a));\n  ${nanIn('sign(a) * 0.5 * (e - 1.0 / e)')}`,
  Sqrt: ret('sqrt(a)'),
  Square: ret('a * a'),
  Tan: () => nanIn('tan(a)'),
  // exp of a non-positive argument only: no overflow for large |a|
  Tanh: () => `float e = exp(-2.0 * abs(a));\n  ${nanIn('sign(a) * (1.0 - e) / (1.0 + e)')}`,
  Relu: ret('a < 0.0 ? 0.0 : a'),
  Relu6: () => nanIn('clamp(a, 0.0, 6.0)'),
  Elu: () => nanIn('a >= 0.0 ? a : exp(a) - 1.0'),
  Selu: () => nanIn(`a >= 0.0 ? ${floatLiteral(SELU_SCALE)} * a : ${floatLiteral(SELU_SCALE_ALPHA)} * (exp(a) - 1.0)`),
  Sigmoid: () => nanIn('1.0 / (1.0 + exp(-a))'),
  Softplus: () =>
    `if (a > -${SOFTPLUS_T}) { return a; }\n  if (a < ${SOFTPLUS_T}) { return exp(a); }\n  ${nanIn('log(exp(a) + 1.0)')}`,
  LeakyRelu: (at) => `return a < 0.0 ? ${num(at, 'alpha', 0.2)} * a : a;`,
  Step: (at) => nanIn(`a > 0.0 ? 1.0 : ${num(at, 'alpha', 0)}`),
  Prelu: ret('a < 0.0 ? a * b : a'),
  ClipByValue: (at) => nanIn(`clamp(a, ${num(at, 'clipValueMin', 0)}, ${num(at, 'clipValueMax', 0)})`),
  IsFinite: ret('float(!(agIsNan(a) || agIsInf(a)))'),
  IsInf: ret('float(agIsInf(a))'),
  IsNan: ret('float(agIsNan(a))'),
  LogicalNot: ret('float(a == 0.0)'),
  Cast: (at) => (at.dtype === 'bool' ? 'return float(a != 0.0);' : 'return a;'), // int32: truncated by the caller
  ZerosLike: ret('0.0'),
  OnesLike: ret('1.0'),
  Identity: ret('a'),
  Add: ret('a + b'),
  Sub: ret('a - b'),
  Multiply: ret('a * b'),
  // equal finite non-zero operands: exactly 1 (a GPU divides by multiplying with a reciprocal)
  RealDiv: () => 'if (a == b && a != 0.0 && !agIsInf(a)) { return 1.0; }\n  return a / b;',
  FloorDiv: () => FLOOR_DIV,
  Mod: () => MOD,
  Maximum: () => `${nanOut}return max(a, b);`,
  Minimum: () => `${nanOut}return min(a, b);`,
  Pow: () => POW,
  SquaredDifference: () => 'float d = a - b;\n  return d * d;',
  Atan2: () => ATAN2,
  Equal: ret('float(a == b)'),
  NotEqual: ret('float(a != b)'),
  Greater: ret('float(a > b)'),
  GreaterEqual: ret('float(a >= b)'),
  Less: ret('float(a < b)'),
  LessEqual: ret('float(a <= b)'),
  LogicalAnd: ret('float(a != 0.0 && b != 0.0)'),
  LogicalOr: ret('float(a != 0.0 || b != 0.0)'),
  Select: ret('a != 0.0 ? b : c'), // Select(condition a, t b, e c)
};

/** The rule of `op`, or undefined for a kernel GLSL does not compute here. */
export function glslRule(op: string): GlslRule | undefined {
  return Object.hasOwn(GLSL_RULES, op) ? GLSL_RULES[op as ElementwiseKernelName] : undefined;
}
