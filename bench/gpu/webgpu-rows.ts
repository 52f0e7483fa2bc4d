// B13's measuring process: tfjs's webgpu backend in Node over Dawn — on SwiftShader, the CPU Vulkan
// driver from Debian's chromium, where no GPU is present (test/helpers/webgpu.ts sets it up and
// counts dispatches) — runs the GPU rows (workloads.ts) and prints them as one JSON line.
// Run by bench/workloads/b13-webgpu.ts; `--quick` for fewer samples. Needs webgpu, tfjs, src.

import { gpuCounts, setUpWebGPU, webgpuSkipReason } from '../../test/helpers/webgpu.js';
import type * as tfType from '@tensorflow/tfjs-core';
import { gpuRows } from './workloads.js';

/**
 * B2's chain `x*x/2 + |x| - 1` as one WGSL kernel written by hand (four elements an invocation), run
 * through tfjs-webgpu's program runner: what jit's generated program is measured against.
 */
function handWritten(tf: typeof tfType): (x: tfType.Tensor) => tfType.Tensor {
  return (x) => {
    const n = x.size;
    const program = {
      variableNames: ['X'],
      outputShape: [n],
      shaderKey: 'bench_b2_hand_written',
      dispatchLayout: { x: [0] },
      dispatch: [Math.ceil(n / 4 / 64), 1, 1] as [number, number, number],
      workgroupSize: [64, 1, 1] as [number, number, number],
      size: true,
      outputComponent: 4,
      variableComponents: [4],
      getUserCode: () => `
fn main(index : i32) {
  if (index * 4 < uniforms.size) {
    let v = X[index];
    setOutputAtIndex(index, v * v / 2.0 + abs(v) - 1.0);
  }
}`,
    };
    const backend = tf.backend() as unknown as {
      runWebGPUProgram(p: unknown, i: tfType.TensorInfo[], d: string): tfType.TensorInfo;
    };
    return tf.engine().makeTensorFromTensorInfo(backend.runWebGPUProgram(program, [x], 'float32'));
  };
}

async function main(): Promise<void> {
  if (webgpuSkipReason) {
    console.log(JSON.stringify({ skipped: webgpuSkipReason }));
    return;
  }
  const tf = await setUpWebGPU();
  const ag = await import('../../src/index.js');
  const adapter = await (
    navigator as unknown as {
      gpu: { requestAdapter(): Promise<{ info?: { description?: string; architecture?: string } } | null> };
    }
  ).gpu.requestAdapter();
  const device =
    [adapter?.info?.architecture, adapter?.info?.description].filter(Boolean).join(', ') || 'unknown adapter';
  const quick = process.argv.includes('--quick');
  const rows = await gpuRows(tf, ag, {
    quick,
    dispatches: () => gpuCounts().dispatch,
    handWritten: handWritten(tf),
    log: (l) => console.error(l),
  });
  console.log(JSON.stringify({ device, rows }));
}

await main();
