// The HTML graph viewer (`cf.toHTML()`) in a real headless Chromium (Debian's chromium; .ci/run
// installs it), under the page's own CSP (no violation, no page error): the picture and each panel
// are non-blank; search finds a node by op and by variable and shows it; clicking a node fills the
// info panel (op, types, inputs, outputs, source line and code); a cluster title collapses and
// expands its loop (another layout, fewer nodes); a source line lights up its nodes; zoom and pan
// move the view. AG_WRITE_IMAGES=1 also writes the screenshots to docs/images/ (the README's).
// Skipped, with a note, when no Chromium is installed.
import * as tf from '@tensorflow/tfjs';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openViewer, viewerReady } from '../helpers/viewer-page.js';
import { chromiumAvailable, ink, launchChromium } from '../helpers/chromium.js';
import * as ag from '../../src/index.js';
import { collatz, count_up, seedScope } from '../../examples/seed-functions.js';

// Lines of collatz's loop and if in examples/seeds.ts (the labels name them).
const seedLines = readFileSync(fileURLToPath(new URL('../../examples/seeds.ts', import.meta.url)), 'utf8').split('\n');
const WHILE_LINE = seedLines.findIndex((l) => l.includes('while (a != 1)')) + 1;
const IF_LINE = seedLines.findIndex((l) => l.includes('if (a % 2 == 0)')) + 1;
const COUNT_LINE = seedLines.findIndex((l) => l.includes('counter = counter + 1')) + 1;

const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));
const writeImages = process.env.AG_WRITE_IMAGES === '1';

const open = openViewer;
const ready = viewerReady;

/** Ink of a region of the page (share of non-background pixels). */
async function regionInk(page: Page, selector: string): Promise<number> {
  const box = (await page.locator(selector).first().boundingBox())!;
  const png = await page.screenshot({ clip: box });
  return ink(page, png);
}

async function shot(page: Page, name: string): Promise<Buffer> {
  const png = await page.screenshot();
  if (writeImages) {
    mkdirSync(IMAGES, { recursive: true });
    writeFileSync(join(IMAGES, name), png);
  }
  return png;
}

describe.skipIf(!chromiumAvailable)('graph viewer in headless Chromium', () => {
  let browser: BrowserContext;
  let dir: string;
  let collatzFile: string;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    dir = mkdtempSync(join(tmpdir(), 'ag-viewer-'));
    browser = await launchChromium(dir, { width: 1400, height: 900 });
    const cf = ag.jit(collatz, { scope: seedScope }).getConcreteFunction(ag.spec([], 'int32'));
    collatzFile = join(dir, 'collatz.html');
    writeFileSync(collatzFile, await cf.toHTML());
    if (writeImages) {
      mkdirSync(IMAGES, { recursive: true });
      writeFileSync(join(IMAGES, 'collatz-graph.svg'), await cf.toSVG());
    }
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens under its own CSP with a non-blank picture, info panel and code panes', async () => {
    const { page, problems } = await open(browser, collatzFile);
    expect(await page.locator('svg g.ag-cluster').count()).toBeGreaterThanOrEqual(6); // while, condition, body, if, then, else
    await shot(page, 'viewer-collatz.png');
    expect(await regionInk(page, '.agv-graph')).toBeGreaterThan(0.02);
    expect(await regionInk(page, '.agv-src')).toBeGreaterThan(0.02);
    expect(await regionInk(page, '.agv-gen')).toBeGreaterThan(0.02);
    // The clusters are named after the user's statements and lines, not the library's functions.
    const labels = (await page.locator('svg g.ag-cluster text').allTextContents()).map((t) =>
      t.replace(/\u00a0/g, ' '),
    );
    expect(labels).toContain(`▾ while (a != 1)  ·  seeds.ts:${WHILE_LINE}`);
    expect(labels).toContain(`▾ if (a % 2 == 0)  ·  seeds.ts:${IF_LINE}`);
    expect((await page.locator('svg.agv-svg').textContent()) ?? '').not.toMatch(
      /argument_0|break_|loop_body|file:\/\//,
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('search finds nodes by op and by variable, shows the next match and its info', async () => {
    const { page, problems } = await open(browser, collatzFile);
    await page.fill('.agv-search', 'floordiv');
    expect(await page.textContent('.agv-count')).toBe('1 match');
    expect(await page.locator('svg g.node.agv-match').count()).toBe(1);
    await page.press('.agv-search', 'Enter');
    expect(await page.textContent('.agv-info .agv-name')).toBe('FloorDiv');
    expect(await page.locator('svg g.node.agv-selected').count()).toBe(1);
    // By variable: the loop's `counter` (its params and the loop's outputs).
    await page.fill('.agv-search', 'counter');
    expect(Number((await page.textContent('.agv-count'))!.split(' ')[0])).toBeGreaterThanOrEqual(2);
    expect(await page.locator('svg g.node.agv-match').count()).toBeGreaterThanOrEqual(2);
    await page.fill('.agv-search', '');
    expect(await page.locator('svg g.node.agv-match').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('clicking a node shows its op, types, inputs, outputs, source line and code, and lights the line', async () => {
    const { page, problems } = await open(browser, collatzFile);
    await page.click('button[data-act=fit]');
    await page.locator('svg g.node', { hasText: 'FloorDiv' }).click();
    const info = (await page.textContent('.agv-info')) ?? '';
    expect(info).toContain('FloorDiv');
    expect(info).toContain('out: int32[]');
    expect(info).toMatch(/inputs\s*a ← a: int32\[\]\s*b ← 2/);
    expect(info).toContain(`seeds.ts:${IF_LINE} in collatz`);
    expect(await page.textContent('.agv-info .agv-snippet')).toBe('if (a % 2 == 0) a = Math.floor(a / 2);');
    expect(await page.locator('.agv-src .agv-line.agv-hl').getAttribute('data-line')).toBe(String(IF_LINE));
    expect(await page.locator('.agv-gen .agv-line.agv-hl').count()).toBeGreaterThan(0);
    await shot(page, 'viewer-info-panel.png');
    // An input link goes to the producer.
    await page.locator('.agv-info .agv-row', { hasText: 'inputs' }).locator('.agv-link').first().click();
    expect(await page.textContent('.agv-info .agv-badge')).toBe('param');
    // A click on a source line lights the nodes it made.
    await page.locator(`.agv-src .agv-line[data-line="${COUNT_LINE}"]`).click();
    expect(await page.locator('svg g.node.agv-linked').count()).toBeGreaterThanOrEqual(1);
    expect(await page.textContent('.agv-info .agv-name')).toBe('Add');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('a cluster title collapses its loop into one node (a new layout) and a click expands it', async () => {
    const { page, problems } = await open(browser, collatzFile);
    const nodesBefore = await page.locator('svg g.node').count();
    await page.click('button[data-act=fit]');
    await page.locator('svg g.ag-while-cluster text').first().click();
    await page.waitForFunction(
      () =>
        document.getElementById('ag-viewer')?.dataset.state !== '' &&
        document.getElementById('ag-viewer')?.dataset.ready === 'true',
    );
    const nodesCollapsed = await page.locator('svg g.node').count();
    expect(nodesCollapsed).toBeLessThan(nodesBefore);
    expect(await page.locator('svg g.ag-cluster').count()).toBe(0);
    expect(await page.locator('svg g.node.ag-collapsed', { hasText: '▸ while (a != 1)' }).count()).toBe(1);
    expect(await page.textContent('.agv-info')).toContain('13 ops');
    const png = await shot(page, 'viewer-collapsed.png');
    expect(await ink(page, png)).toBeGreaterThan(0.02);
    await page.locator('svg g.node.ag-collapsed').click();
    await page.waitForFunction(
      () =>
        document.getElementById('ag-viewer')?.dataset.state === '' &&
        document.getElementById('ag-viewer')?.dataset.ready === 'true',
    );
    expect(await page.locator('svg g.node').count()).toBe(nodesBefore);
    // Collapse all / expand all.
    await page.click('button[data-act=collapse]');
    await page.waitForFunction(
      () =>
        document.getElementById('ag-viewer')?.dataset.state !== '' &&
        document.getElementById('ag-viewer')?.dataset.ready === 'true',
    );
    expect(await page.locator('svg g.ag-cluster').count()).toBe(0);
    await page.click('button[data-act=expand]');
    await page.waitForFunction(
      () =>
        document.getElementById('ag-viewer')?.dataset.state === '' &&
        document.getElementById('ag-viewer')?.dataset.ready === 'true',
    );
    expect(await page.locator('svg g.ag-cluster').count()).toBeGreaterThanOrEqual(6);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('a collapse state the page has no picture of folds the cluster in place on a picture where it is expanded', async () => {
    const cf = ag.jit(collatz, { scope: seedScope }).getConcreteFunction(ag.spec([], 'int32'));
    const file = join(dir, 'collatz-2-layouts.html');
    writeFileSync(file, await cf.toHTML({ maxLayouts: 2 })); // everything expanded, and the loop collapsed
    const { page, problems } = await open(browser, file);
    expect(await page.locator('template').count()).toBe(2);
    await page.click('button[data-act=fit]');
    const inner = page.locator('svg g.ag-cond-cluster');
    const id = (await inner.getAttribute('id'))!.replace(/^cluster_/, '');
    await inner.locator('text').first().click();
    await page.waitForFunction(
      (want) =>
        document.getElementById('ag-viewer')?.dataset.state === want &&
        document.getElementById('ag-viewer')?.dataset.ready === 'true',
      id,
    );
    // Same picture (all six clusters still drawn); what is inside the branch is hidden, its exit node stays.
    expect(await page.locator('svg g.ag-cluster').count()).toBe(6);
    expect(await page.locator(`svg .ag-in-${id}.agv-hidden`).count()).toBeGreaterThan(5);
    expect(await page.locator(`svg [id="${id}"]`).isVisible()).toBe(true);
    expect((await inner.locator('text').first().textContent())!.startsWith('▸')).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('the wheel zooms and a drag pans the picture', async () => {
    const { page, problems } = await open(browser, collatzFile);
    const viewBox = () =>
      page
        .locator('svg.agv-svg')
        .getAttribute('viewBox')
        .then((v) => v!.split(' ').map(Number));
    const before = await viewBox();
    const box = (await page.locator('.agv-graph').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    const zoomed = await viewBox();
    expect(zoomed[2]!).toBeLessThan(before[2]!);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    const panned = await viewBox();
    expect(panned[0]!).toBeLessThan(zoomed[0]!);
    expect(panned[1]!).toBeLessThan(zoomed[1]!);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('a graph past the size limit opens with its largest loop collapsed; its staged print is an effect', async () => {
    const cf = ag.jit(count_up, { scope: seedScope }).getConcreteFunction(ag.spec([], 'int32'));
    const file = join(dir, 'count_up.html');
    writeFileSync(file, await cf.toHTML({ collapseOver: 6 }));
    const { page, problems } = await open(browser, file);
    expect(await page.getAttribute('#ag-viewer', 'data-state')).not.toBe('');
    expect(await page.locator('svg g.node.ag-collapsed').count()).toBe(1);
    await page.fill('.agv-search', 'print');
    await page.press('.agv-search', 'Enter');
    await ready(page);
    // The match was inside the collapsed cluster: it is expanded and the Print node selected.
    expect(await page.textContent('.agv-info .agv-name')).toBe('Print');
    expect(await page.locator('svg g.node.ag-effect.agv-selected').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
