// Per-kernel rules of generated WGSL: for every elementwise kernel that fusion may merge
// (opt/elementwise-kernels.ts), the body of a WGSL function computing one element in f32 from f32
// operands `a`, `b`, `c` (int32 and bool values are held as f32, as tfjs-webgpu's own shaders hold
// them; a bool is 0.0 or 1.0), with the kernel's attrs baked in as literals. NaN and infinity come
// from tfjs-webgpu's uniforms (`uniforms.NAN`, `uniforms.INFINITY`) and its `isnan`/`isinf`.
// The formulas follow the tfjs kernels' definitions (the webgpu backend's where it has its own
// numerics, e.g. the stable tanh and the Abramowitz–Stegun erf); the result of a step whose dtype
// is int32 is wrapped to an int32 as JS's ToInt32 does (a store into an Int32Array) by the caller.
// Needs the elementwise kernel table. Produces `WGSL_RULES`, `wgslRule`, `f32Literal`.

import type { ElementwiseKernelName } from '../../../opt/elementwise-kernels.js';
import { float32Digits } from '../fused-parts.js';

type Attrs = Readonly<Record<string, unknown>>;

/** The WGSL body of one element's function (`return …;`), given the step's attrs. */
export type WgslRule = (attrs: Attrs) => string;

/** A WGSL f32 literal for `v` (NaN and ±∞ through tfjs-webgpu's uniforms). */
export function f32Literal(v: number): string {
  if (Number.isNaN(v)) return 'uniforms.NAN';
  if (!Number.isFinite(v)) return v > 0 ? 'uniforms.INFINITY' : '-uniforms.INFINITY';
  return `f32(${float32Digits(v)})`;
}

const ret =
  (e: string): WgslRule =>
  () =>
    `return ${e};`;
const num = (attrs: Attrs, name: string, fallback: number): string => f32Literal(Number(attrs[name] ?? fallback));
const bool = (e: string): string => `select(0.0, 1.0, ${e})`;

// SELU's constants (Klambauer et al.), as tfjs's backend_util defines them.
const SELU_SCALE = 1.0507009873554805;
const SELU_SCALE_ALPHA = 1.7580993408473768;
// Abramowitz and Stegun 7.1.26, as tfjs's erf.
const ERF = [0.3275911, 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429].map(f32Literal);

/** The rule of every fusable kernel: the table is closed over ElementwiseKernelName. */
export const WGSL_RULES: { readonly [K in ElementwiseKernelName]: WgslRule } = {
  Abs: ret('abs(a)'),
  Acos: () => 'if (abs(a) > 1.0) { return uniforms.NAN; } return 2.0 * atan(sqrt((1.0 - a) / (1.0 + a)));', // atan is the more precise builtin
  Acosh: () =>
    'if (a < 1.0) { return uniforms.NAN; } if (a > 1e18) { return log(a) + 0.6931471805599453; } return log(a + sqrt(a * a - 1.0));',
  Asin: () => 'if (abs(a) > 1.0) { return uniforms.NAN; } return asin(a);',
  // odd, and log(2|a|) where a² would overflow
  Asinh: () =>
    'let x = abs(a); if (x > 1e18) { return sign(a) * (log(x) + 0.6931471805599453); } return sign(a) * log(x + sqrt(x * x + 1.0));',
  Atan: ret('atan(a)'),
  Atanh: () => 'if (abs(a) > 1.0) { return uniforms.NAN; } return 0.5 * log((1.0 + a) / (1.0 - a));',
  Ceil: ret('ceil(a)'),
  Cos: ret('cos(a)'),
  Cosh: () => 'let e = exp(a); return (e + 1.0 / e) / 2.0;',
  Erf: () =>
    `let s = sign(a); let x = abs(a); let t = 1.0 / (1.0 + ${ERF[0]} * x);\n` +
    `  return s * (1.0 - (((((${ERF[5]} * t + ${ERF[4]}) * t) + ${ERF[3]}) * t + ${ERF[2]}) * t + ${ERF[1]}) * t * exp(-x * x));`,
  Exp: ret('exp(a)'),
  Expm1: ret('exp(a) - 1.0'),
  Floor: ret('floor(a)'),
  Log: () => 'if (a < 0.0) { return uniforms.NAN; } return log(a);',
  Log1p: () => 'if (a < -1.0) { return uniforms.NAN; } return log(1.0 + a);',
  Neg: ret('-a'),
  Reciprocal: ret('1.0 / a'),
  Round: ret('round(a)'), // half to even, as tfjs rounds
  Rsqrt: ret('inverseSqrt(a)'),
  Sign: () => 'if (isnan(a)) { return 0.0; } return sign(a);', // tfjs: Sign(NaN) is 0
  Sin: ret('sin(a)'),
  Sinh: () => 'let e = exp(a); return (e - 1.0 / e) / 2.0;',
  Sqrt: ret('sqrt(a)'),
  Square: ret('a * a'),
  Tan: ret('tan(a)'),
  // exp of a non-positive argument only: no overflow for large |a|
  Tanh: () => 'let e = exp(-2.0 * abs(a)); return sign(a) * (1.0 - e) / (1.0 + e);',
  Relu: ret('select(a, 0.0, a < 0.0)'),
  Relu6: () => 'if (isnan(a)) { return a; } return clamp(a, 0.0, 6.0);',
  Elu: () => 'if (a >= 0.0) { return a; } return exp(a) - 1.0;',
  Selu: () =>
    `if (a >= 0.0) { return ${f32Literal(SELU_SCALE)} * a; } return ${f32Literal(SELU_SCALE_ALPHA)} * (exp(a) - 1.0);`,
  Sigmoid: ret('1.0 / (1.0 + exp(-a))'),
  Softplus: () =>
    // tfjs's thresholds: log(float32 epsilon) + 2
    'let t = -13.942385; if (a > -t) { return a; } let e = exp(a); if (a < t) { return e; } return log(e + 1.0);',
  LeakyRelu: (at) => `return select(a, ${num(at, 'alpha', 0.2)} * a, a < 0.0);`,
  Step: (at) => `if (isnan(a)) { return a; } return select(${num(at, 'alpha', 0)}, 1.0, a > 0.0);`,
  Prelu: () => 'if (isnan(a)) { return a; } return select(a, a * b, a < 0.0);',
  ClipByValue: (at) =>
    `if (isnan(a)) { return a; } return clamp(a, ${num(at, 'clipValueMin', 0)}, ${num(at, 'clipValueMax', 0)});`,
  IsFinite: ret(bool('!(isnan(a) || isinf(a))')),
  IsInf: ret(bool('isinf(a)')),
  IsNan: ret(bool('isnan(a)')),
  LogicalNot: ret(bool('a == 0.0')),
  Cast: (at) => (at.dtype === 'bool' ? `return ${bool('isnan(a) || a != 0.0')};` : 'return a;'), // int32: wrapped by the caller
  ZerosLike: ret('0.0'),
  OnesLike: ret('1.0'),
  Identity: ret('a'),
  Add: ret('a + b'),
  Sub: ret('a - b'),
  Multiply: ret('a * b'),
  RealDiv: ret('a / b'),
  FloorDiv: ret('floor(a / b)'),
  // JS's % (the sign of a), then tfjs's turn to the sign of b: ((r + b) % b)
  Mod: () =>
    'if (isinf(a) || b == 0.0) { return uniforms.NAN; } if (isinf(b)) { if (a == 0.0 || (a < 0.0) == (b < 0.0)) { return a; } return b; }\n' +
    '  let r = a - b * trunc(a / b); if (r == 0.0 || (r < 0.0) == (b < 0.0)) { return r; } let s = r + b; return s - b * trunc(s / b);',
  Maximum: () => 'if (isnan(a) || isnan(b)) { return uniforms.NAN; } return max(a, b);',
  Minimum: () => 'if (isnan(a) || isnan(b)) { return uniforms.NAN; } return min(a, b);',
  Pow: () =>
    'if (b == 0.0) { return 1.0; } if (isnan(a) || isnan(b)) { return uniforms.NAN; }\n' +
    '  if (a < 0.0 && floor(b) != b) { return uniforms.NAN; }\n' +
    '  let r = pow(abs(a), b);\n' +
    '  if (a < 0.0 && abs(b - 2.0 * floor(b / 2.0)) == 1.0) { return -r; }\n' +
    '  return r;',
  SquaredDifference: () => 'let d = a - b; return d * d;',
  Atan2: () => 'if (a == 0.0 && b > 0.0) { return a; } return atan2(a, b);', // atan2(±0, b > 0) is ±0
  Equal: ret(bool('a == b && !isnan(a) && !isnan(b)')),
  NotEqual: ret(bool('a != b || isnan(a) || isnan(b)')),
  Greater: ret(bool('a > b && !isnan(a) && !isnan(b)')),
  GreaterEqual: ret(bool('a >= b && !isnan(a) && !isnan(b)')),
  Less: ret(bool('a < b && !isnan(a) && !isnan(b)')),
  LessEqual: ret(bool('a <= b && !isnan(a) && !isnan(b)')),
  LogicalAnd: ret(bool('a != 0.0 && b != 0.0')),
  LogicalOr: ret(bool('a != 0.0 || b != 0.0')),
  Select: ret('select(c, b, a != 0.0)'), // Select(condition a, t b, e c)
};

/**
 * Kernels whose rule decides what a NaN operand gives (comparisons, predicates, Pow's x⁰ = 1 …);
 * every other rule is guarded — a NaN operand gives NaN — because GPU compilers may assume
 * arithmetic never meets NaN (SwiftShader's exp(NaN) is ∞).
 */
export const OWN_NAN: ReadonlySet<ElementwiseKernelName> = new Set<ElementwiseKernelName>([
  'Sign',
  'Step',
  'Relu6',
  'ClipByValue',
  'IsFinite',
  'IsInf',
  'IsNan',
  'LogicalNot',
  'Cast',
  'ZerosLike',
  'OnesLike',
  'Prelu',
  'Maximum',
  'Minimum',
  'Pow',
  'Equal',
  'NotEqual',
  'Greater',
  'GreaterEqual',
  'Less',
  'LessEqual',
  'LogicalAnd',
  'LogicalOr',
  'Select',
]);

/**
 * Kernels whose rule is IEEE arithmetic that carries a NaN operand through by itself (+ − × ÷, abs,
 * rounding): no guard, which is costly per element (a software driver runs it as a branch).
 */
export const IEEE_NAN: ReadonlySet<ElementwiseKernelName> = new Set<ElementwiseKernelName>([
  'Abs',
  'Neg',
  'Floor',
  'Ceil',
  'Round',
  'Square',
  'Sqrt',
  'Reciprocal',
  'Identity',
  'Relu',
  'Add',
  'Sub',
  'Multiply',
  'RealDiv',
  'SquaredDifference',
]);

/** The rule of `op`, or undefined for a kernel WGSL does not compute here. */
export function wgslRule(op: string): WgslRule | undefined {
  return Object.hasOwn(WGSL_RULES, op) ? WGSL_RULES[op as ElementwiseKernelName] : undefined;
}
