// Fuzzed tensor programs (test/fuzz/gen-program.ts's tensor-float32 and tensor-int32 domains, fixed
// seeds: control flow, loops, lists on tensors) jitted on tfjs's webgpu backend over SwiftShader and
// run through `callAsync` (the WGSL target for fused chains, the interpreter's walk for the rest),
// against the converted program run eagerly on the cpu backend: every element equal (int32, bool)
// or within the GPU tolerance (float32: 1e-5 relative + 1e-6 absolute; NaN where the cpu has NaN).
// Eager webgpu cannot be the reference here: eager control flow reads synchronously, which webgpu
// cannot. fast-check shrinks a failing program. Needs webgpu, fast-check, the fuzzer, src.
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { jit, toGraph } from '../../../src/index.js';
import { fuzzCase, type Domain, type FuzzCase } from '../../fuzz/gen-program.js';
import { comparable, isAliasWarning, makeProgram, plainResult, SCOPE, tensorArgs } from '../../fuzz/run-case.js';
import { setUpWebGPU, webgpuSkipReason } from '../../helpers/webgpu.js';
import { scaled } from '../../helpers/long-run.js';

type Fn = (...a: unknown[]) => unknown;

/** Kernels programs used that tfjs's webgpu backend does not register (reported, not failures). */
const lacking = new Set<string>();

/** A result as plain values, tensors read asynchronously (webgpu has no synchronous read). */
async function plainAsync(v: unknown): Promise<unknown> {
  if (v instanceof tf.Tensor) return plainResult(await v.array());
  if (Array.isArray(v)) return Promise.all(v.map(plainAsync));
  return plainResult(v);
}

/** Where `got` differs from `want` beyond the tolerance (paths into the nested results). */
function differences(got: unknown, want: unknown, path = ''): string[] {
  if (Array.isArray(got) || Array.isArray(want)) {
    if (!Array.isArray(got) || !Array.isArray(want) || got.length !== want.length)
      return [`${path || 'result'}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`];
    return got.flatMap((g, i) => differences(g, want[i], `${path}[${i}]`));
  }
  if (typeof got === 'number' && typeof want === 'number') {
    const ok =
      (Number.isNaN(got) && Number.isNaN(want)) || got === want || Math.abs(got - want) <= 1e-6 + 1e-5 * Math.abs(want);
    return ok ? [] : [`${path || 'result'}: ${got} vs cpu ${want}`];
  }
  return Object.is(got, want) ? [] : [`${path || 'result'}: ${String(got)} vs cpu ${String(want)}`];
}

async function check(c: FuzzCase): Promise<string[]> {
  const converted = toGraph(makeProgram(c.body), { scope: SCOPE }) as Fn;
  await tf.setBackend('cpu');
  const reference = c.inputs.map((x) => {
    const args = tensorArgs(c, x);
    try {
      return tf.tidy(() => plainResult(converted(...args)) as tf.TensorContainer);
    } catch {
      return undefined; // the program throws for these inputs: nothing to compare
    } finally {
      tf.dispose(args as tf.TensorContainer);
    }
  });
  await tf.setBackend('webgpu');
  // (the trace warns where a staged push leaves `box.st`, gen-program.ts's second reference to `st`,
  // behind: that last element is then excused, as in run-case.ts)
  let aliasWarned = false;
  const f = jit(converted, { autograph: false, onWarning: (m) => void (aliasWarned ||= isAliasWarning(m)) });
  const problems: string[] = [];
  try {
    for (const [i, x] of c.inputs.entries()) {
      if (reference[i] === undefined) continue;
      const args = tensorArgs(c, x);
      try {
        const out = await f.callAsync(...args);
        const got = await plainAsync(out);
        tf.dispose(out as tf.TensorContainer);
        problems.push(
          ...differences(comparable(got, aliasWarned), comparable(reference[i], aliasWarned)).map(
            (p) => `input ${i}: ${p}`,
          ),
        );
      } catch (e) {
        // a kernel tfjs-webgpu does not have (BitwiseAnd): eager webgpu cannot run it either
        if (/\[exec\/unknown-op\]/.test(String(e))) lacking.add(String(e).match(/run op (\w+)/)?.[1] ?? '?');
        else problems.push(`input ${i}: jit threw ${String(e).split('\n')[0]}`);
      } finally {
        tf.dispose(args as tf.TensorContainer);
      }
    }
  } finally {
    for (const cf of f.concreteFunctions()) cf.dispose();
  }
  return problems;
}

describe.skipIf(webgpuSkipReason !== undefined)(
  `fuzzed tensor programs on webgpu against eager cpu${webgpuSkipReason ? ` (skipped: ${webgpuSkipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      await setUpWebGPU();
    });
    const domains: [Domain, number][] = [
      ['tensor-float32', 9100],
      ['tensor-int32', 9200],
    ];
    it.each(domains)(
      '%s (seed %i)',
      async (domain, seed) => {
        let failure = '';
        const r = await fc.check(
          fc.asyncProperty(fuzzCase(domain), async (c) => {
            const problems = await check(c);
            if (problems.length)
              failure = `${c.body}\ninputs ${JSON.stringify(c.inputs)}\n${problems.slice(0, 6).join('\n')}`;
            return problems.length === 0;
          }),
          { numRuns: scaled(300, 30), seed },
        );
        await tf.setBackend('webgpu');
        if (lacking.size) console.log(`kernels tfjs-webgpu lacks, inputs skipped: ${[...lacking].join(', ')}`);
        expect(r.failed, failure).toBe(false);
      },
      300_000,
    );
  },
);
