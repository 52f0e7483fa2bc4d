// A small WebAssembly binary encoder: enough to emit compute kernels (one exported memory, functions
// over i32/f32/f64/v128 locals, loops, loads/stores, scalar and SIMD arithmetic) as bytes for
// `new WebAssembly.Module(bytes)`, with no external toolchain. Needs the opcode tables (opcodes.ts,
// re-exported here). Produces `Code` (an instruction stream builder), `encodeModule`.

import { OP, SIMD, T, type ValType } from './opcodes.js';

export { OP, SIMD, T, type ValType } from './opcodes.js';

function uleb(out: number[], n: number): void {
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
}

function sleb(out: number[], n: number): void {
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return;
    }
    out.push(b | 0x80);
  }
}

const scratch = new DataView(new ArrayBuffer(8));

/** An instruction stream of one function body. */
export class Code {
  readonly bytes: number[] = [];

  op(...codes: number[]): this {
    this.bytes.push(...codes);
    return this;
  }
  /** block / loop / if with an empty block type. */
  open(code: number): this {
    return this.op(code, 0x40);
  }
  i32(n: number): this {
    this.bytes.push(OP.i32Const);
    sleb(this.bytes, n | 0);
    return this;
  }
  f32(x: number): this {
    scratch.setFloat32(0, x, true);
    return this.op(OP.f32Const, ...[0, 1, 2, 3].map((i) => scratch.getUint8(i)));
  }
  f64(x: number): this {
    scratch.setFloat64(0, x, true);
    return this.op(OP.f64Const, ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => scratch.getUint8(i)));
  }
  get(local: number): this {
    this.bytes.push(OP.localGet);
    uleb(this.bytes, local);
    return this;
  }
  set(local: number): this {
    this.bytes.push(OP.localSet);
    uleb(this.bytes, local);
    return this;
  }
  tee(local: number): this {
    this.bytes.push(OP.localTee);
    uleb(this.bytes, local);
    return this;
  }
  call(func: number): this {
    this.bytes.push(OP.call);
    uleb(this.bytes, func);
    return this;
  }
  br(code: number, depth: number): this {
    this.bytes.push(code);
    uleb(this.bytes, depth);
    return this;
  }
  /** A load or store with its memory argument (log2 alignment, constant offset). */
  mem(code: number, align: number, offset = 0): this {
    this.bytes.push(code);
    uleb(this.bytes, align);
    uleb(this.bytes, offset);
    return this;
  }
  simd(code: number): this {
    this.bytes.push(0xfd);
    uleb(this.bytes, code);
    return this;
  }
  simdMem(code: number, align: number, offset = 0): this {
    this.simd(code);
    uleb(this.bytes, align);
    uleb(this.bytes, offset);
    return this;
  }
  lane(code: number, lane: number): this {
    return this.simd(code).op(lane);
  }
  /** i8x16.shuffle of the two v128 on the stack by 32-bit lanes (0–3 the first operand's, 4–7 the second's). */
  shuffle32(l: readonly [number, number, number, number]): this {
    this.simd(SIMD.shuffle);
    for (const x of l) this.op(4 * x, 4 * x + 1, 4 * x + 2, 4 * x + 3);
    return this;
  }
  /** A v128 of two equal f64 lanes. */
  f64x2(x: number): this {
    this.simd(SIMD.const);
    scratch.setFloat64(0, x, true);
    const lane = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => scratch.getUint8(i));
    return this.op(...lane, ...lane);
  }
  /** A v128 of two equal 64-bit integer lanes (given as a bigint). */
  i64x2(x: bigint): this {
    this.simd(SIMD.const);
    scratch.setBigUint64(0, BigInt.asUintN(64, x), true);
    const lane = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => scratch.getUint8(i));
    return this.op(...lane, ...lane);
  }
  /** A v128 of four equal 32-bit integer lanes. */
  i32x4(x: number): this {
    this.simd(SIMD.const);
    scratch.setInt32(0, x | 0, true);
    const lane = [0, 1, 2, 3].map((i) => scratch.getUint8(i));
    return this.op(...lane, ...lane, ...lane, ...lane);
  }
  /** A v128 of four equal f32 lanes. */
  f32x4(x: number): this {
    this.simd(SIMD.const);
    scratch.setFloat32(0, x, true);
    const lane = [0, 1, 2, 3].map((i) => scratch.getUint8(i));
    return this.op(...lane, ...lane, ...lane, ...lane);
  }
}

export interface FuncDef {
  readonly name: string;
  readonly params: readonly ValType[];
  readonly results: readonly ValType[];
  /** Extra locals after the params, in order. */
  readonly locals: readonly ValType[];
  readonly code: Code;
}

function section(out: number[], id: number, body: number[]): void {
  out.push(id);
  uleb(out, body.length);
  out.push(...body);
}

function vec(out: number[], items: readonly number[][]): void {
  uleb(out, items.length);
  for (const it of items) out.push(...it);
}

function name(s: string): number[] {
  const bytes = [...new TextEncoder().encode(s)];
  const out: number[] = [];
  uleb(out, bytes.length);
  out.push(...bytes);
  return out;
}

/** How a module gets its memory: its own (of `pages` 64 KiB pages), or imported as env.memory. */
export interface ModuleOptions {
  /** The memory may grow (a grow detaches every view on the old buffer). */
  readonly growable?: boolean;
  /** Import the memory (another module's, e.g. tfjs-wasm's heap) instead of defining one; shared for a threaded build. */
  readonly importMemory?: { readonly shared: boolean };
}

/**
 * A module with one memory of `pages` 64 KiB pages, exported as "memory", and exported functions.
 * The memory has a fixed size unless `growable`; with `importMemory` it is env.memory instead (at
 * least `pages` pages).
 */
export function encodeModule(pages: number, funcs: readonly FuncDef[], opts: ModuleOptions = {}): Uint8Array {
  const out = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types = funcs.map((f) => {
    const t = [0x60];
    uleb(t, f.params.length);
    t.push(...f.params);
    uleb(t, f.results.length);
    t.push(...f.results);
    return t;
  });
  const typeSec: number[] = [];
  vec(typeSec, types);
  section(out, 1, typeSec);
  if (opts.importMemory) {
    const shared = opts.importMemory.shared;
    const limits: number[] = [shared ? 0x03 : 0x00];
    uleb(limits, pages);
    if (shared) uleb(limits, 65536); // a shared memory declares its maximum: the largest there is
    const importSec: number[] = [];
    vec(importSec, [[...name('env'), ...name('memory'), 0x02, ...limits]]);
    section(out, 2, importSec);
  }
  const funcSec: number[] = [];
  vec(
    funcSec,
    funcs.map((_, i) => {
      const b: number[] = [];
      uleb(b, i);
      return b;
    }),
  );
  section(out, 3, funcSec);
  if (!opts.importMemory) {
    const memSec: number[] = [];
    const limits: number[] = [opts.growable ? 0x00 : 0x01];
    uleb(limits, pages);
    if (!opts.growable) uleb(limits, pages); // fixed size: views on the memory are never detached by a grow
    vec(memSec, [limits]);
    section(out, 5, memSec);
  }
  const exports: number[][] = [[...name('memory'), 0x02, 0x00]];
  funcs.forEach((f, i) => {
    const e = [...name(f.name), 0x00];
    uleb(e, i);
    exports.push(e);
  });
  const expSec: number[] = [];
  vec(expSec, exports);
  section(out, 7, expSec);
  const bodies = funcs.map((f) => {
    const body: number[] = [];
    // Locals as runs of equal types.
    const runs: [number, number][] = [];
    for (const t of f.locals) {
      const last = runs[runs.length - 1];
      if (last && last[1] === t) last[0]++;
      else runs.push([1, t]);
    }
    uleb(body, runs.length);
    for (const [n, t] of runs) {
      uleb(body, n);
      body.push(t);
    }
    body.push(...f.code.bytes, OP.end);
    const sized: number[] = [];
    uleb(sized, body.length);
    sized.push(...body);
    return sized;
  });
  const codeSec: number[] = [];
  vec(codeSec, bodies);
  section(out, 10, codeSec);
  return new Uint8Array(out);
}

/** Whether this engine compiles modules synchronously with SIMD (false under a CSP without wasm-unsafe-eval). */
let simdSupport: boolean | undefined;
export function wasmSimdAvailable(): boolean {
  if (simdSupport !== undefined) return simdSupport;
  try {
    const c = new Code()
      .get(0)
      .simd(SIMD.f32x4Splat)
      .get(0)
      .simd(SIMD.f32x4Splat)
      .simd(SIMD.f32x4Add)
      .lane(SIMD.f32x4ExtractLane, 0);
    const m = new WebAssembly.Module(
      encodeModule(1, [{ name: 'f', params: [T.f32], results: [T.f32], locals: [], code: c }]) as BufferSource,
    );
    const f = new WebAssembly.Instance(m).exports.f as (x: number) => number;
    simdSupport = f(1.5) === 3;
  } catch {
    simdSupport = false;
  }
  return simdSupport;
}

/** Whether this engine compiles relaxed SIMD (f32x4.relaxed_madd): Node behind --experimental-wasm-relaxed-simd, recent browsers. */
let relaxedSupport: boolean | undefined;
export function wasmRelaxedSimdAvailable(): boolean {
  if (relaxedSupport !== undefined) return relaxedSupport;
  relaxedSupport = false;
  if (!wasmSimdAvailable()) return false;
  try {
    const c = new Code()
      .get(0)
      .simd(SIMD.f32x4Splat)
      .get(0)
      .simd(SIMD.f32x4Splat)
      .get(0)
      .simd(SIMD.f32x4Splat)
      .simd(SIMD.f32x4RelaxedMadd)
      .lane(SIMD.f32x4ExtractLane, 0);
    const m = new WebAssembly.Module(
      encodeModule(1, [{ name: 'f', params: [T.f32], results: [T.f32], locals: [], code: c }]) as BufferSource,
    );
    const f = new WebAssembly.Instance(m).exports.f as (x: number) => number;
    relaxedSupport = f(2) === 6;
  } catch {
    relaxedSupport = false;
  }
  return relaxedSupport;
}
