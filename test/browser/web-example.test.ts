// The browser example (examples/web) end to end: built here with Vite's JS API (the autograph plugin
// converts its jit functions at build time), served by examples/web/serve.ts with a CSP that forbids
// 'unsafe-eval', and opened in headless Chromium (Debian's; .ci/run installs it, and the test skips
// without it). Checks the values in the DOM against eager tfjs, that the page showed the graph and
// the generated code, that no CSP violation, page error or console error happened, and that a
// screenshot is not blank; and that the graph viewer mounted in the page works under that CSP
// (search, info panel, collapse drawn again by Graphviz in the page) and names main.ts's lines.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumAvailable, ink, launchChromium } from '../helpers/chromium.js';
import { buildWebExample, type WebBuild } from '../../examples/web/build.js';
import { CSP, serveStatic, type StaticServer } from '../../examples/web/serve.js';

interface Problems {
  readonly violations: string[];
  readonly pageErrors: string[];
  readonly consoleErrors: string[];
}

/** Opens the page, recording CSP violations (reported from inside the page), page and console errors. */
async function open(browser: BrowserContext, url: string): Promise<{ page: Page; problems: Problems }> {
  const problems: Problems = { violations: [], pageErrors: [], consoleErrors: [] };
  const page = await browser.newPage();
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('pageerror', (e) => problems.pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.text().startsWith('CSP violation')) problems.violations.push(m.text());
    else if (m.type() === 'error') problems.consoleErrors.push(m.text());
  });
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('status')?.textContent !== 'running…', null, {
    timeout: 30_000,
  });
  return { page, problems };
}

/** Values of the table rows of `fn`: [input, computed, reference]. */
async function rows(page: Page, fn: string): Promise<number[][]> {
  return page.$$eval(`#values tr[data-fn="${fn}"]`, (trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => Number((td as HTMLElement).dataset.value))),
  );
}

describe.skipIf(!chromiumAvailable)('browser example (examples/web) in headless Chromium under a strict CSP', () => {
  let dir: string;
  let server: StaticServer;
  let browser: BrowserContext;
  let built: WebBuild;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ag-web-'));
    built = await buildWebExample(join(dir, 'dist'), 'error');
    server = await serveStatic(join(dir, 'dist'));
    browser = await launchChromium(dir, { width: 1100, height: 1400 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    // AG_KEEP_WEB=1 keeps the build and the screenshots (web-*.png) to look at.
    if (dir && !process.env.AG_KEEP_WEB) rmSync(dir, { recursive: true, force: true });
    else if (dir) console.log(`web example kept in ${dir}`);
  });

  it('builds without a warning, and ships no Babel, no converter and no node: module', () => {
    expect(built.warnings).toEqual([]);
    const ids = built.modules.map((m) => m.id);
    expect(ids.some((id) => /[\\/]src[\\/]browser\.ts$/.test(id))).toBe(true);
    // Graphviz is an asset the page fetches when it draws: in the JS, only its URL (`?url`).
    const code = ids.filter((id) => !id.endsWith('?url'));
    expect(
      code.filter((id) =>
        /[\\/]@babel[\\/]|[\\/]@viz-js[\\/]|^node:|[\\/]src[\\/]convert[\\/](passes|analysis|install)/.test(id),
      ),
    ).toEqual([]);
  });

  it('the server sends a CSP without unsafe-eval', async () => {
    const res = await fetch(server.url);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(CSP);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("'unsafe-inline'");
  });

  for (const backend of ['cpu', 'default'] as const) {
    it(`runs the converted functions (${backend === 'default' ? 'webgl if available, else cpu' : 'cpu'}) and shows values, graph and code`, async () => {
      const { page, problems } = await open(browser, backend === 'default' ? server.url : `${server.url}?backend=cpu`);
      expect(await page.textContent('#status')).toBe('done');
      expect(problems).toEqual({ violations: [], pageErrors: [], consoleErrors: [] });
      const used = await page.textContent('#backend');
      if (backend === 'cpu') expect(used).toBe('cpu');
      else expect(['webgl', 'cpu']).toContain(used);

      const huber = await rows(page, 'huberLoss');
      expect(huber.map((r) => r[0])).toEqual([-3, -0.5, 0, 0.25, 2]);
      const expected = [2.5, 0.125, 0, 0.03125, 1.5]; // |a| ≤ 1: a²/2, else |a| − 1/2
      huber.forEach((r, i) => {
        expect(r[1]).toBeCloseTo(expected[i]!, 5);
        expect(r[1]).toBeCloseTo(r[2]!, 5); // eager tfjs on the same backend
      });
      expect(await rows(page, 'collatz')).toEqual([[27, 111, 111]]);
      expect(await page.textContent('#traces')).toBe('huberLoss 1, collatz 1'); // staged, not unrolled

      const code = (await page.textContent('#code')) ?? '';
      expect(code).toContain('ag__.ifStmt');
      expect(code).toContain('ag__.whileStmt');
      expect(code).toMatch(/ag__\.le\([\w$.]*abs[\w$]*\(a\), delta\)/); // closures stay lexical
      expect(await page.locator('#graph svg g.node').count()).toBeGreaterThan(5);
      const labels = (await page.locator('#graph svg g.ag-cluster text').allTextContents())
        .join('\n')
        .replace(/\u00a0/g, ' ');
      expect(labels).toMatch(/while \(a != 1\) {2}· {2}main\.ts:\d+/);
      expect(labels).toMatch(/if \(a % 2 == 0\) {2}· {2}main\.ts:\d+/);
      expect(labels).not.toMatch(/assets\/|index-|\.js:/);
      // The viewer under this CSP: search, info panel, collapse (a new layout drawn in the page).
      await page.fill('#graph .agv-search', 'floordiv');
      expect(await page.textContent('#graph .agv-count')).toBe('1 match');
      await page.press('#graph .agv-search', 'Enter');
      expect(await page.textContent('#graph .agv-info .agv-name')).toBe('FloorDiv');
      await page.fill('#graph .agv-search', '');
      await page.click('#graph button[data-act=fit]');
      await page.locator('#graph svg g.ag-while-cluster text').first().click();
      await page.waitForFunction(
        () =>
          document.getElementById('graph')?.getAttribute('data-state') !== '' &&
          document.getElementById('graph')?.getAttribute('data-ready') === 'true',
      );
      expect(await page.locator('#graph svg g.node.ag-collapsed').count()).toBe(1);
      // AG_WRITE_IMAGES=1: the README's picture of the viewer inside this page.
      if (process.env.AG_WRITE_IMAGES === '1' && backend === 'cpu') {
        await page.click('#graph button[data-act=expand]');
        await page.waitForFunction(
          () =>
            document.getElementById('graph')?.getAttribute('data-state') === '' &&
            document.getElementById('graph')?.getAttribute('data-ready') === 'true',
        );
        const images = fileURLToPath(new URL('../../docs/images/', import.meta.url));
        mkdirSync(images, { recursive: true });
        writeFileSync(join(images, 'viewer-in-page.png'), await page.locator('#graph').screenshot());
      }
      // Its source pane shows collatz from main.ts; the loop's line is lit.
      expect(await page.locator('#graph .agv-src .agv-line.agv-hl').textContent()).toContain('while (a != 1)');
      expect(problems).toEqual({ violations: [], pageErrors: [], consoleErrors: [] });

      const png = await page.screenshot({ fullPage: true });
      writeFileSync(join(dir, `web-${backend}.png`), png);
      expect(await ink(page, png)).toBeGreaterThan(0.02);
      await page.close();
    }, 60_000);
  }

  it('undeclared, the compiled executor tries new Function once for the page, is refused, and interprets', async () => {
    const { page, problems } = await open(browser, `${server.url}?backend=cpu&codegen=probe`);
    expect(await page.textContent('#status')).toBe('done');
    // Two functions, two graphs: one blocked try in all (the answer is kept), then the interpreter.
    expect(problems.violations).toHaveLength(1);
    expect(problems.violations[0]).toContain('blocked eval');
    expect(problems.pageErrors).toEqual([]);
    expect(await page.textContent('#executor')).toBe('interpreter');
    expect((await rows(page, 'huberLoss')).map((r) => r[1])).toEqual([2.5, 0.125, 0, 0.03125, 1.5]);
    expect(await rows(page, 'collatz')).toEqual([[27, 111, 111]]);
    await page.close();
  }, 60_000);
});
