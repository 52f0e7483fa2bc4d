// WebAssembly SIMD kernels for float32 elementwise programs (a fused chain, or one kernel), and for
// a full Sum/Mean over such a program. Input and output data pass through a few small regions of
// the kernel's own memory a chunk at a time (the chunk stays in L1 cache), so the cost over a JS
// loop is two cache-resident copies per element; the arithmetic runs four lanes at a time. A
// reduction sums the chunk's float32 values in doubles, in element order, exactly as the cpu
// kernel does (Mean divides each element by the count first, as the cpu kernel does). An input
// that is not float32 data (a float32 tensor made by tfjs's Cast from int32 holds an Int32Array,
// which the cpu kernels compute with unrounded) runs the same program as a JS loop instead (with
// the exact element rules, also under numerics 'fast'). A kernel is built with the rules of a
// `SimdMath` (rules.ts): the exact ones, or also fast-math.ts's Tanh, Sigmoid, Exp and Log.
// Needs the encoder and rules, compiled/scalar-rules. Produces `wasmProgramOk`, `buildWasmKernel`, `WasmKernel`.

import type { FusedStep } from '../../../ir/fused.js';
import { Code, encodeModule, OP, SIMD, T, wasmSimdAvailable, type ValType } from './encoder.js';
import { EXACT_MATH, wasmRule, type Lane, type SimdMath } from './rules.js';
import { elementHelpers, elementRule, storeAs } from '../../compiled/scalar-rules.js';
import type { KernelSite } from '../../compiled/profile.js';

/** Elements per chunk (each region 16 KiB). */
const CHUNK = 4096;
/** Bytes for the scalar operands (as f32) at the start of memory. */
const SCALAR_BYTES = 256;
const MAX_SCALARS = SCALAR_BYTES / 4;

/**
 * How one program input reaches the kernel: a full-size float32 array, one float32 value, or an
 * array repeated along the output ('tiled': a bias over the last dimensions; its length divides
 * the chunk size, so every chunk sees the same repetition, written once per call).
 */
export type InputKind = 'array' | 'scalar' | 'tiled';

/** Elements per chunk of the kernels (a tiled input's length must divide it). */
export const WASM_CHUNK = CHUNK;

export type KernelMode =
  { readonly kind: 'map' } | { readonly kind: 'reduce'; readonly op: 'Sum' | 'Mean'; readonly count: number };

/** Whether `steps` over float32 inputs can be a SIMD kernel with `math`'s rules (the output float32). */
export function wasmProgramOk(steps: readonly FusedStep[], inputs: number, math: SimdMath = EXACT_MATH): boolean {
  if (!wasmSimdAvailable()) return false;
  const lanes: Lane[] = new Array<Lane>(inputs).fill('f32');
  for (const s of steps) {
    const rule = wasmRule(s.op, math);
    if (!rule || rule.args.length !== s.args.length) return false;
    if ((rule.out === 'f32' ? 'float32' : 'bool') !== s.dtype) return false;
    if (!s.args.every((a, k) => lanes[a] === rule.args[k])) return false;
    lanes.push(rule.out);
  }
  return lanes[lanes.length - 1] === 'f32';
}

export interface WasmKernel extends KernelSite {
  /** out[i] = program(inputs[i]) for every i (arrays in `arrays`, values in `scalars`, by input order of kinds). */
  map(arrays: readonly ArrayLike<number>[], scalars: readonly number[], out: Float32Array): void;
  /** Sum (or Mean) over `n` elements of the program, as a double before the final float32 store. */
  reduce(arrays: readonly ArrayLike<number>[], scalars: readonly number[], n: number): number;
}

/**
 * Compiles `steps` (an empty program: the value of input 0) for inputs of `kinds`. The kernel
 * `run(bytes, acc) → acc` processes one chunk: `bytes` = 16 × the number of 4-lane groups.
 */
export function buildWasmKernel(
  steps: readonly FusedStep[],
  kinds: readonly InputKind[],
  mode: KernelMode,
  math: SimdMath = EXACT_MATH,
): WasmKernel | undefined {
  const arrays = kinds.filter((k) => k !== 'scalar').length;
  const scalars = kinds.length - arrays;
  if (scalars > MAX_SCALARS || (steps.length === 0 && kinds[0] !== 'array')) return undefined;
  const region = (k: number) => SCALAR_BYTES + k * CHUNK * 4;
  const outRegion = region(arrays);
  const rules = steps.map((s) => wasmRule(s.op, math)!);
  // Locals: 0 bytes (i32), 1 acc (f64) are params; then i, j (i32), one v128 per input and step,
  // then the rules' own (shared: each step's are dead after it).
  const scratchLocals = Math.max(0, ...rules.map((r) => r.scratch ?? 0));
  const locals: ValType[] = [
    T.i32,
    T.i32,
    ...kinds.map(() => T.v128),
    ...steps.map(() => T.v128),
    ...new Array<ValType>(scratchLocals).fill(T.v128),
  ];
  const I = 2;
  const J = 3;
  const valueLocal = (k: number) => 4 + k;
  const scratch = valueLocal(kinds.length + steps.length);
  const c = new Code();
  // Scalars: splatted once per chunk from the scalar region.
  let si = 0;
  kinds.forEach((kind, k) => {
    if (kind === 'scalar')
      c.i32(0)
        .simdMem(SIMD.load32Splat, 2, si++ * 4)
        .set(valueLocal(k));
  });
  c.i32(0).set(I);
  c.open(OP.block).open(OP.loop);
  c.get(I).get(0).op(OP.i32GeS).br(OP.brIf, 1);
  let ai = 0;
  kinds.forEach((kind, k) => {
    if (kind !== 'scalar') c.get(I).simdMem(SIMD.load, 4, region(ai++)).set(valueLocal(k));
  });
  const base = kinds.length;
  steps.forEach((s, k) => {
    rules[k]!.emit(c, (m) => c.get(valueLocal(s.args[m]!)), s.attrs, scratch);
    c.set(valueLocal(base + k));
  });
  const last = valueLocal(steps.length ? base + steps.length - 1 : 0);
  c.get(I);
  c.get(last);
  if (mode.kind === 'reduce' && mode.op === 'Mean') c.f32x4(Math.fround(mode.count)).simd(SIMD.f32x4Div);
  c.simdMem(SIMD.store, 4, outRegion);
  c.get(I).i32(16).op(OP.i32Add).set(I).br(OP.br, 0);
  c.op(OP.end, OP.end);
  if (mode.kind === 'reduce') {
    // acc += f64(value[j]) for j over the chunk's elements (bytes / 4 of them are real; tail lanes are not).
    c.i32(0).set(J);
    c.open(OP.block).open(OP.loop);
    c.get(J).get(0).op(OP.i32GeS).br(OP.brIf, 1);
    c.get(1).get(J).mem(OP.f32Load, 2, outRegion).op(OP.f64PromoteF32).op(OP.f64Add).set(1);
    c.get(J).i32(4).op(OP.i32Add).set(J).br(OP.br, 0);
    c.op(OP.end, OP.end);
  }
  c.get(1);
  const bytes = outRegion + CHUNK * 4;
  let instance: WebAssembly.Instance;
  try {
    const module = new WebAssembly.Module(
      encodeModule(Math.ceil(bytes / 65536), [
        { name: 'run', params: [T.i32, T.f64], results: [T.f64], locals, code: c },
      ]) as BufferSource,
    );
    instance = new WebAssembly.Instance(module);
  } catch {
    return undefined;
  }
  const run = instance.exports.run as (bytes: number, acc: number) => number;
  const memory = (instance.exports.memory as WebAssembly.Memory).buffer;
  const scalarView = new Float32Array(memory, 0, MAX_SCALARS);
  const views = Array.from({ length: arrays }, (_, k) => new Float32Array(memory, region(k), CHUNK));
  const tiled = kinds.filter((k) => k !== 'scalar').map((k) => k === 'tiled');
  const outView = new Float32Array(memory, outRegion, CHUNK);
  const reduceMode = mode.kind === 'reduce';

  /** Runs every chunk of `n` elements; `out` receives the mapped values (map mode). */
  function chunks(
    ins: readonly ArrayLike<number>[],
    vals: readonly number[],
    n: number,
    out: Float32Array | undefined,
  ): number {
    for (let k = 0; k < vals.length; k++) scalarView[k] = vals[k]!;
    for (let k = 0; k < views.length; k++) {
      if (!tiled[k]) continue;
      const a = ins[k] as Float32Array;
      if (CHUNK % a.length !== 0) throw new Error('internal: a tiled operand must divide the chunk');
      for (let o = 0; o < CHUNK; o += a.length) views[k]!.set(a, o);
    }
    let acc = 0;
    for (let off = 0; off < n; off += CHUNK) {
      const m = Math.min(CHUNK, n - off);
      for (let k = 0; k < views.length; k++) {
        if (tiled[k]) continue;
        const a = ins[k] as Float32Array;
        views[k]!.set(a.subarray(off, off + m));
      }
      // The SIMD loop covers whole 4-lane groups (the tail group's extra lanes are never read back);
      // the sum covers exactly m elements.
      acc = run(m * 4, acc);
      if (!reduceMode) out!.set(m === CHUNK ? outView : outView.subarray(0, m), off);
    }
    return acc;
  }
  let js: JsProgram | undefined;
  const exact = (ins: readonly ArrayLike<number>[], vals: readonly number[]): boolean =>
    ins.every((a) => a instanceof Float32Array) && vals.every((v) => Math.fround(v) === v || v !== v);
  return {
    target: 'wasm-simd',
    map(ins, vals, out) {
      if (exact(ins, vals)) chunks(ins, vals, out.length, out);
      else (js ??= jsProgram(steps, kinds, mode))(ins, vals, out.length, out);
    },
    reduce(ins, vals, n) {
      return exact(ins, vals)
        ? chunks(ins, vals, n, undefined)
        : (js ??= jsProgram(steps, kinds, mode))(ins, vals, n, undefined);
    },
  };
}

type JsProgram = (
  arrays: readonly ArrayLike<number>[],
  scalars: readonly number[],
  n: number,
  out: Float32Array | undefined,
) => number;

/** The kernel's program as a JS loop with the cpu kernels' element rules (map, or the reduction's sum). */
function jsProgram(steps: readonly FusedStep[], kinds: readonly InputKind[], mode: KernelMode): JsProgram {
  let ai = 0;
  let si = 0;
  const vals = kinds.map((k) => (k === 'scalar' ? `S[${si++}]` : `A[${ai++}][i]`));
  const body: string[] = [];
  steps.forEach((s, k) => {
    body.push(
      `const s${k} = ${storeAs(
        s.dtype,
        elementRule(s.op)!.expr(
          s.args.map((a) => vals[a]!),
          s.attrs,
        ),
      )};`,
    );
    vals.push(`s${k}`);
  });
  const last = vals[vals.length - 1]!;
  const use =
    mode.kind === 'map'
      ? `out[i] = ${last};`
      : mode.op === 'Mean'
        ? `acc += Math.fround(${last} / ${mode.count});`
        : `acc += ${last};`;
  const source = `let acc = 0;\nfor (let i = 0; i < n; i++) {\n${body.join('\n')}\n${use}\n}\nreturn acc;`;
  const f = new Function('H', 'A', 'S', 'n', 'out', source) as (
    h: typeof elementHelpers,
    ...rest: Parameters<JsProgram>
  ) => number;
  return (arrays, scalars, n, out) => f(elementHelpers, arrays, scalars, n, out);
}
