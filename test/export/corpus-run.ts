// One corpus case through an exported model: traces it (jit, autograph off), and for each of the
// case's two calls exports the trace (captured variables at their values of that call), runs the
// model through `run`, rebuilds the function's result and compares it with eager tfjs (compare.ts:
// int32/bool exactly, float32 exactly or within the case's tolerance); values the model writes to
// variables are compared with the variables' values after the eager run. Needs tfjs, src, the
// harness. Produces `exportedDifferential`, `ModelRunner`, `ModelRun`.

import * as tf from '@tensorflow/tfjs';
import { expect } from 'vitest';
import { jit, type ConcreteFunction } from '../../src/index.js';
import { feedsFor } from '../../src/exec/capture-feeds.js';
import { signatureOf } from '../../src/api/signature.js';
import type { OutputPlan } from '../../src/trace/trace-function.js';
import { compareResults, disposeAll, freshArgs, runEager, setUp, type BackendName, type DiffCase } from '../helpers/differential.js';

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
export async function exportedDifferential(c: DiffCase, label: string, run: ModelRunner, opts: ExportedOptions = {}): Promise<void> {
  const backend = tf.getBackend() as BackendName;
  const before = tf.memory().numTensors;
  const name = c.name.replace(/\W+/g, '_');
  const f = jit(c.fn, { autograph: false, backend: 'interpreter', name });
  const problems: string[] = [];
  try {
    for (let call = 0; call < 2; call++) {
      setUp(c, call);
      const expected = runEager(c, call);
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
        const exact = (opts.floatExact ?? true) && (Array.isArray(c.exact) ? c.exact.includes(backend) : c.exact === true);
        const cmp = { exact, rtol: c.tol, atol: c.atol };
        problems.push(...compareResults(expected, rebuild(cf, result.outputs), cmp).map((d) => `call ${call + 1}: ${d}`));
        if (result.assigned.length !== written.length) problems.push(`call ${call + 1}: the model writes ${result.assigned.length} variable(s), the function ${written.length}`);
        for (const w of written) {
          const got = result.assigned.find((a) => a.variable === w.variable);
          if (!got) problems.push(`call ${call + 1}: the model does not write variable '${w.variable.name}'`);
          else problems.push(...compareResults(w.value, got.value, cmp, `variable '${w.variable.name}'`).map((d) => `call ${call + 1}: ${d}`));
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
  for (const n of cf.graph.nodes) if (n.op === 'AssignVariable' && n.options.variable && !out.includes(n.options.variable)) out.push(n.options.variable);
  return out;
}
