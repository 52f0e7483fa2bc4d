// WebAssembly SIMD kernels for float32 elementwise programs that read and write their operands in
// place, in an imported memory (tfjs-wasm's heap, or a loop's own memory): no copies. Inputs are
// arrays (pointers), scalars (f32 parameters) and tiled arrays (a bias over the trailing
// dimensions, of `len` elements: first repeated in scratch to a period of lcm(len, 4) elements).
// Modes: map (out[i] = program) and sum (a full Sum/Mean of the program, element by element in
// order: in float32 as tfjs-wasm sums, or in doubles as tfjs-cpu does, the Mean dividing each
// element first as tfjs-cpu does); the column sums are column-sum-kernel.ts's. The last n mod 4
// elements are read and written lane by lane. Steps are WASM_RULES' kernels and Tanh
// (wasm-simd/tanh.ts's computation); under numerics 'fast' (a `SimdMath`), Tanh, Sigmoid, Exp and
// Log are wasm-simd/fast-math.ts's. Needs wasm-simd's encoder, rules, tanh, fast-math and
// gemm-pack, and heap-module. Produces `buildHeapMap`, `HEAP_RULES`, `heapRules`, `HeapMap`,
// `tiledScratchBytes`, `tilePeriod`.

import type { FusedStep } from '../../../ir/fused.js';
import { Code, encodeModule, OP, SIMD, T, type ValType } from '../wasm-simd/encoder.js';
import { EXACT_MATH, WASM_RULES, type SimdMath, type WasmRule } from '../wasm-simd/rules.js';
import { TANH_RULE } from '../wasm-simd/tanh.js';
import { fastRules } from '../wasm-simd/fast-math.js';
import { count } from '../wasm-simd/gemm-pack.js';
import { binder, compile, isShared, loadLanes, storeLanes } from './heap-module.js';

/**
 * The rules of the steps these kernels compute: WASM_RULES (the cpu backend's values) and Tanh.
 * The in-place kernels on tfjs-wasm's heap use them too: they equal tfjs-wasm's kernels except in
 * Relu of a NaN whose sign bit is set, which tfjs-wasm's Relu (XNNPACK: a signed integer max of the
 * bits with 0) makes +0 where JS and the cpu backend keep NaN. Such a NaN is what x86 makes of ∞ − ∞,
 * and whether a matMul's NaN has the bit set depends on its kernel's summation, so a Relu after the
 * compiled executor's own GEMM would otherwise give 0 where eager tfjs-wasm gives NaN.
 */
export const HEAP_RULES: Readonly<Record<string, WasmRule>> = { ...WASM_RULES, Tanh: TANH_RULE };

const FAST_HEAP_RULES = new Map<boolean, Readonly<Record<string, WasmRule>>>();

/** The rules of these kernels under `math`: HEAP_RULES, or with fast-math.ts's Tanh, Sigmoid, Exp and Log. */
export function heapRules(math: SimdMath): Readonly<Record<string, WasmRule>> {
  if (math.numerics !== 'fast') return HEAP_RULES;
  let r = FAST_HEAP_RULES.get(math.fma);
  if (!r) FAST_HEAP_RULES.set(math.fma, (r = { ...HEAP_RULES, ...fastRules(math.fma) }));
  return r;
}

export type HeapInputKind = 'array' | 'scalar' | 'tiled';
export type SumOrder = 'f32' | 'f64';
export type HeapMapMode =
  { readonly kind: 'map' } | { readonly kind: 'sum'; readonly order: SumOrder; readonly mean: boolean };

export interface HeapMap {
  /**
   * The kernel over `memory`: (n, out, scratch, …pointers of the array and tiled inputs, …tiled
   * lengths (elements), …scalar values), each group in input order. Map mode writes out; sum mode
   * returns the sum (its float32 value in f32 order; in f64 order the double before rounding).
   */
  on(memory: WebAssembly.Memory): (...args: number[]) => number;
}

/** Scratch bytes a kernel needs for tiled inputs of these lengths. */
export function tiledScratchBytes(lens: readonly number[]): number {
  return lens.reduce((s, l) => s + 4 * tilePeriod(l), 0);
}

/** The period (elements) of a tiled input of `len` elements: lcm(len, 4). */
export function tilePeriod(len: number): number {
  return len % 4 === 0 ? len : len % 2 === 0 ? 2 * len : 4 * len;
}

/** Pushes lcm(len, 4) for the i32 local `len`. */
function period(c: Code, len: number): void {
  c.get(len);
  c.get(len)
    .i32(1)
    .op(OP.i32Shl)
    .get(len)
    .i32(2)
    .op(OP.i32Shl)
    .get(len)
    .i32(1)
    .op(OP.i32And)
    .op(OP.i32Eqz)
    .op(OP.select);
  c.get(len).i32(3).op(OP.i32And).op(OP.i32Eqz).op(OP.select);
}

/**
 * A kernel for `steps` over inputs of `kinds` (an empty program: the value of input 0), for
 * memories like `memory`, with `math`'s rules.
 */
export function buildHeapMap(
  steps: readonly FusedStep[],
  kinds: readonly HeapInputKind[],
  mode: HeapMapMode,
  memory: WebAssembly.Memory,
  math: SimdMath = EXACT_MATH,
): HeapMap | undefined {
  const shared = isShared(memory);
  const key = JSON.stringify([steps.map((s) => [s.op, s.args, s.attrs]), kinds, mode, shared, math.numerics, math.fma]);
  const m = compile(key, () => mapModule(steps, kinds, mode, shared, heapRules(math)));
  return m ? binder(m) : undefined;
}

function mapModule(
  steps: readonly FusedStep[],
  kinds: readonly HeapInputKind[],
  mode: HeapMapMode,
  shared: boolean,
  rules: Readonly<Record<string, WasmRule>>,
): Uint8Array {
  const [N, OUT, SCR] = [0, 1, 2];
  const ptrKinds = kinds.map((k, i) => ({ k, i })).filter((x) => x.k !== 'scalar');
  const tiled = ptrKinds.filter((x) => x.k === 'tiled');
  const ptrParam = new Map<number, number>(); // input index → param
  ptrKinds.forEach((x, j) => ptrParam.set(x.i, 3 + j));
  const lenParam = new Map<number, number>();
  tiled.forEach((x, j) => lenParam.set(x.i, 3 + ptrKinds.length + j));
  const scalarParam = new Map<number, number>();
  let sp = 3 + ptrKinds.length + tiled.length;
  kinds.forEach((k, i) => {
    if (k === 'scalar') scalarParam.set(i, sp++);
  });
  const params: ValType[] = [
    T.i32,
    T.i32,
    T.i32,
    ...ptrKinds.map(() => T.i32),
    ...tiled.map(() => T.i32),
    ...[...scalarParam.keys()].map(() => T.f32),
  ];
  // Locals: off, end, rem, e, then per tiled input its scratch base and offset; acc (f64); one v128 per input and step.
  const OFF = params.length;
  const END = OFF + 1;
  const REM = OFF + 2;
  const E = OFF + 3;
  const tileBase = new Map<number, number>();
  const tileOff = new Map<number, number>();
  tiled.forEach((x, j) => {
    tileBase.set(x.i, OFF + 4 + 2 * j);
    tileOff.set(x.i, OFF + 5 + 2 * j);
  });
  const ACC = OFF + 4 + 2 * tiled.length;
  const V0 = ACC + 1;
  const val = (k: number) => V0 + k;
  const scratch = V0 + kinds.length + steps.length;
  const scratchLocals = Math.max(
    0,
    ...steps.map((s) => Math.max(rules[s.op]!.scratch ?? 0, rules[s.op]!.pairScratch ?? 0)),
  );
  // A second group's values, for the loop that takes two groups at a time.
  const V1 = scratch + scratchLocals;
  const val1 = (k: number) => V1 + k;
  const values = [...kinds.map(() => T.v128), ...steps.map(() => T.v128)];
  const locals: ValType[] = [
    T.i32,
    T.i32,
    T.i32,
    T.i32,
    ...tiled.flatMap(() => [T.i32, T.i32]),
    T.f64,
    ...values,
    ...new Array<ValType>(scratchLocals).fill(T.v128),
    ...values,
    T.f32,
  ];
  // The float32 sum's accumulator (f32 order: no conversions in the chain of dependent adds).
  const ACC32 = locals.length - 1 + params.length;
  const c = new Code();
  // Tiled inputs: repeat each into scratch to its period (bytes: 4·period), one after the other.
  c.get(SCR).set(E);
  for (const x of tiled) {
    const base = tileBase.get(x.i)!;
    const len = lenParam.get(x.i)!;
    const src = ptrParam.get(x.i)!;
    c.get(E).set(base);
    // for (q = 0; q < lcm(len, 4); q++) scratch[q] = src[q mod len] (REM counts q)
    count(
      c,
      REM,
      () => period(c, len),
      () => {
        c.get(E);
        c.get(src).get(REM).get(len).op(OP.i32RemU).i32(2).op(OP.i32Shl).op(OP.i32Add).mem(OP.f32Load, 2);
        c.mem(OP.f32Store, 2);
        c.get(E).i32(4).op(OP.i32Add).set(E);
      },
    );
    c.i32(0).set(tileOff.get(x.i)!);
  }
  // Scalars, splatted once.
  for (const [i, p] of scalarParam) c.get(p).simd(SIMD.f32x4Splat).tee(val(i)).set(val1(i));
  const sum = mode.kind === 'sum' ? mode : undefined;
  if (sum) c.f64(0).set(ACC).f32(0).set(ACC32);
  /** Loads the inputs of a group of `lanes` elements at byte offset OFF + `at` into `v`'s locals. */
  const load = (lanes: number, v: (k: number) => number, at: number) => {
    for (const x of ptrKinds) {
      if (x.k === 'array')
        loadLanes(c, () => c.get(ptrParam.get(x.i)!).get(OFF).op(OP.i32Add).i32(at).op(OP.i32Add), lanes, v(x.i));
      else c.get(tileBase.get(x.i)!).get(tileOff.get(x.i)!).op(OP.i32Add).simdMem(SIMD.load, 2).set(v(x.i));
    }
  };
  const lastOf = (v: (k: number) => number) => v(steps.length ? kinds.length + steps.length - 1 : 0);
  /** Stores (or adds to the sum) a group's result, element order kept. */
  const finish = (lanes: number, v: (k: number) => number, at: number) => {
    const last = lastOf(v);
    if (!sum) {
      storeLanes(c, () => c.get(OUT).get(OFF).op(OP.i32Add).i32(at).op(OP.i32Add), lanes, last);
      return;
    }
    if (sum.mean && sum.order === 'f64')
      c.get(last).get(N).op(OP.f32ConvertI32S).simd(SIMD.f32x4Splat).simd(SIMD.f32x4Div).set(last);
    for (let l = 0; l < lanes; l++) {
      if (sum.order === 'f32') c.get(ACC32).get(last).lane(SIMD.f32x4ExtractLane, l).op(OP.f32Add).set(ACC32);
      else c.get(ACC).get(last).lane(SIMD.f32x4ExtractLane, l).op(OP.f64PromoteF32).op(OP.f64Add).set(ACC);
    }
  };
  /** Step k on the group whose values are `v`'s locals. */
  const step = (s: FusedStep, k: number, v: (k: number) => number) => {
    rules[s.op]!.emit(c, (mm) => c.get(v(s.args[mm]!)), s.attrs, scratch);
    c.set(v(kinds.length + k));
  };
  /** One group of `lanes` elements at byte offset OFF. */
  const group = (lanes: number) => {
    load(lanes, val, 0);
    steps.forEach((s, k) => step(s, k, val));
    finish(lanes, val, 0);
  };
  /** Tiled inputs' offsets += 16, wrapping at the period. */
  const advanceTiles = () => {
    for (const x of tiled) {
      const o = tileOff.get(x.i)!;
      const len = lenParam.get(x.i)!;
      c.get(o).i32(16).op(OP.i32Add).tee(o);
      period(c, len);
      c.i32(2).op(OP.i32Shl).op(OP.i32GeS);
      c.open(OP.if).i32(0).set(o).op(OP.end);
    }
  };
  /** Two whole groups at OFF and OFF + 16; steps with `emitPair` interleave the two. */
  const twoGroups = () => {
    load(4, val, 0);
    advanceTiles();
    load(4, val1, 16);
    advanceTiles();
    steps.forEach((s, k) => {
      const pair = rules[s.op]!.emitPair;
      if (!pair) return void (step(s, k, val), step(s, k, val1));
      pair(
        c,
        (mm) => void c.get(val(s.args[mm]!)),
        (mm) => void c.get(val1(s.args[mm]!)),
        s.attrs,
        scratch,
        val(kinds.length + k),
        val1(kinds.length + k),
      );
    });
    finish(4, val, 0);
    finish(4, val1, 16);
  };
  // Whole pairs of groups, then a whole group.
  c.i32(0).set(OFF);
  c.get(N).i32(-8).op(OP.i32And).i32(2).op(OP.i32Shl).set(END);
  c.open(OP.block).open(OP.loop);
  c.get(OFF).get(END).op(OP.i32GeS).br(OP.brIf, 1);
  twoGroups();
  c.get(OFF).i32(32).op(OP.i32Add).set(OFF);
  c.br(OP.br, 0);
  c.op(OP.end, OP.end);
  c.get(N).i32(4).op(OP.i32And);
  c.open(OP.if);
  group(4);
  c.get(OFF).i32(16).op(OP.i32Add).set(OFF);
  advanceTiles();
  c.op(OP.end);
  // The last n mod 4 elements.
  c.get(N).i32(3).op(OP.i32And).set(REM);
  for (const lanes of [1, 2, 3]) {
    c.get(REM).i32(lanes).op(OP.i32Eq);
    c.open(OP.if);
    group(lanes);
    c.op(OP.end);
  }
  if (sum?.order === 'f32') c.get(ACC32).op(OP.f64PromoteF32);
  else if (sum) c.get(ACC);
  const results: ValType[] = sum ? [T.f64] : [];
  return encodeModule(0, [{ name: 'run', params, results, locals, code: c }], { importMemory: { shared } });
}
