// Per-kernel rules of WebAssembly SIMD (f32x4) elementwise code: for each kernel whose tfjs cpu
// result is, lane by lane, exactly one IEEE float32 operation (the cpu kernel computes in doubles
// from float32 operands and stores into a Float32Array; for + - * / sqrt that double-then-round
// equals the float32 operation, and abs/neg/min/max/floor/ceil/round/compare/select are exact),
// the instructions that compute it. Bools are lane masks (all ones / zero) and never leave a kernel.
// Under `numerics: 'fast'` (a profile's `numerics`, carried to the kernels as a `SimdMath`) Tanh,
// Sigmoid, Exp and Log have rules too: fast-math.ts's float32 approximations, within its documented
// bounds rather than the cpu backend's values, used only where the SimdMath says 'fast'.
// Needs the wasm encoder, fast-math. Produces `WASM_RULES` (keyed by elementwise kernel name),
// `wasmRule`, `Lane`, `SimdMath`, `EXACT_MATH`, `simdMathOf`.

import { ruleOf, type ElementwiseTable } from '../../../ir/kernels/index.js';
import { SIMD, wasmRelaxedSimdAvailable, type Code } from './encoder.js';
import { FAST_OPS, fastRules, type FastOp } from './fast-math.js';
import type { Numerics, Profile } from '../../compiled/profile.js';

/** What a v128 holds: four float32 values, or four lane masks (a bool each). */
export type Lane = 'f32' | 'mask';

export interface WasmRule {
  /** Operand kinds, in the kernel's input order. */
  readonly args: readonly Lane[];
  readonly out: Lane;
  /** Emits the instructions after the operands' values are pushed by `push(k)` (`scratch`: its first v128 local). */
  readonly emit: (
    c: Code,
    push: (k: number) => void,
    attrs: Readonly<Record<string, unknown>>,
    scratch: number,
  ) => void;
  /** v128 locals the rule needs for itself (none if absent). */
  readonly scratch?: number;
  /**
   * Two groups at once (operands pushed by `pushA`/`pushB`), their instructions interleaved so that a
   * long dependency chain overlaps the other's; sets the v128 locals `outA` and `outB`. For rules
   * whose one group is latency-bound (Tanh); `pairScratch` v128 locals from `scratch`.
   */
  readonly emitPair?: (
    c: Code,
    pushA: (k: number) => void,
    pushB: (k: number) => void,
    attrs: Readonly<Record<string, unknown>>,
    scratch: number,
    outA: number,
    outB: number,
  ) => void;
  readonly pairScratch?: number;
}

/** Binary f32 op: both operands, then the instruction. */
const f2 = (op: number): WasmRule => ({
  args: ['f32', 'f32'],
  out: 'f32',
  emit: (c, push) => {
    push(0);
    push(1);
    c.simd(op);
  },
});
const f1 = (op: number): WasmRule => ({
  args: ['f32'],
  out: 'f32',
  emit: (c, push) => {
    push(0);
    c.simd(op);
  },
});
/** A comparison of two f32 operands into a mask (false where either is NaN, except NotEqual). */
const cmp = (op: number): WasmRule => ({ ...f2(op), out: 'mask' });
const m2 = (op: number): WasmRule => ({ ...f2(op), args: ['mask', 'mask'], out: 'mask' });

/** Per kernel name: the kernels a float32 elementwise chain may contain to become a SIMD kernel. */
export const WASM_RULES: ElementwiseTable<WasmRule> = {
  Add: f2(SIMD.f32x4Add),
  Sub: f2(SIMD.f32x4Sub),
  Multiply: f2(SIMD.f32x4Mul),
  RealDiv: f2(SIMD.f32x4Div),
  // Math.max/min: NaN if either operand is NaN, and -0 < +0 — as f32x4.max/min.
  Maximum: f2(SIMD.f32x4Max),
  Minimum: f2(SIMD.f32x4Min),
  Abs: f1(SIMD.f32x4Abs),
  // The cpu kernel computes -1 * x: the same value (and sign of zero) as negation.
  Neg: f1(SIMD.f32x4Neg),
  Sqrt: f1(SIMD.f32x4Sqrt),
  Floor: f1(SIMD.f32x4Floor),
  Ceil: f1(SIMD.f32x4Ceil),
  // tfjs rounds half to even, as f32x4.nearest.
  Round: f1(SIMD.f32x4Nearest),
  Square: {
    args: ['f32'],
    out: 'f32',
    emit: (c, push) => {
      push(0);
      push(0);
      c.simd(SIMD.f32x4Mul);
    },
  },
  Reciprocal: {
    args: ['f32'],
    out: 'f32',
    emit: (c, push) => {
      c.f32x4(1);
      push(0);
      c.simd(SIMD.f32x4Div);
    },
  },
  // Math.max(0, x): NaN stays NaN, -0 becomes +0.
  Relu: {
    args: ['f32'],
    out: 'f32',
    emit: (c, push) => {
      c.f32x4(0);
      push(0);
      c.simd(SIMD.f32x4Max);
    },
  },
  // x > 0 ? 1 : alpha, NaN staying NaN.
  Step: {
    args: ['f32'],
    out: 'f32',
    emit: (c, push, attrs) => {
      push(0);
      c.f32x4(1).f32x4(Math.fround(Number(attrs.alpha ?? 0)));
      push(0);
      c.f32x4(0).simd(SIMD.f32x4Gt).simd(SIMD.bitselect);
      push(0);
      push(0);
      c.simd(SIMD.f32x4Ne).simd(SIMD.bitselect);
    },
  },
  Identity: { args: ['f32'], out: 'f32', emit: (_c, push) => push(0) },
  Equal: cmp(SIMD.f32x4Eq),
  NotEqual: cmp(SIMD.f32x4Ne),
  Less: cmp(SIMD.f32x4Lt),
  LessEqual: cmp(SIMD.f32x4Le),
  Greater: cmp(SIMD.f32x4Gt),
  GreaterEqual: cmp(SIMD.f32x4Ge),
  LogicalAnd: m2(SIMD.and),
  LogicalOr: m2(SIMD.or),
  LogicalNot: {
    args: ['mask'],
    out: 'mask',
    emit: (c, push) => {
      push(0);
      c.simd(SIMD.not);
    },
  },
  // condition ? t : e, lane by lane: bitselect(t, e, mask).
  Select: {
    args: ['mask', 'f32', 'f32'],
    out: 'f32',
    emit: (c, push) => {
      push(1);
      push(2);
      push(0);
      c.simd(SIMD.bitselect);
    },
  },
};

/**
 * Which rules a kernel is built with: the exact ones, or also the fast rules of Tanh, Sigmoid, Exp
 * and Log (`fma`: their multiply-adds as relaxed_madd). Part of a kernel's identity (cache keys).
 */
export interface SimdMath {
  readonly numerics: Numerics;
  readonly fma: boolean;
}

export const EXACT_MATH: SimdMath = { numerics: 'exact', fma: false };

/** The rules a profile's kernels use: fast ones under numerics 'fast', fused where relaxed SIMD is allowed and present. */
export function simdMathOf(profile: Pick<Profile, 'numerics' | 'relaxedSimd'>): SimdMath {
  return profile.numerics === 'fast'
    ? { numerics: 'fast', fma: profile.relaxedSimd && wasmRelaxedSimdAvailable() }
    : EXACT_MATH;
}

/** Whether `math` computes kernel `op` with a fast rule (not the cpu backend's values). */
export function isFastStep(op: string, math: SimdMath): boolean {
  return math.numerics === 'fast' && FAST_OPS.has(op);
}

/** The SIMD rule of kernel `op` (a fused step's op) under `math`, or undefined. */
export function wasmRule(op: string, math: SimdMath = EXACT_MATH): WasmRule | undefined {
  return isFastStep(op, math) ? fastRules(math.fma)[op as FastOp] : ruleOf(WASM_RULES, op);
}
