// Fast float32 tanh, sigmoid, exp and log as WebAssembly SIMD lane rules (f32x4, four values at a
// time, all in float32): the kernels of `jit(f, { numerics: 'fast' })`, used by the SIMD map and
// reduction kernels (kernels.ts) and the in-place heap kernels (wasm-heap/heap-map.ts) only when
// the profile's numerics is 'fast' (rules.ts `simdMathOf`, `wasmRule`). The method is the classic
// one of Cephes' single-precision functions (and Eigen's packet math after it), with Cephes'
// coefficients:
//  - exp: x clamped to [-104, 89] (beyond, the float32 result is 0 or ∞ anyway), n = round(x·log2 e)
//    (from the low bits of x·log2 e + 1.5·2^23: no conversion instructions),
//    r = x − n·ln2 in two parts (Cody–Waite: the high part has 9 significant bits, so n·C1 is
//    exact), exp(r) ≈ 1 + r + r²·P(r) with a degree-5 P, and 2^n applied as two factors 2^⌊n/2⌋ and
//    2^(n−⌊n/2⌋) built from the exponent bits (each a normal float32, so results down into the
//    subnormal range round once).
//  - log: x = 2^e·m with m in [√½, √2) (subnormal x scaled by 2^23 first), log(1 + f) ≈ f − f²/2 +
//    f³·P(f) with a degree-8 P, plus e·ln2 in two parts.
//  - tanh: e/(e + 2) with e = expm1(2a), a = min(|x|, 9.1) (past 9.1 the float32 tanh is 1), and
//    x's sign; expm1 by the same reduction, 2^n·(P(r)·r² + r) + (2^n − 1), so small |x| keep
//    their relative accuracy (no 1 − … cancellation).
//  - sigmoid: e = exp(−|x|) (never overflows), then 1/(1 + e) for x ≥ 0 and e/(1 + e) below, so
//    that tiny results keep their relative accuracy (no 1 − … cancellation).
// Each multiply-add of the polynomials is `f32x4.relaxed_madd` where `fma` (the engine has relaxed
// SIMD and the executor allows it), else a multiply and an add: the engine fuses relaxed_madd where
// the processor has FMA, so both forms must meet the bound, and both are tested. Special values
// are exact: NaN → NaN, exp(−∞) = 0, exp(∞) = ∞, log(±0) = −∞, log(x < 0) = NaN, log(∞) = ∞,
// tanh(±∞) = ±1, tanh(±0) = ±0, sigmoid(−∞) = 0, sigmoid(∞) = 1. The measured bounds against JS's
// Math (then rounded to float32) are in `FAST_BOUNDS` and docs/guide.md;
// test/exec/targets/wasm-simd/fast-math.test.ts sweeps the float32 range to check them,
// bench/checks/fast-math-exhaustive.ts every float32.
// Needs the encoder. Produces `fastRules`, `FAST_OPS`, `FAST_BOUNDS`, `FastOp`.

import { Code, SIMD } from './encoder.js';
import type { WasmRule } from './rules.js';

/** The kernels that have fast rules. */
export type FastOp = 'Tanh' | 'Sigmoid' | 'Exp' | 'Log';
export const FAST_OPS: ReadonlySet<string> = new Set<FastOp>(['Tanh', 'Sigmoid', 'Exp', 'Log']);

/**
 * The documented bound of each fast function: the largest error, in units in the last place of the
 * float32 reference value (an ulp of a subnormal is 2^-149), against `Math.fround(Math.<f>(x))`
 * (sigmoid: `Math.fround(1 / (1 + Math.exp(-x)))`, the cpu backend's value), measured over every
 * float32 input and rounded up; fused and unfused multiply-adds alike.
 */
export const FAST_BOUNDS: Readonly<Record<FastOp, number>> = { Exp: 1, Log: 1, Tanh: 2, Sigmoid: 2 };

// exp: the clamp, log2 e, ln 2 in two parts (Cephes: C1 has 9 significant bits), and P(r).
const EXP_MIN = -104;
const EXP_MAX = 89;
const LOG2E = 1.4426950408889634;
const ROUND = 1.5 * 2 ** 23;
const ROUND_BITS = 0x4b400000;
const LN2_C1 = 0.693359375;
const LN2_C2 = -2.1219444e-4;
const EXP_P = [1.98756915e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1];
// log: √½, P(f), and the smallest normal float32.
const SQRTHF = 0.7071067811865476;
const LOG_P = [
  7.0376836292e-2, -1.151461031e-1, 1.167699874e-1, -1.2420140846e-1, 1.4249322787e-1, -1.6668057665e-1,
  2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1,
];
const MIN_NORMAL = 2 ** -126;
// tanh: |x| past which the float32 tanh is ±1.
const TANH_MAX = 9.1;
const SIGN = -0x80000000;

/** Stack [a, b] → a·b + (what `addend` pushes): one relaxed_madd, or a multiply then an add. */
function madd(c: Code, fma: boolean, addend: () => void): void {
  if (!fma) c.simd(SIMD.f32x4Mul);
  addend();
  c.simd(fma ? SIMD.f32x4RelaxedMadd : SIMD.f32x4Add);
}

/** Pushes P(x) = coefs[0]·x^d + … + coefs[d] for the v128 local `x`, by Horner's scheme. */
function horner(c: Code, fma: boolean, x: number, coefs: readonly number[]): void {
  c.f32x4(coefs[0]!);
  for (const k of coefs.slice(1)) {
    c.get(x);
    madd(c, fma, () => void c.f32x4(k));
  }
}

/**
 * Range reduction y = n·ln2 + r (|r| ≤ ln2/2) for the local `y`: sets T to y·log2 e + 1.5·2^23,
 * whose low bits hold n = round(y·log2 e) (|y·log2 e| < 2^22), K to n, R to r; then pushes
 * expm1(r) ≈ P(r)·r² + r. Locals T, K, R from `s`.
 */
function reduced(c: Code, fma: boolean, y: number, s: number): void {
  const [T, K, R] = [s, s + 1, s + 2];
  c.get(y).f32x4(LOG2E);
  madd(c, fma, () => void c.f32x4(ROUND));
  c.tee(T).f32x4(ROUND).simd(SIMD.f32x4Sub).set(K);
  // r = (y − n·C1) − n·C2 (n·C1 is exact, fused or not)
  c.get(K).f32x4(-LN2_C1);
  madd(c, fma, () => void c.get(y));
  c.set(R);
  c.get(K).f32x4(-LN2_C2);
  madd(c, fma, () => void c.get(R));
  c.set(R);
  horner(c, fma, R, EXP_P);
  c.get(R).get(R).simd(SIMD.f32x4Mul);
  madd(c, fma, () => void c.get(R));
}

/** Pushes 2^(n + e) as float32 bits from T of `reduced` (n + e + 127 in [1, 254]). */
function pow2(c: Code, T: number, e = 0): void {
  c.get(T)
    .i32x4(127 + e - ROUND_BITS)
    .simd(SIMD.i32x4Add)
    .i32(23)
    .simd(SIMD.i32x4Shl);
}

/** v128 locals `exp` uses. */
const EXP_SCRATCH = 4;

/** Pushes exp of the local `x` (its locals from `s`). */
function exp(c: Code, fma: boolean, x: number, s: number): void {
  const [XC, T, K] = [s, s + 1, s + 2];
  // x clamped by pmax/pmin (one instruction each; x first, so a NaN stays NaN)
  c.get(x).f32x4(EXP_MIN).simd(SIMD.f32x4Pmax).f32x4(EXP_MAX).simd(SIMD.f32x4Pmin).set(XC);
  reduced(c, fma, XC, s + 1);
  c.f32x4(1).simd(SIMD.f32x4Add);
  // · 2^k · 2^(n−k), k = n >> 1: n in [-150, 129], so both factors are normal float32 values
  c.get(T).i32x4(ROUND_BITS).simd(SIMD.i32x4Sub).tee(T).i32(1).simd(SIMD.i32x4ShrS).tee(K);
  c.i32x4(127).simd(SIMD.i32x4Add).i32(23).simd(SIMD.i32x4Shl).simd(SIMD.f32x4Mul);
  c.get(T).get(K).simd(SIMD.i32x4Sub).i32x4(127).simd(SIMD.i32x4Add).i32(23).simd(SIMD.i32x4Shl).simd(SIMD.f32x4Mul);
}

/** A one-operand rule whose operand is first stored in its local X (`scratch` + 0). */
function unary(scratch: number, body: (c: Code, X: number, s: number) => void): WasmRule {
  return {
    args: ['f32'],
    out: 'f32',
    scratch: scratch + 1,
    emit(c, push, _attrs, s) {
      push(0);
      c.set(s);
      body(c, s, s + 1);
    },
  };
}

const expRule = (fma: boolean): WasmRule => unary(EXP_SCRATCH, (c, X, s) => exp(c, fma, X, s));

/** log: locals XS (x, subnormals scaled), D (a mask), E (the exponent, i32), M, FE, Z, Y. */
const logRule = (fma: boolean): WasmRule =>
  unary(7, (c, X, s) => {
    const [XS, D, E, M, FE, Z, Y] = [s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6];
    // subnormals: x·2^23, and 23 off the exponent
    c.get(X)
      .f32x4(2 ** 23)
      .simd(SIMD.f32x4Mul)
      .get(X);
    c.get(X).f32x4(MIN_NORMAL).simd(SIMD.f32x4Lt).tee(D).simd(SIMD.bitselect).set(XS);
    // e = biased exponent − 126 (− 23), m = the significand as a value in [0.5, 1)
    c.get(XS)
      .i32(23)
      .simd(SIMD.i32x4ShrS)
      .i32x4(126)
      .simd(SIMD.i32x4Sub)
      .get(D)
      .i32x4(-23)
      .simd(SIMD.and)
      .simd(SIMD.i32x4Add)
      .set(E);
    c.get(XS).i32x4(0x007fffff).simd(SIMD.and).i32x4(0x3f000000).simd(SIMD.or).set(M);
    // below √½: e − 1 and f = 2m − 1; else f = m − 1 (both exact)
    c.get(M).f32x4(SQRTHF).simd(SIMD.f32x4Lt).set(D);
    c.get(E).get(D).simd(SIMD.i32x4Add).simd(SIMD.f32x4ConvertI32x4S).set(FE);
    c.get(M).get(M).get(D).simd(SIMD.and).simd(SIMD.f32x4Add).f32x4(1).simd(SIMD.f32x4Sub).set(M);
    // y = f·f²·P(f) + e·C2 − f²/2; log = (y + f) + e·C1
    c.get(M).get(M).simd(SIMD.f32x4Mul).set(Z);
    horner(c, fma, M, LOG_P);
    c.get(M).simd(SIMD.f32x4Mul).get(Z);
    madd(c, fma, () => void c.get(FE).f32x4(LN2_C2).simd(SIMD.f32x4Mul));
    c.set(Y);
    c.get(Z).f32x4(-0.5);
    madd(c, fma, () => void c.get(Y));
    c.get(M).simd(SIMD.f32x4Add).set(Y);
    c.get(FE).f32x4(LN2_C1);
    madd(c, fma, () => void c.get(Y));
    c.set(Y);
    // ∞ → ∞, ±0 → −∞, below 0 or NaN → NaN
    c.f32x4(Infinity).get(Y).get(X).f32x4(Infinity).simd(SIMD.f32x4Eq).simd(SIMD.bitselect).set(Y);
    c.f32x4(-Infinity).get(Y).get(X).f32x4(0).simd(SIMD.f32x4Eq).simd(SIMD.bitselect).set(Y);
    c.get(Y).f32x4(NaN).get(X).f32x4(0).simd(SIMD.f32x4Ge).simd(SIMD.bitselect);
  });

/** tanh: locals Y (2·min(|x|, 9.1)), S (2^n), E (expm1(y)) and `reduced`'s. */
const tanhRule = (fma: boolean): WasmRule =>
  unary(6, (c, X, s) => {
    const [Y, S, E, T] = [s, s + 1, s + 2, s + 3];
    c.get(X).simd(SIMD.f32x4Abs).f32x4(TANH_MAX).simd(SIMD.f32x4Pmin).tee(Y).get(Y).simd(SIMD.f32x4Add).set(Y);
    // e = expm1(y) = 2^n·expm1(r) + (2^n − 1), n in [0, 27]
    reduced(c, fma, Y, T);
    pow2(c, T);
    c.tee(S);
    madd(c, fma, () => void c.get(S).f32x4(1).simd(SIMD.f32x4Sub));
    // tanh|x| = e / (e + 2), with x's sign
    c.tee(E).get(E).f32x4(2).simd(SIMD.f32x4Add).simd(SIMD.f32x4Div);
    c.get(X).i32x4(SIGN).simd(SIMD.and).simd(SIMD.or);
  });

/** sigmoid: locals T (−|x|, then exp of it) and exp's. */
const sigmoidRule = (fma: boolean): WasmRule =>
  unary(1 + EXP_SCRATCH, (c, X, s) => {
    const T = s;
    c.get(X).simd(SIMD.f32x4Abs).simd(SIMD.f32x4Neg).set(T);
    exp(c, fma, T, s + 1);
    c.set(T);
    // (x ≥ 0 ? 1 : e) / (1 + e); a NaN fails x ≥ 0 and stays NaN
    c.f32x4(1).get(T).get(X).f32x4(0).simd(SIMD.f32x4Ge).simd(SIMD.bitselect);
    c.get(T).f32x4(1).simd(SIMD.f32x4Add).simd(SIMD.f32x4Div);
  });

const made = new Map<boolean, Readonly<Record<FastOp, WasmRule>>>();

/** The fast rules, with relaxed_madd (`fma`) or a multiply and an add. */
export function fastRules(fma: boolean): Readonly<Record<FastOp, WasmRule>> {
  let r = made.get(fma);
  if (!r) made.set(fma, (r = { Exp: expRule(fma), Log: logRule(fma), Tanh: tanhRule(fma), Sigmoid: sigmoidRule(fma) }));
  return r;
}
