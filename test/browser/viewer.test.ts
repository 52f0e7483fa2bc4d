// The HTML graph viewer in a real headless Chromium (Debian's chromium; .ci/run installs it): the
// page renders a non-blank picture of a graph with nested clusters, and "Collapse all" / "Expand all"
// hide and show the clusters' contents. Skipped, with a note, when no Chromium is installed.
import * as tf from '@tensorflow/tfjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { chromiumAvailable, ink, launchChromium } from '../helpers/chromium.js';
import * as ag from '../../src/index.js';
import { collatz } from '../../examples/seed-functions.js';


describe.skipIf(!chromiumAvailable)('graph viewer in headless Chromium', () => {
  let browser: BrowserContext;
  let dir: string;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    dir = mkdtempSync(join(tmpdir(), 'ag-viewer-'));
    browser = await launchChromium(dir, { width: 1000, height: 900 });
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
    const colours = await ink(page, shot);
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
