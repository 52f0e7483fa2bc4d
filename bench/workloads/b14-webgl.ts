// B14: the webgl backend — the GPU rows of bench/gpu/workloads.ts (B2's chain, B3's Huber loss,
// B5's staged RNN; eager vs jit's GLSL target vs jit's interpreter, programs per call) in a page
// of headless Chromium (Debian's; WebGL2 on SwiftShader where no GPU is present), bundled by
// esbuild from bench/gpu/webgl-page.ts (test/helpers/page-bundle.ts). Judged as B13 (gpuWorkloadRows): counts everywhere, time
// ratios only on a real GPU. Skipped, said, without Chromium. Needs esbuild, playwright-core. Produces `b14`.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumAvailable, launchChromium } from '../../test/helpers/chromium.js';
import { buildPage } from '../../test/helpers/page-bundle.js';
import type { Workload } from '../harness.js';
import type { GpuRow } from '../gpu/workloads.js';
import { gpuWorkloadRows } from './b13-webgpu.js';

const PAGE = fileURLToPath(new URL('../gpu/webgl-page.ts', import.meta.url));

export const b14: Workload = {
  id: 'B14',
  title: 'webgl backend (headless Chromium; SwiftShader where no GPU): B2, B3, B5 eager vs jit vs interpreter',
  barText:
    'jit runs fewer programs than eager; on a real GPU also no jit row slower than the interpreter, B2 ≥ 4× and B5 ≥ 2× eager',
  bars: [],
  contenders: () => [],
  async measure({ quick, log }) {
    if (!chromiumAvailable) {
      log("  B14 skipped: no Chromium (Debian's chromium package; .ci/run installs it)");
      return [];
    }
    const dir = mkdtempSync(join(tmpdir(), 'ag-b14-'));
    const browser = await launchChromium(dir, { width: 400, height: 300 });
    try {
      const url = await buildPage(PAGE, dir, 'B14');
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      const result = (await page.evaluate(
        (q) => (globalThis as unknown as { agBench: { run(q: boolean): Promise<unknown> } }).agBench.run(q),
        quick,
      )) as { skipped?: string; device?: string; rows?: GpuRow[] };
      if (errors.length) throw new Error(`B14 page errors: ${errors.join('; ')}`);
      if (result.skipped) {
        log(`  B14 skipped: ${result.skipped}`);
        return [];
      }
      log(`  B14 on ${result.device}`);
      return gpuWorkloadRows('B14', 'webgl', result.device ?? 'unknown renderer', result.rows!);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
