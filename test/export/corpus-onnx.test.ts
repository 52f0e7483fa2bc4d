// The differential corpus (every case of test/foundation/differential-*.test.ts) exported to ONNX and
// run in onnxruntime-node on the cpu backend, two ways: through jit's 'onnxruntime' executor (the
// optimized trace, variables fed as inputs; the harness's own checks: two calls, one trace, no
// leaks) and as `ConcreteFunction.toONNX()` writes it (the trace as recorded, variables frozen),
// loaded by onnxruntime's public API. Both sessions use graphOptimizationLevel 'all'. int32 and bool
// compare exactly; float32 within the case's tolerance even where the case asks for bit equality on
// cpu (onnxruntime's own float kernels, e.g. Sigmoid, round differently from tfjs's in the last ulp).
import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { beforeAll, expect, it } from 'vitest';
import { exportOnnxModel } from '../../src/export/onnx/index.js';
import { fromOrt, toOrt } from '../../src/exec/onnxruntime/tensor-convert.js';
import { runDifferential, useBackend, type DiffOptions } from '../helpers/differential.js';
import { corpusSuite } from './corpus.js';
import { exportedDifferential, type ModelRunner } from './corpus-run.js';
import { NAMED_CASES } from './corpus-named.js';

const SESSION: ort.InferenceSession.SessionOptions = { graphOptimizationLevel: 'all', intraOpNumThreads: 1 };

/** `cf.toONNX()` in onnxruntime's public API. */
const runToOnnx: ModelRunner = async (cf, inputs) => {
  const model = exportOnnxModel(cf.graph, { name: cf.name, onWarning: () => undefined });
  expect(cf.toONNX({ onWarning: () => undefined }), 'toONNX writes the model tested here').toEqual(model.bytes);
  const session = await ort.InferenceSession.create(model.bytes, SESSION);
  try {
    const feeds: Record<string, ort.Tensor> = {};
    for (const { name, index } of model.inputs) feeds[name] = toOrt(inputs[index]!);
    const out = await session.run(feeds);
    return {
      outputs: model.outputs.map((n) => fromOrt(out[n]!)),
      assigned: model.assignments.map((a) => ({ variable: a.variable, value: fromOrt(out[a.output]!) })),
    };
  } finally {
    await session.release();
  }
};

beforeAll(async () => {
  await useBackend('cpu');
});

corpusSuite('the differential corpus exported to ONNX, run by onnxruntime-node', (cases) => {
  it('finds the corpus', () => {
    expect(cases.length).toBeGreaterThanOrEqual(145);
  });
  for (const { id, case: c, opts } of [...cases, ...NAMED_CASES.map((c) => ({ id: `named: ${c.name}`, case: c, opts: {} as DiffOptions }))]) {
    const loose = { ...c, exact: false };
    it(`${id} [executor 'onnxruntime']`, () =>
      runDifferential(loose, { ...opts, executors: ['onnxruntime'], jitOptions: { ...opts.jitOptions, onnxruntime: { graphOptimizationLevel: 'all', intraOpNumThreads: 1, onWarning: () => undefined } } }));
    it(`${id} [toONNX]`, () => exportedDifferential(c, 'toONNX in onnxruntime', runToOnnx, { floatExact: false }));
  }
});

export {};
