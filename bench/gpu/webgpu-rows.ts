// B13's measuring process: tfjs's webgpu backend in Node over Dawn — on SwiftShader, the CPU Vulkan
// driver from Debian's chromium, where no GPU is present (test/helpers/webgpu.ts sets it up and
// counts dispatches) — runs the GPU rows (workloads.ts) and prints them as one JSON line.
// Run by bench/workloads/b13-webgpu.ts; `--quick` for fewer samples. Needs webgpu, tfjs, src.

import { gpuCounts, setUpWebGPU, webgpuSkipReason } from '../../test/helpers/webgpu.js';
import { gpuRows } from './workloads.js';

async function main(): Promise<void> {
  if (webgpuSkipReason) {
    console.log(JSON.stringify({ skipped: webgpuSkipReason }));
    return;
  }
  const tf = await setUpWebGPU();
  const ag = await import('../../src/index.js');
  const adapter = await (navigator as unknown as { gpu: { requestAdapter(): Promise<{ info?: { description?: string; architecture?: string } } | null> } }).gpu.requestAdapter();
  const device = [adapter?.info?.architecture, adapter?.info?.description].filter(Boolean).join(', ') || 'unknown adapter';
  const rows = await gpuRows(tf, ag, { quick: process.argv.includes('--quick'), dispatches: () => gpuCounts().dispatch, log: (l) => console.error(l) });
  console.log(JSON.stringify({ device, rows }));
}

await main();
