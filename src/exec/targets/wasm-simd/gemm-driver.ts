// The driver of the GEMM module (gemm.ts), emitted by the project's encoder: `mm` walks the output
// in outer blocks of MC rows (A's block stays in L2 while every B panel passes over it), then B's
// panels of NR columns, then A's blocks of MR rows, calling for each the tile variant
// (gemm-tile.ts) that fits the rows and columns left. Needs the encoder and gemm-tile. Produces
// `driverCode`.

import { Code, OP, T, type FuncDef, type ValType } from './encoder.js';
import { GEMM, type Shape } from './gemm-tile.js';

/** Rows per outer block (A's block stays in L2 while every panel passes over it); a multiple of MR. */
const MC = 64;

// Driver params: M, N, K, packed A, packed B, out, out row stride (bytes), kBlock, scratch.
const [DM, DN, DK, DA, DB, DO, DOR, DKB, DS] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const DRIVER_PARAMS = 9;

export function driverCode(s: Shape, tileIndex: (rows: number, nv: number) => number): FuncDef {
  const { MR, NV, lanes, elem } = GEMM[s.lane];
  const NR = NV * lanes;
  const c = new Code();
  const direct = s.direct === true;
  const params = DRIVER_PARAMS + (direct ? 1 : 0);
  const DLDA = DRIVER_PARAMS; // direct: bytes between A's rows
  const [IB, IBEND, J0, BP, I0, ROWS, NVALID] = [0, 1, 2, 3, 4, 5, 6].map((k) => params + k) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const call = (rows: number, nv: number) => {
    if (direct)
      c.get(DA).get(I0).get(DLDA).op(OP.i32Mul).op(OP.i32Add); // row i0
    else c.get(DA).get(I0).get(DK).op(OP.i32Mul).i32(elem).op(OP.i32Mul).op(OP.i32Add); // block i0 / MR: i0·K elements on
    c.get(BP);
    c.get(DO).get(I0).get(DOR).op(OP.i32Mul).op(OP.i32Add).get(J0).i32(2).op(OP.i32Shl).op(OP.i32Add);
    c.get(DOR).get(DK).get(DKB).get(NVALID).get(DS);
    if (direct) c.get(DLDA);
    c.call(tileIndex(rows, nv));
  };
  /** if (rows >= MR) tile(MR) else if (rows >= MR-1) … else tile(1) */
  const dispatch = (nv: number) => {
    for (let r = MR; r > 1; r--) {
      c.get(ROWS).i32(r).op(OP.i32GeS);
      c.open(OP.if);
      call(r, nv);
      c.op(OP.else);
    }
    call(1, nv);
    for (let r = MR; r > 1; r--) c.op(OP.end);
  };
  const loop = (v: number, init: () => void, limit: () => void, step: () => void, body: () => void) => {
    init();
    c.set(v);
    c.open(OP.block).open(OP.loop);
    c.get(v);
    limit();
    c.op(OP.i32GeS).br(OP.brIf, 1);
    body();
    step();
    c.br(OP.br, 0);
    c.op(OP.end, OP.end);
  };
  loop(
    IB,
    () => c.i32(0),
    () => c.get(DM),
    () => c.get(IB).i32(MC).op(OP.i32Add).set(IB),
    () => {
      c.get(IB)
        .i32(MC)
        .op(OP.i32Add)
        .get(DM)
        .get(IB)
        .i32(MC)
        .op(OP.i32Add)
        .get(DM)
        .op(OP.i32LtS)
        .op(OP.select)
        .set(IBEND);
      c.get(DB).set(BP);
      loop(
        J0,
        () => c.i32(0),
        () => c.get(DN),
        // the next panel: K rows of NR elements on
        () =>
          c
            .get(J0)
            .i32(NR)
            .op(OP.i32Add)
            .set(J0)
            .get(BP)
            .get(DK)
            .i32(NR * elem)
            .op(OP.i32Mul)
            .op(OP.i32Add)
            .set(BP),
        () => {
          c.get(DN).get(J0).op(OP.i32Sub).set(NVALID);
          loop(
            I0,
            () => c.get(IB),
            () => c.get(IBEND),
            () => c.get(I0).i32(MR).op(OP.i32Add).set(I0),
            () => {
              c.get(IBEND).get(I0).op(OP.i32Sub).set(ROWS);
              if (NV > 1) {
                c.get(NVALID).i32(lanes).op(OP.i32LeS);
                c.open(OP.if);
                dispatch(1);
                c.op(OP.else);
                dispatch(NV);
                c.op(OP.end);
              } else {
                dispatch(NV);
              }
            },
          );
        },
      );
    },
  );
  return {
    name: 'mm',
    params: new Array<ValType>(params).fill(T.i32),
    results: [],
    locals: new Array<ValType>(7).fill(T.i32),
    code: c,
  };
}
