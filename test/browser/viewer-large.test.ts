// The viewer on real graphs (examples/viewer-graphs.ts) in headless Chromium, as a user meets it:
// a training step with Adam opens at a legible size with a minimap (a click there moves the view)
// and its optimizer's updates folded into one box that a click opens; a legend explains the shapes
// and lines; search finds attribute values (relu), `file:line` and `:line`, lists its results with
// op names above source text, and a click on a result selects the node; a 20-step loop's stacked
// list says [20,8,1], and edges name their types on hover. No console errors, CSP respected.
// AG_WRITE_IMAGES=1 also writes the screenshots to docs/images/. Skipped without Chromium.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openViewer, viewerReady } from '../helpers/viewer-page.js';
import { chromiumAvailable, launchChromium } from '../helpers/chromium.js';

const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));
const writeImages = process.env.AG_WRITE_IMAGES === '1';
const EXAMPLE = fileURLToPath(new URL('../../examples/viewer-graphs.ts', import.meta.url));
const exampleLines = readFileSync(EXAMPLE, 'utf8').split('\n');
const TANH_LINE = exampleLines.findIndex((l) => l.includes('h = tf.tanh(')) + 1;

const open = openViewer;
const ready = viewerReady;

/** On-screen pixels per picture unit (1 = Graphviz's natural size: 10 pt labels). */
const scale = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('svg.agv-svg')!;
    return document.querySelector('.agv-graph')!.clientWidth / Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  });
const viewBox = (page: Page) =>
  page
    .locator('svg.agv-svg')
    .getAttribute('viewBox')
    .then((v) => v!.split(' ').map(Number));

async function shot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot();
  if (writeImages) writeFileSync(join(IMAGES, name), png);
}

describe.skipIf(!chromiumAvailable)('the viewer on a training step, a layers model and a list loop', () => {
  let browser: BrowserContext;
  let dir: string;
  const files: Record<string, string> = {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ag-viewer-large-'));
    browser = await launchChromium(dir, { width: 1400, height: 900 });
    if (writeImages) mkdirSync(IMAGES, { recursive: true });
    // Made as a user makes them (tsx, not this test runner's module loader, whose renamed imports
    // would show in the generated code pane).
    execFileSync(process.execPath, ['--import', 'tsx', EXAMPLE, dir], { stdio: 'pipe' });
    for (const name of ['steps', 'train', 'predict']) files[name] = join(dir, `${name}.html`);
    if (writeImages) copyFileSync(join(dir, 'steps.svg'), join(IMAGES, 'stack-steps-graph.svg'));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a training step opens legible, with a minimap, a legend and the optimizer folded into one box', async () => {
    const { page, problems } = await open(browser, files.train!);
    expect(await scale(page)).toBeGreaterThanOrEqual(0.9);
    const box = page.locator('svg g.node.ag-collapsed', { hasText: '▸ adam update: Wx, Wh, bias, Wo' });
    expect(await box.count()).toBe(1);
    await shot(page, 'viewer-training.png');
    // The minimap shows the whole picture; a click there centres the view on that point.
    expect(await page.locator('.agv-minimap').isVisible()).toBe(true);
    const before = await viewBox(page);
    const mini = (await page.locator('.agv-minimap').boundingBox())!;
    await page.mouse.click(mini.x + mini.width * 0.5, mini.y + mini.height * 0.9);
    const after = await viewBox(page);
    expect(after[1]!).toBeGreaterThan(before[1]! + 100);
    expect(after[2]).toBe(before[2]); // moved, not zoomed
    // The legend, folded on a large picture, opens to explain the shapes and lines.
    await page.locator('.agv-legend summary').click();
    const legend = (await page.textContent('.agv-legend')) ?? '';
    for (const text of [
      'captured variable or tensor',
      'folded box (click to open)',
      'value entering a loop or branch from outside',
      'order of effects',
    ])
      expect(legend).toContain(text);
    await page.locator('.agv-legend summary').click();
    await page.click('button[data-act=fit]');
    // A click on the box opens it: the updates are drawn inside a cluster titled the same.
    await page.locator('svg g.node.ag-collapsed', { hasText: 'adam update' }).click();
    await page.waitForFunction(
      () =>
        document.getElementById('ag-viewer')?.dataset.ready === 'true' &&
        !document.getElementById('ag-viewer')!.dataset.state!.split(',').includes('g0'),
    );
    expect((await page.locator('svg g.ag-group-cluster text').first().textContent())!.replace(/\u00a0/g, ' ')).toBe(
      '▾ adam update: Wx, Wh, bias, Wo',
    );
    expect(await page.locator('svg g.node', { hasText: 'capture m(Wx)' }).count()).toBe(1);
    await shot(page, 'viewer-optimizer-box.png');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('a gradient loop is titled after its forward loop and links to it', async () => {
    const { page, problems } = await open(browser, files.train!);
    await page.fill('.agv-search', 'gradient of for');
    await page.press('.agv-search', 'Enter');
    await ready(page);
    expect(await page.textContent('.agv-info .agv-name')).toBe('gradient of for (const x of xb)');
    const link = page.locator('.agv-info .agv-row', { hasText: 'gradient of' }).locator('.agv-link');
    expect(await link.textContent()).toBe('for (const x of xb)');
    await link.click();
    expect(await page.textContent('.agv-info .agv-name')).toBe('for (const x of xb)');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('search: attribute values, file:line and :line, a results list with op names first', async () => {
    const layers = await open(browser, files.predict!);
    // relu is an attribute value (activation) of the fused matmuls of two layers.
    await layers.page.fill('.agv-search', 'relu');
    expect(await layers.page.textContent('.agv-count')).toBe('2 matches');
    const rows = layers.page.locator('.agv-results .agv-result');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('activation = "relu"');
    await shot(layers.page, 'viewer-layers.png');
    await rows.nth(1).click();
    expect(await layers.page.textContent('.agv-info .agv-name')).toBe('_FusedMatMul');
    expect(await layers.page.locator('svg g.node.agv-selected').count()).toBe(1);
    expect(await layers.page.locator('svg g.ag-group-cluster').count()).toBe(3); // a box per layer
    expect(layers.problems).toEqual([]);
    await layers.page.close();

    const { page, problems } = await open(browser, files.train!);
    // `file:line` and `:line` find the nodes made on that line.
    const atLine = await page.evaluate(
      (l) =>
        (window as unknown as { agViewer: { search(t: string): number } }).agViewer.search(`viewer-graphs.ts:${l}`),
      TANH_LINE,
    );
    expect(atLine).toBeGreaterThanOrEqual(4); // two matmuls, two adds, the tanh
    expect(
      await page.evaluate(
        (l) => (window as unknown as { agViewer: { search(t: string): number } }).agViewer.search(`:${l}`),
        TANH_LINE,
      ),
    ).toBe(atLine);
    expect(
      await page.evaluate(() =>
        (window as unknown as { agViewer: { search(t: string): number } }).agViewer.search('other.ts:1'),
      ),
    ).toBe(0);
    // Op names rank above source text: Tanh nodes first, then nodes whose line reads `tf.tanh(`.
    await page.fill('.agv-search', 'tanh');
    const whys = await page
      .locator('.agv-results .agv-result')
      .evaluateAll((els) =>
        els.map((e) => [e.querySelector('.agv-badge')!.textContent, e.querySelector('.agv-result-why')!.textContent]),
      );
    expect(whys[0]![0]).toBe('Tanh');
    const firstSource = whys.findIndex(([, why]) => why!.startsWith('source'));
    expect(firstSource).toBeGreaterThan(0);
    expect(whys.slice(firstSource).every(([, why]) => why!.startsWith('source'))).toBe(true);
    await shot(page, 'viewer-search.png');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('a 20-step loop stacks to [20,8,1], and edges name their type on hover', async () => {
    const { page, problems } = await open(browser, files.steps!);
    await page.fill('.agv-search', 'ListStack');
    await page.locator('.agv-results .agv-result').first().click();
    await ready(page);
    expect(await page.textContent('.agv-info .agv-name')).toBe('ListStack');
    expect(await page.textContent('.agv-info')).toContain('out: float32[20,8,1]');
    const titles = await page
      .locator('svg.agv-svg g.edge a')
      .evaluateAll((els) =>
        els.map((e) => e.getAttribute('xlink:title') ?? e.getAttributeNS('http://www.w3.org/1999/xlink', 'title')),
      );
    expect(titles).toContain('float32[20,8,1]');
    expect(titles).toContain('xs: float32[20,8,1]');
    await shot(page, 'viewer-list-stack.png');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});
