// The HTML graph viewer in a real headless Chromium (Debian's chromium; .ci/run installs it): the
// page renders a non-blank picture of a graph with nested clusters, and "Collapse all" / "Expand all"
// hide and show the clusters' contents. Skipped, with a note, when no Chromium is installed.
import * as tf from '@tensorflow/tfjs';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import * as ag from '../../src/index.js';
import { collatz } from '../../examples/seeds.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);

describe.skipIf(!available)('graph viewer in headless Chromium', () => {
  let browser: BrowserContext;
  let dir: string;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    dir = mkdtempSync(join(tmpdir(), 'ag-viewer-'));
    // A fresh profile folder per run (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1000, height: 900 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders a non-blank picture and collapses and expands its clusters', async () => {
    const cf = ag.jit(collatz).getConcreteFunction(ag.spec([], 'int32'));
    const file = join(dir, 'collatz.html');
    writeFileSync(file, await cf.toHTML());
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href);
    const clusters = await page.locator('g.ag-cluster').count();
    expect(clusters).toBeGreaterThanOrEqual(4); // While, cond, body, Cond, then, else
    const shot = await page.screenshot({ fullPage: true });
    writeFileSync(join(dir, 'viewer.png'), shot);
    // Non-blank: a good share of the pixels differ from the background.
    const colours = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! < 240 || d[i + 1]! < 240 || d[i + 2]! < 240) ink++;
      return ink / (d.length / 4);
    }, shot.toString('base64'));
    expect(colours).toBeGreaterThan(0.02);
    const hiddenBefore = await page.locator('.ag-hidden').count();
    await page.click('#ag-collapse-all');
    const hiddenCollapsed = await page.locator('.ag-hidden').count();
    expect(hiddenCollapsed).toBeGreaterThan(hiddenBefore);
    await page.click('#ag-expand-all');
    expect(await page.locator('.ag-hidden').count()).toBe(hiddenBefore);
    await page.close();
  }, 60_000);
});
