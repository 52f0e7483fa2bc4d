// The differential corpus (every case of test/exec/differential/differential-*.test.ts) exported to ONNX and
// run in onnxruntime-node on the cpu backend, two ways: through jit's 'onnxruntime' executor (the
// optimized trace, variables fed as inputs; the harness's own checks: two calls, one trace, no
// leaks) and as `ConcreteFunction.toONNX()` writes it (the trace as recorded, variables frozen),
// loaded by onnxruntime's public API. Both sessions use graphOptimizationLevel 'all'. int32 and bool
// compare exactly; float32 within the case's tolerance even where the case asks for bit equality on
// cpu (onnxruntime's own float kernels, e.g. Sigmoid, round differently from tfjs's in the last ulp).
import '@tensorflow/tfjs';
import { beforeAll, expect, it } from 'vitest';
import { jit } from '../../src/index.js';
import type { Graph } from '../../src/ir/graph.js';
import { disposeAll, freshArgs, runDifferential, useBackend, type DiffOptions } from '../helpers/differential.js';
import { corpusSuite } from './corpus.js';
import { exportedDifferential, runToOnnx } from './corpus-run.js';
import { NAMED_CASES } from './corpus-named.js';

beforeAll(async () => {
  await useBackend('cpu');
});

corpusSuite('the differential corpus exported to ONNX, run by onnxruntime-node', (cases) => {
  it('finds the corpus', () => {
    expect(cases.length).toBeGreaterThanOrEqual(145);
  });
  it('the named programs stage their control flow and lists (their traces hold While, Cond, List ops)', () => {
    for (const c of NAMED_CASES) {
      const f = jit(c.fn, { autograph: false, executor: 'interpreter' });
      const args = freshArgs(c, 0);
      try {
        const ops = new Set<string>();
        const walk = (g: Graph) =>
          g.nodes.forEach((n) => (ops.add(n.op), Object.values(n.subgraphs ?? {}).forEach(walk)));
        walk(f.getConcreteFunction(...args).graph);
        expect(
          c.stages.filter((op) => !ops.has(op)),
          c.name,
        ).toEqual([]);
      } finally {
        disposeAll(args);
        for (const cf of f.concreteFunctions()) cf.dispose();
      }
    }
  });
  for (const { id, case: c, opts } of [
    ...cases,
    ...NAMED_CASES.map((c) => ({ id: `named: ${c.name}`, case: c, opts: {} as DiffOptions })),
  ]) {
    const loose = { ...c, exact: false };
    it(`${id} [executor 'onnxruntime']`, () =>
      runDifferential(loose, {
        ...opts,
        executors: ['onnxruntime'],
        jitOptions: {
          ...opts.jitOptions,
          onnxruntime: { graphOptimizationLevel: 'all', intraOpNumThreads: 1, onWarning: () => undefined },
        },
      }));
    it(`${id} [toONNX]`, () => exportedDifferential(c, 'toONNX in onnxruntime', runToOnnx, { floatExact: false }));
  }
});

export {};
