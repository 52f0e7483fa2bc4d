// The device targets in headless Chromium (Debian's; the test skips without it): a page bundled by
// esbuild from gpu-targets-page.ts (tfjs core, cpu, webgl and webgpu backends, autograph-ts's
// browser entry with its run-time converter) runs jit functions on tfjs's webgl backend — the GLSL
// target — and on webgpu — the WGSL target — where SwiftShader brings WebGPU up (else that part
// skips, saying why). Per call after the first: the 5-op chain, broadcasting with Select, int32 and
// bool, a dense layer relu(x·W + b), transposed and batched products run one program each, Huber +
// mean one program plus tf.mean's own, a 20-step RNN one per step over an array (two over a tensor:
// the staged loop's row gather); no program is compiled again;
// values agree with eager tfjs on the same backend and with the cpu backend within 1e-5 relative +
// 1e-6 absolute (docs/guide.md, "Numerics on GPU targets"). Every rule of the GLSL table runs as a program over
// special values (NaN, ±∞, ±0 …) against the cpu kernel. tf.grad through a jit function gives cpu's
// gradient; no call leaves a tensor; no page error, no console error.
// Needs esbuild, playwright-core, chromium.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, WEBGPU_FLAGS } from '../helpers/chromium.js';
import { buildPage } from '../helpers/page-bundle.js';

const PAGE = fileURLToPath(new URL('./gpu-targets-page.ts', import.meta.url));
const RNN_STEPS = 20;

interface CaseReport {
  readonly name: string;
  /** Programs the second call ran, those of them the target generated, and binaries compiled. */
  readonly run: number;
  readonly ours: number;
  readonly compiled: number;
  /** Programs of tf.mean alone on such a tensor (huber only). */
  readonly meanPrograms?: number;
  /** Worst error in units of the tolerance (≤ 1: within it). */
  readonly vsEager: number;
  readonly vsCpu: number;
  /** Tensors left after the call's result was read and disposed. */
  readonly leaked: number;
}

interface RunReport {
  readonly backend: string;
  readonly skipped?: string;
  readonly env?: Record<string, unknown>;
  readonly cases?: readonly CaseReport[];
  /** tf.grad through the jit chain against cpu, in units of the tolerance. */
  readonly grad?: number;
}

/** Programs per call after the first (the RNNs: checked apart, ours one per step, all within 2 per step + 5). */
const PROGRAMS: Record<string, number> = { chain: 1, mixed: 1, intsAndBools: 1, dense: 1, denseT: 1, batched: 1 };

function checkRun(r: RunReport): void {
  const names = r.cases!.map((c) => c.name);
  expect(names).toEqual(['chain', 'mixed', 'intsAndBools', 'huber', 'dense', 'denseT', 'batched', 'rnn', 'rnnStaged']);
  for (const c of r.cases!) {
    const where = `${r.backend} ${c.name}: ${JSON.stringify(c)}`;
    expect(c.compiled, where).toBe(0);
    expect(c.leaked, where).toBe(0);
    expect(c.vsEager, where).toBeLessThanOrEqual(1);
    expect(c.vsCpu, where).toBeLessThanOrEqual(1);
    if (c.name === 'huber') {
      expect(c.ours, where).toBe(1);
      expect(c.run, where).toBe(1 + c.meanPrograms!);
    } else if (c.name === 'rnn' || c.name === 'rnnStaged') {
      expect(c.ours, where).toBe(RNN_STEPS);
      expect(c.run, where).toBeLessThanOrEqual(2 * RNN_STEPS + 5);
    } else {
      expect([c.run, c.ours], where).toEqual([PROGRAMS[c.name], PROGRAMS[c.name]]);
    }
  }
  expect(r.grad, `${r.backend} tf.grad through jit`).toBeLessThanOrEqual(1);
}

describe.skipIf(!chromiumAvailable)('device targets in headless Chromium: GLSL on webgl, WGSL on webgpu', () => {
  let dir: string;
  let browser: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ag-gpu-'));
    const url = await buildPage(PAGE, dir, 'device targets');
    browser = await launchChromium(dir, { width: 800, height: 600 }, WEBGPU_FLAGS);
    page = await browser.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    await page.goto(url); // file: is a secure context, as WebGPU needs
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('webgl: chains, products with their epilogue and the RNN run as GLSL programs, compiled once, with eager and cpu values', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = (await page.evaluate(() => (globalThis as any).agGpuTargets.run('webgl'))) as RunReport;
    expect(r.skipped).toBeUndefined();
    expect(r.env).toEqual({ webglVersion: 2, float32: true });
    checkRun(r);
  }, 30_000);

  it('webgl: every rule of the GLSL table compiles and agrees with the cpu kernel on special values', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = (await page.evaluate(() => (globalThis as any).agGpuTargets.rules())) as {
      programs: number;
      bad: Record<string, string[]>;
    };
    expect(r.bad).toEqual({});
    expect(r.programs).toBeGreaterThanOrEqual(63);
  }, 30_000);

  it('webgpu: the same cases as WGSL programs (where SwiftShader brings WebGPU up)', async (ctx) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const r = (await page.evaluate(() => (globalThis as any).agGpuTargets.run('webgpu'))) as RunReport;
    if (r.skipped) {
      console.log(`webgpu part skipped: ${r.skipped}`);
      ctx.skip(r.skipped);
    }
    checkRun(r);
  }, 30_000);

  it('no page error and no console error', () => {
    expect(problems).toEqual([]);
  });
});
