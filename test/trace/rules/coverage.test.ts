// Coverage by recording: every kernel invocation that a broad corpus of real tfjs calls (forward and backward)
// makes on the cpu backend must have a shape rule, and the rule must reproduce the real output shapes and dtypes.
// Also prints (as information) which cpu kernels still have no rule and which rules the corpus never exercised.

import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { DATA_DEPENDENT_KERNELS, SHAPE_RULES, shapeRuleFor } from '../../../src/trace/rules/index.js';
import type { ArgInfo } from '../../../src/trace/rules/support/rule-types.js';
import { CORPUS } from './corpus.js';
import { recordKernels, type Invocation } from './record.js';

const show = (infos: readonly ArgInfo[]) => infos.map((i) => `${i.dtype}[${i.shape.join(',')}]`).join(', ');

/** Exact match, except that a data-dependent kernel's -1 stands for any size. */
function matches(kernel: string, got: readonly ArgInfo[], want: readonly ArgInfo[]): boolean {
  const wildcard = DATA_DEPENDENT_KERNELS.has(kernel);
  return (
    got.length === want.length &&
    got.every((g, i) => {
      const w = want[i]!;
      return (
        g.dtype === w.dtype &&
        g.shape.length === w.shape.length &&
        g.shape.every((d, j) => d === w.shape[j] || (wildcard && d === -1))
      );
    })
  );
}

/** tfjs itself sometimes returns a malformed shape (e.g. Cumsum with a negative axis gives [undefined, 2]). */
const malformed = (call: Invocation) => call.outputs.some((o) => o.shape.some((d) => !Number.isInteger(d) || d < 0));

/** Kernels with a shape rule that no tfjs op runs on the cpu backend (tfjs-core's op composes others), so no case can reach them. */
const NO_TFJS_OP_RUNS: Readonly<Record<string, string>> = {
  BroadcastTo: 'tf.broadcastTo runs Tile',
  LogSoftmax: 'tf.logSoftmax composes Max, Sub, Exp, Sum and Log',
  LogicalXor: 'tf.logicalXor composes LogicalAnd, LogicalOr and LogicalNot',
};

/** Those tfjs bugs we know of; the rules answer what the kernel should have returned. */
const KNOWN_TFJS_BUGS: Record<string, (call: Invocation) => boolean> = {
  Cumsum: (c) => Number(c.attrs.axis) < 0,
  Cumprod: (c) => Number(c.attrs.axis) < 0,
};

function check(call: Invocation): string | undefined {
  const rule = shapeRuleFor(call.kernel);
  if (!rule) return `${call.kernel}: no rule`;
  const inputs = Object.fromEntries(call.names.map((n, i) => [n, call.inputs[i]!]));
  const where = `${call.kernel}(${show(call.inputs)}) attrs=${JSON.stringify(call.attrs)}`;
  let got: ArgInfo[];
  try {
    got = rule({ inputs, list: call.inputs, attrs: call.attrs });
  } catch (e) {
    return `${where}: rule threw ${(e as Error).message}`;
  }
  if (!matches(call.kernel, got, call.outputs)) return `${where}: rule says ${show(got)}, real ${show(call.outputs)}`;
  return undefined;
}

describe('shape rules, checked against recorded cpu kernel invocations', () => {
  const calls: Invocation[] = [];
  const caseErrors: string[] = [];

  beforeAll(async () => {
    await tf.setBackend('cpu');
    for (const [name, run] of CORPUS) {
      try {
        calls.push(...recordKernels(run));
      } catch (e) {
        caseErrors.push(`${name}: ${(e as Error).message}`);
      }
    }
  });

  it('runs the whole corpus', () => {
    expect(caseErrors).toEqual([]);
    expect(calls.length).toBeGreaterThan(2000);
  });

  it('has a rule for every kernel the corpus reaches', () => {
    const missing = [...new Set(calls.map((c) => c.kernel))].filter((k) => !shapeRuleFor(k)).sort();
    expect(missing).toEqual([]);
  });

  it('reproduces every recorded output shape and dtype', () => {
    const failures = new Map<string, string>();
    for (const call of calls) {
      if (malformed(call)) {
        if (!KNOWN_TFJS_BUGS[call.kernel]?.(call))
          failures.set(
            `unexpected malformed tfjs output ${call.kernel}`,
            `${call.kernel}(${show(call.inputs)}) ${JSON.stringify(call.attrs)}: tfjs returned ${show(call.outputs)}`,
          );
        continue;
      }
      const problem = check(call);
      if (problem && !failures.has(problem)) failures.set(problem, problem);
    }
    expect([...failures.values()].slice(0, 40)).toEqual([]);
  });

  it('exercises every shape rule but those of kernels no tfjs op runs', () => {
    const reached = new Set(calls.map((c) => c.kernel));
    const cpu = tf.getKernelsForBackend('cpu').map((k) => k.kernelName);
    const unreached = cpu.filter((k) => !reached.has(k)).sort();
    const unexercised = Object.keys(SHAPE_RULES)
      .filter((k) => !reached.has(k))
      .sort();
    console.info(
      `corpus: ${calls.length} invocations of ${reached.size} kernels; cpu kernels never reached: ${unreached.join(', ') || 'none'}; rules never exercised: ${unexercised.join(', ') || 'none'}`,
    );
    // A new kernel's shape rule needs a case in corpus.ts that runs it (docs/kernels.md has the counts).
    expect(unexercised, 'shape rules no corpus case runs: add one to test/trace/rules/corpus.ts').toEqual(
      Object.keys(NO_TFJS_OP_RUNS).sort(),
    );
  });

  it('lists the cpu kernels that have no rule yet (information, not a failure)', () => {
    const cpu = tf.getKernelsForBackend('cpu').map((k) => k.kernelName);
    const without = cpu.filter((k) => !shapeRuleFor(k)).sort();
    console.info(
      `shape rules: ${Object.keys(SHAPE_RULES).length}; cpu kernels without a rule (${without.length}): ${without.join(', ') || 'none'}`,
    );
    expect(Array.isArray(without)).toBe(true);
  });
});
