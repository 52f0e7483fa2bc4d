// Replays the effects an ONNX run logged (lower-effects.ts), in program order: prints print their
// values, a failed assertion throws its catalogued error at the user's line, variable writes apply.
// Needs the export's effect records, trace/effects. Produces `replayEffects`.

import type { OnnxExport } from '../export/onnx/export-onnx.js';
import { runAssert, runPrintValues, type AssertError, type PrintPart } from '../trace/effects.js';
import type { OrtTensor } from './ort-loader.js';

export function replayEffects(
  model: OnnxExport,
  results: Record<string, OrtTensor>,
  assign: (index: number) => void,
): void {
  const e = model.effects!;
  const log = results[e.log]!.data as Int32Array;
  const streams = { f32: results[e.f32]!.data as Float32Array, i32: results[e.i32]!.data as Int32Array };
  const dims = results[e.dims]!.data as Int32Array;
  let f = 0;
  let i = 0;
  let d = 0;
  for (const code of log) {
    const r = e.records[code >> 1]!;
    switch (r.kind) {
      case 'assign':
        assign(r.assignment);
        break;
      case 'assert':
        if ((code & 1) === 0)
          runAssert(
            false,
            r.node.attrs.message as string,
            r.node.options.source,
            r.node.attrs.error as AssertError | undefined,
          );
        break;
      case 'print': {
        const inputs = r.node.inputs.map((v) => {
          const shape = Array.from(dims.subarray(d, d + v.shape.length));
          d += v.shape.length;
          const size = shape.reduce((p, n) => p * n, 1);
          let values: ArrayLike<number>;
          if (v.dtype === 'float32') {
            values = streams.f32.subarray(f, f + size);
            f += size;
          } else {
            values = streams.i32.subarray(i, i + size);
            i += size;
          }
          return { values, shape, dtype: v.dtype };
        });
        runPrintValues(r.node.attrs.parts as PrintPart[], inputs);
        break;
      }
    }
  }
}
