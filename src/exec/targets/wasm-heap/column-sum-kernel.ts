// The column-sum kernel over an imported memory (tfjs-wasm's heap, or a loop's own memory), in
// WebAssembly SIMD: Σ over the rows of a float32 [R, C] array, per column in row order, four
// columns at a time (the last C mod 4 lane by lane); summed in float32 as tfjs-wasm's Sum does, or
// in doubles rounded once as tfjs-cpu does. Needs wasm-simd's encoder and gemm-pack's loop, and
// heap-module. Produces `buildColumnSum`, `ColumnSum`.

import { Code, encodeModule, OP, SIMD, T, type ValType } from '../wasm-simd/encoder.js';
import { count } from '../wasm-simd/gemm-pack.js';
import { binder, compile, isShared, loadLanes, storeLanes } from './heap-module.js';
import type { SumOrder } from './heap-map.js';

export interface ColumnSum {
  /** The kernel over `memory`: (R, C, src, out): out[c] = Σ_r src[r·C + c], per column in row order. */
  on(memory: WebAssembly.Memory): (rows: number, cols: number, src: number, out: number) => void;
}

/** Column sums of a float32 [R, C] array, summed in float32 (tfjs-wasm's Sum) or in doubles (tfjs-cpu's). */
export function buildColumnSum(order: SumOrder, memory: WebAssembly.Memory): ColumnSum | undefined {
  const shared = isShared(memory);
  const m = compile(`colsum/${order}/${shared}`, () => columnSumModule(order, shared));
  return m ? (binder(m) as unknown as ColumnSum) : undefined;
}

function columnSumModule(order: SumOrder, shared: boolean): Uint8Array {
  const [R, C, SRC, OUT] = [0, 1, 2, 3];
  const [J, ROW, P, REM] = [4, 5, 6, 7];
  const [V, LO, HI] = [8, 9, 10];
  const c = new Code();
  /** Columns j … j + lanes − 1, summed over the rows into out. */
  const columns = (lanes: number) => {
    c.f32x4(0).set(LO).f32x4(0).set(HI);
    c.get(SRC).get(J).i32(2).op(OP.i32Shl).op(OP.i32Add).set(P);
    count(
      c,
      ROW,
      () => c.get(R),
      () => {
        loadLanes(c, () => c.get(P), lanes, V);
        if (order === 'f32') {
          c.get(LO).get(V).simd(SIMD.f32x4Add).set(LO);
        } else {
          c.get(LO).get(V).simd(SIMD.f64x2PromoteLowF32x4).simd(SIMD.f64x2Add).set(LO);
          c.get(HI).get(V).get(V).shuffle32([2, 3, 2, 3]).simd(SIMD.f64x2PromoteLowF32x4).simd(SIMD.f64x2Add).set(HI);
        }
        c.get(P).get(C).i32(2).op(OP.i32Shl).op(OP.i32Add).set(P);
      },
    );
    if (order === 'f64')
      c.get(LO).simd(SIMD.f32x4DemoteF64x2Zero).get(HI).simd(SIMD.f32x4DemoteF64x2Zero).shuffle32([0, 1, 4, 5]).set(LO);
    storeLanes(c, () => c.get(OUT).get(J).i32(2).op(OP.i32Shl).op(OP.i32Add), lanes, LO);
  };
  c.i32(0).set(J);
  c.open(OP.block).open(OP.loop);
  c.get(J).i32(4).op(OP.i32Add).get(C).op(OP.i32GtS).br(OP.brIf, 1);
  columns(4);
  c.get(J).i32(4).op(OP.i32Add).set(J).br(OP.br, 0);
  c.op(OP.end, OP.end);
  c.get(C).get(J).op(OP.i32Sub).set(REM);
  for (const lanes of [1, 2, 3]) {
    c.get(REM).i32(lanes).op(OP.i32Eq);
    c.open(OP.if);
    columns(lanes);
    c.op(OP.end);
  }
  const locals: ValType[] = [T.i32, T.i32, T.i32, T.i32, T.v128, T.v128, T.v128];
  return encodeModule(0, [{ name: 'run', params: [T.i32, T.i32, T.i32, T.i32], results: [], locals, code: c }], {
    importMemory: { shared },
  });
}
