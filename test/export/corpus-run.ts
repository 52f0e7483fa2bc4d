// One corpus case through an exported model: traces it (jit, autograph off), and for each of the
// case's two calls exports the trace (captured variables at their values of that call), runs the
// model through `run`, rebuilds the function's result and compares it with eager tfjs (compare.ts:
// int32/bool exactly, float32 exactly or within the case's tolerance); values the model writes to
// variables are compared with the variables' values after the eager run. Needs tfjs, src, the
// harness, onnxruntime-node, tfjs-converter (through tfjs). Produces `exportedDifferential`, `ModelRunner`,
// `ModelRun` and the two runners `runToOnnx` (session options `SESSION`) and `runGraphModel`.

import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { expect } from 'vitest';
import { jit, type ConcreteFunction } from '../../src/index.js';
import { feedsFor } from '../../src/exec/capture-feeds.js';
import { exportOnnxModel } from '../../src/export/onnx/index.js';
import { needsExecuteAsync } from '../../src/export/graph-model/index.js';
import { fromOrt, toOrt } from '../../src/ort/tensor-convert.js';
import { signatureOf } from '../../src/api/signature.js';
import { stagedResult } from '../../src/api/staged-result.js';
import type { OutputPlan } from '../../src/trace/trace-function.js';
import {
  compareResults,
  disposeAll,
  freshArgs,
  runEager,
  setUp,
  type BackendName,
  type DiffCase,
} from '../helpers/differential.js';

export interface ModelRun {
  /** One tensor per graph output, owned by the caller. */
  readonly outputs: tf.Tensor[];
  /** The values the model assigns to variables (owned by the caller). */
  readonly assigned: readonly { readonly variable: tf.Variable; readonly value: tf.Tensor }[];
}

/** Exports `cf` and runs the model on the graph's inputs (params, then captures). */
export type ModelRunner = (cf: ConcreteFunction, inputs: readonly tf.Tensor[]) => Promise<ModelRun>;

export interface ExportedOptions {
  /** Compare float32 exactly where the case asks for it (default true); else within its tolerance. */
  readonly floatExact?: boolean;
}

/** The function's result from the graph outputs, as ConcreteFunction rebuilds it. */
function rebuild(cf: ConcreteFunction, outs: readonly tf.Tensor[]): unknown {
  const plan = (cf as unknown as { output: OutputPlan }).output;
  const single = plan.flat.signature === '*' && plan.leaves.length === 1 && 'output' in plan.leaves[0]!;
  if (single) return outs[0];
  return plan.flat.rebuild(plan.leaves.map((l) => ('output' in l ? outs[l.output] : l.value)));
}

function tensorsOf(name: string, args: readonly unknown[]): tf.Tensor[] {
  const sig = signatureOf(name, args);
  return sig.tensorLeaves.map((i) => sig.flat.leaves[i] as tf.Tensor);
}

/** Runs case `c` through `run` on the current backend; fails (through expect) with every difference. */
export async function exportedDifferential(
  c: DiffCase,
  label: string,
  run: ModelRunner,
  opts: ExportedOptions = {},
): Promise<void> {
  const backend = tf.getBackend() as BackendName;
  const before = tf.memory().numTensors;
  const name = c.name.replace(/\W+/g, '_');
  const f = jit(c.fn, { autograph: false, executor: 'interpreter', name });
  const problems: string[] = [];
  try {
    for (let call = 0; call < 2; call++) {
      setUp(c, call);
      // What jit returns for what the function returns: JS numbers and booleans as scalar tensors.
      const expected = stagedResult(runEager(c, call));
      const args = freshArgs(c, call);
      let cf!: ConcreteFunction;
      let written: { variable: tf.Variable; value: tf.Tensor }[] = [];
      let result!: ModelRun;
      try {
        cf = f.getConcreteFunction(...args);
        // The eager run's writes to variables, to compare with the model's; then the state before it.
        written = assignedVariables(cf).map((variable) => ({ variable, value: tf.clone(variable) }));
        setUp(c, call);
        result = await run(cf, feedsFor(cf.graph, tensorsOf(name, args)));
      } catch (e) {
        disposeAll(expected);
        disposeAll(written.map((w) => w.value));
        throw e;
      } finally {
        disposeAll(args);
      }
      try {
        const exact =
          (opts.floatExact ?? true) && (Array.isArray(c.exact) ? c.exact.includes(backend) : c.exact === true);
        const cmp = { exact, rtol: c.tol, atol: c.atol };
        problems.push(
          ...compareResults(expected, rebuild(cf, result.outputs), cmp).map((d) => `call ${call + 1}: ${d}`),
        );
        if (result.assigned.length !== written.length)
          problems.push(
            `call ${call + 1}: the model writes ${result.assigned.length} variable(s), the function ${written.length}`,
          );
        for (const w of written) {
          const got = result.assigned.find((a) => a.variable === w.variable);
          if (!got) problems.push(`call ${call + 1}: the model does not write variable '${w.variable.name}'`);
          else
            problems.push(
              ...compareResults(w.value, got.value, cmp, `variable '${w.variable.name}'`).map(
                (d) => `call ${call + 1}: ${d}`,
              ),
            );
        }
      } finally {
        disposeAll(expected);
        disposeAll(result.outputs);
        disposeAll(result.assigned.map((a) => a.value));
        disposeAll(written.map((w) => w.value));
      }
    }
  } finally {
    for (const cf of f.concreteFunctions()) cf.dispose();
  }
  const leaked = tf.memory().numTensors - before;
  if (leaked !== 0) problems.push(`${leaked} tensor(s) left over after the calls`);
  expect(problems, `${c.name} on ${backend}, ${label}:\n  ${problems.join('\n  ')}`).toEqual([]);
}

/** The variables the traced graph writes (AssignVariable nodes of its top level). */
function assignedVariables(cf: ConcreteFunction): tf.Variable[] {
  const out: tf.Variable[] = [];
  for (const n of cf.graph.nodes)
    if (n.op === 'AssignVariable' && n.options.variable && !out.includes(n.options.variable))
      out.push(n.options.variable);
  return out;
}

export const SESSION: ort.InferenceSession.SessionOptions = { graphOptimizationLevel: 'all', intraOpNumThreads: 1 };

/** `cf.toONNX()` in onnxruntime's public API. */
export const runToOnnx: ModelRunner = async (cf, inputs) => {
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

/** `cf.toGraphModel()` in tfjs-converter: params fed by signature name, outputs in graph order. */
export const runGraphModel: ModelRunner = async (cf, inputs) => {
  const artifacts = cf.toGraphModel({ onWarning: () => undefined });
  const model = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
  try {
    const sig = artifacts.signature as { inputs: Record<string, unknown>; outputs: Record<string, { name: string }> };
    const feed: tf.NamedTensorMap = {};
    Object.keys(sig.inputs).forEach((name, i) => (feed[name] = inputs[i]!));
    const names = Object.values(sig.outputs).map((o) => o.name);
    if (names.length === 0) return { outputs: [], assigned: [] };
    // executeAsync where the model has control flow (tfjs-converter warns when it has none).
    const out = needsExecuteAsync(artifacts) ? await model.executeAsync(feed, names) : model.execute(feed, names);
    return { outputs: Array.isArray(out) ? out : [out], assigned: [] };
  } finally {
    model.dispose();
  }
};
