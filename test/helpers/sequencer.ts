// Test-file order for vitest (vitest.config.ts `sequence.sequencer`): the slowest files start first, so
// the workers finish together instead of one long file ending the run alone. Needs vitest/node's
// BaseSequencer and SLOW_FILES (seconds per file from a full `npm test`). Produces SlowestFirst.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Wall seconds of the slowest test files (vitest's JSON report of a full run on 2 busy cores). Only the order
 * depends on them: a file missing here runs after these, in vitest's own order (its results cache
 * when it has one, else the larger file first), and a stale number only moves a file in the queue.
 */
export const SLOW_FILES: Readonly<Record<string, number>> = {
  'test/check/check-cli.test.ts': 59,
  'test/check/installed-package.test.ts': 45,
  'test/package/package.test.ts': 42,
  'test/fuzz/fuzz-mixed.test.ts': 28,
  'test/plugin/loader.test.ts': 24,
  'test/semantics/operator-table.test.ts': 22,
  'test/errors/every-message.test.ts': 22,
  'test/fuzz/fuzz-tensor-float32.test.ts': 19,
  'test/export/corpus-onnx.test.ts': 19,
  'test/errors/api-docs.test.ts': 18,
  'test/check/check-watch.test.ts': 18,
  'test/browser/gpu-targets.test.ts': 18,
  'test/fuzz/converter-robustness.test.ts': 17,
  'test/plugin/real-programs.test.ts': 17,
  'test/hardening/resources.test.ts': 17,
  'test/check/ts-plugin.test.ts': 16,
  'test/fuzz/fuzz-float32.test.ts': 14,
  'test/fuzz/fuzz-tensor-int32.test.ts': 12,
  'test/fuzz/fuzz-wasm.test.ts': 12,
  'test/export/onnx-backend.test.ts': 11,
  'test/fuzz/fuzz-int32.test.ts': 10,
  'test/errors/stack-traces.test.ts': 10,
  'test/conformance/loops.test.ts': 10,
  'test/conformance/conditionals.test.ts': 9,
  'test/grad/control-flow-grad.test.ts': 9,
  'test/examples/tour.test.ts': 9,
  'test/grad/training.test.ts': 9,
  'test/browser/web-example.test.ts': 9,
  'test/plugin/vitest-integration.test.ts': 8,
  'test/exec/relaxed-simd.test.ts': 8,
  'test/browser/viewer.test.ts': 8,
  'test/examples/tfjs-programs.test.ts': 8,
  'test/examples/rnn-training.test.ts': 8,
  'test/export/onnx-edge-values.test.ts': 8,
  'test/export/corpus-graph-model.test.ts': 7,
  'test/plugin/babel-core.test.ts': 6,
  'test/convert/property.test.ts': 6,
  'test/semantics/truthiness.test.ts': 5,
};

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number =>
      SLOW_FILES[relative(root, spec.moduleId).split('\\').join('/')] ?? 0;
    // Array.prototype.sort is stable: files of equal estimate keep vitest's order.
    return base
      .map((spec) => ({ spec, s: seconds(spec) }))
      .sort((a, b) => b.s - a.s)
      .map(({ spec }) => spec);
  }
}
