// The differential corpus (test/exec/differential/, 145 functions) on tfjs's webgpu backend over
// SwiftShader: every case through jit's compiled executor (the WGSL target) with `callAsync`,
// against eager webgpu and against the cpu backend. Each value must agree with one of them within
// the GPU tolerance (docs/guide.md, "Numerics on GPU targets": 1e-5 relative + 1e-6 absolute, or
// the case's own wider one): the WGSL rules follow the cpu backend where tfjs-webgpu's kernels
// differ from it (NaN edges), and eager webgpu where the GPU's builtins do. Where eager webgpu
// cannot run a case (eager control flow reads synchronously) the cpu backend alone is the
// reference; cases that fail eagerly on cpu too are skipped, named.
// Needs webgpu, tfjs, the corpus, src.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, expect, it } from 'vitest';
import { jit } from '../../../src/index.js';
import { stagedResult } from '../../../src/api/staged-result.js';
import { corpusSuite } from '../../export/corpus.js';
import { disposeAll, freshArgs, runEager, setUp, type DiffCase } from '../../helpers/differential.js';
import { leavesOf } from '../../helpers/compare.js';
import { setUpWebGPU, webgpuSkipReason } from '../../helpers/webgpu.js';

interface Leaf {
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly values: number[];
}

/** The values of every tensor leaf, read asynchronously; the tensors are freed. */
async function leaves(x: unknown): Promise<Leaf[]> {
  const out: Leaf[] = [];
  for (const t of leavesOf(x)) out.push({ dtype: t.dtype, shape: t.shape, values: [...(await t.data())].map(Number) });
  disposeAll(x);
  return out;
}

/** The eager result on the active backend, or the error it threw. */
async function eagerLeaves(c: DiffCase): Promise<Leaf[] | Error> {
  try {
    setUp(c, 0);
    // what jit returns for what the function returns: JS numbers and booleans as scalar tensors
    return await leaves(stagedResult(runEager(c, 0)));
  } catch (e) {
    return e as Error;
  }
}

function close(a: number, b: number, rtol: number, atol: number): boolean {
  return (Number.isNaN(a) && Number.isNaN(b)) || a === b || Math.abs(a - b) <= atol + rtol * Math.abs(b);
}

const skipped: string[] = [];
let cpuOnly = 0;

if (webgpuSkipReason === undefined) {
  corpusSuite('the differential corpus on webgpu: jit (WGSL target) against eager webgpu and cpu', (cases) => {
    beforeAll(async () => {
      await setUpWebGPU();
    });
    it('runs every case', async () => {
      expect(cases.length).toBeGreaterThan(100);
      const failures: string[] = [];
      for (const { id, case: c } of cases) {
        await tf.setBackend('cpu');
        const cpu = await eagerLeaves(c);
        await tf.setBackend('webgpu');
        const eagerGpu = await eagerLeaves(c);
        if (cpu instanceof Error) {
          skipped.push(`${id}: eager cpu: ${cpu.message.split('\n')[0]}`);
          continue;
        }
        if (eagerGpu instanceof Error && !/OffscreenCanvas/.test(eagerGpu.message)) {
          skipped.push(`${id}: eager webgpu: ${eagerGpu.message.split('\n')[0]}`); // a kernel tfjs-webgpu cannot run
          continue;
        }
        // Eager control flow reads synchronously, which webgpu cannot: there the cpu is the reference.
        const gpu = eagerGpu instanceof Error ? cpu : eagerGpu;
        if (eagerGpu instanceof Error) cpuOnly++;
        const f = jit(c.fn, { autograph: false, name: id.replace(/\W+/g, '_') });
        let got: Leaf[];
        try {
          setUp(c, 0);
          const args = freshArgs(c, 0);
          got = await leaves(await f.callAsync(...args));
          disposeAll(args);
        } catch (e) {
          failures.push(`${id}: jit threw ${(e as Error).message.split('\n')[0]}`);
          continue;
        }
        const rtol = Math.max(c.tol ?? 1e-5, 1e-5);
        const atol = Math.max(c.atol ?? 1e-6, 1e-6);
        got.forEach((leaf, k) => {
          const [g, w] = [gpu[k], cpu[k]];
          if (!g || !w || leaf.dtype !== w.dtype || leaf.shape.join() !== w.shape.join()) {
            failures.push(`${id}: leaf ${k} is ${leaf.dtype}[${leaf.shape}], eager ${w?.dtype}[${w?.shape}]`);
            return;
          }
          const bad = leaf.values.findIndex(
            (v, i) => !close(v, g.values[i]!, rtol, atol) && !close(v, w.values[i]!, rtol, atol),
          );
          if (bad >= 0)
            failures.push(
              `${id}: leaf ${k}[${bad}] = ${leaf.values[bad]}; eager webgpu ${g.values[bad]}, cpu ${w.values[bad]}`,
            );
        });
      }
      console.log(
        `${cases.length} cases; against cpu only (eager webgpu cannot run them): ${cpuOnly}; skipped: ${skipped.length}\n  ${skipped.join('\n  ')}`,
      );
      expect(failures).toEqual([]);
      expect(skipped.length).toBeLessThan(cases.length / 4);
    }, 600_000);
  });
} else {
  it.skip(`the differential corpus on webgpu (skipped: ${webgpuSkipReason})`, () => {});
}
