// The viewer of code converted in place, as a user of the packed tarball meets it: `cf.toHTML()` of a
// function the Node loader converted, and `cf.mountViewer()` in a page Vite built for production (the
// plugin converting at build time, then the minifier renaming), both opened in headless Chromium:
// the source pane shows the user's lines as written (types and all) under their line numbers, the
// title and the input carry the function's and parameter's own names, a node made in the loop says
// `viewer.ts:N in collatz`. And with a linked install (a workspace: the package's real path is
// outside node_modules, its source maps point at its src/), nodes and errors name the user's lines.
// Skipped without Chromium (the workspace part runs anyway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { App, makeApp, packTarball } from './apps.js';
import { chromiumAvailable, launchChromium } from '../helpers/chromium.js';
import { serveStatic, type StaticServer } from '../../examples/web/serve.js';
import { collatz } from '../corpus/index.js';
import { sourceOf } from '../corpus/source.js';

const DEV = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;
const TFJS = '@tensorflow/tfjs@4.22.0';

/** collatz as a user writes it (test/corpus's, typed), at lines 4–12 of each module below (its loop at 6, its if at 7). */
const COLLATZ = sourceOf(collatz, { types: false }).replace('collatz(a)', 'collatz(a: tf.Tensor | number)');
const FIRST = 4;
const WHILE_LINE = 6;
const IF_LINE = 7;

const VIEWER_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';
import { writeFileSync } from 'node:fs';
${COLLATZ}
const cf = ag.jit(collatz).getConcreteFunction(ag.spec([], 'int32'));
writeFileSync('collatz.html', await cf.toHTML());
`;

const WEB_MAIN_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';
import 'autograph-ts/viewer';
${COLLATZ}
async function main(): Promise<void> {
  ag.setGraphviz(() => import('@viz-js/viz'));
  const cf = ag.jit(collatz).getConcreteFunction(ag.spec([], 'int32'));
  await cf.mountViewer(document.getElementById('graph')!);
  document.body.dataset.params = cf.graph.params.map((p) => p.name).join(',');
  document.body.dataset.done = 'true';
}
main().catch((e: unknown) => { document.body.dataset.done = String(e); });
`;
const WEB_INDEX =
  '<!doctype html><html><body><div id="graph" style="height:800px"></div><script type="module" src="./main.ts"></script></body></html>\n';

/** In a linked install: where nodes of a traced function say they were made, and where an error points. */
const LINKED_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';
function step(x: tf.Tensor) {
  let y = x * 2;
  if (tf.sum(y) > 0) y = y + 1;
  return y;
}
const cf = ag.jit(step).getConcreteFunction(ag.spec([3]));
const where = new Set<string>();
const walk = (g: ag.ConcreteFunction['graph']): void => {
  for (const n of g.nodes) {
    if (n.options.source?.file) where.add(\`\${n.options.source.file}:\${n.options.source.line}\`);
    for (const sub of Object.values(n.subgraphs ?? {})) walk(sub);
  }
};
walk(cf.graph);
function reads(x: tf.Tensor) {
  return x.add(x.dataSync()[0]!);
}
let error = {};
try {
  ag.jit(reads)(tf.ones([2]));
} catch (e) {
  error = { id: (e as ag.AutographError).id, file: (e as ag.AutographError).location?.file, line: (e as ag.AutographError).location?.line };
}
console.log(JSON.stringify({ where: [...where], error }));
`;

let tarball = '';
let app: App;
let linked: App;

/** A workspace whose package autograph-ts is the unpacked tarball in packages/ (linked into node_modules). */
async function makeWorkspace(tgz: string): Promise<App> {
  const ws = new App(mkdtempSync(join(tmpdir(), 'ag-app-linked-')));
  execFileSync('mkdir', ['-p', join(ws.dir, 'packages')]);
  execFileSync('tar', ['-xzf', tgz, '-C', join(ws.dir, 'packages')]);
  execFileSync('mv', [join(ws.dir, 'packages/package'), join(ws.dir, 'packages/autograph-ts')]);
  // A checkout linked in has its dev dependencies installed; only the layout matters here, and
  // onnxruntime-node's install script needs a download from outside the registry.
  const pkgFile = join(ws.dir, 'packages/autograph-ts/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
  delete pkg.devDependencies;
  ws.write({
    'packages/autograph-ts/package.json': JSON.stringify(pkg, null, 2),
    'package.json': JSON.stringify(
      {
        name: 'app-linked',
        private: true,
        type: 'module',
        workspaces: ['packages/*'],
        dependencies: { '@tensorflow/tfjs': '4.22.0', tsx: DEV['tsx'], 'autograph-ts': '*' },
      },
      null,
      2,
    ),
  });
  const r = await ws.npm(['install', '--no-audit', '--no-fund', '--loglevel', 'error']);
  if (r.status !== 0) throw new Error(`npm install in the workspace failed:\n${r.stdout}\n${r.stderr}`);
  return ws;
}

beforeAll(async () => {
  tarball = await packTarball();
  [app, linked] = await Promise.all([
    makeApp('viewer-source', 'module', [TFJS, `tsx@${DEV['tsx']}`, `@viz-js/viz@${DEV['@viz-js/viz']}`, tarball]),
    makeWorkspace(tarball),
  ]);
  app.write({ 'viewer.ts': VIEWER_TS, 'web/index.html': WEB_INDEX, 'web/main.ts': WEB_MAIN_TS });
  linked.write({ 'linked.ts': LINKED_TS });
}, 15 * 60_000);

afterAll(async () => {
  await Promise.all([app?.remove(), linked?.remove()]);
}, 60_000);

/** The viewer on `page` shows collatz as written: title, source pane (file, line numbers, text), generated code. */
async function expectUserSource(page: Page, file: string): Promise<void> {
  expect(await page.textContent('.agv-title')).toBe('collatz(int32[])');
  expect(await page.textContent('.agv-src h2')).toBe(`Source · ${file}`);
  const line = (n: number) => page.locator(`.agv-src .agv-line[data-line="${n}"] .agv-text`).textContent();
  expect(await line(FIRST)).toBe('function collatz(a: tf.Tensor | number) {');
  expect(await line(WHILE_LINE)).toBe('  while (a != 1) {');
  expect(await page.locator('.agv-src .agv-line').count()).toBe(COLLATZ.split('\n').length);
  expect(await page.locator('.agv-gen .agv-line').count()).toBeGreaterThan(0);
}

/** Opens `url` and waits until `ready` holds in the page; page errors are collected. */
async function open(
  browser: BrowserContext,
  url: string,
  ready: () => boolean,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(ready, null, { timeout: 60_000 });
  return { page, errors };
}

describe.skipIf(!chromiumAvailable)('the viewer of code converted in place, in headless Chromium', () => {
  let browser: BrowserContext;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    browser = await launchChromium(app.dir, { width: 1400, height: 900 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('toHTML under the Node loader shows viewer.ts as written; a node in the loop says `in collatz` and lights its line', async () => {
    const r = await app.node(['--import', 'autograph-ts/register', 'viewer.ts']);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(join(app.dir, 'collatz.html'), 'utf8');
    const model = JSON.parse(/<script type="application\/json" id="ag-model">(.*?)<\/script>/s.exec(html)![1]!) as {
      nodes: { op: string; title: string }[];
    };
    expect(model.nodes.filter((n) => n.op === 'input').map((n) => n.title)).toEqual(['a']);
    const { page, errors } = await open(
      browser,
      pathToFileURL(join(app.dir, 'collatz.html')).href,
      () => document.getElementById('ag-viewer')?.dataset.ready === 'true',
    );
    await expectUserSource(page, 'viewer.ts');
    await page.fill('.agv-search', 'floordiv');
    await page.press('.agv-search', 'Enter');
    expect(await page.textContent('.agv-info .agv-name')).toBe('FloorDiv');
    expect(await page.textContent('.agv-info')).toContain(`viewer.ts:${IF_LINE} in collatz`);
    expect(await page.locator('.agv-src .agv-line.agv-hl').getAttribute('data-line')).toBe(String(IF_LINE));
    // Generated lines light too (mapped through the running script's source map).
    expect(await page.locator('.agv-gen .agv-line.agv-hl').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('mountViewer in a Vite production build shows main.ts as written, with the names the minifier changed', async () => {
    const { autograph } = (await import(
      join(app.dir, 'node_modules/autograph-ts/dist/plugin/vite-plugin.js')
    )) as typeof import('../../src/plugin/vite-plugin.js');
    const out = join(app.dir, 'web-dist');
    await build({
      root: join(app.dir, 'web'),
      configFile: false,
      logLevel: 'error',
      plugins: [autograph()],
      build: { outDir: out, emptyOutDir: true },
    });
    const js = readdirSync(join(out, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(out, 'assets', f), 'utf8'))
      .join('\n');
    expect(js).toContain('"collatz"'); // the name recorded beside the converted function…
    expect(js).not.toMatch(/function collatz\(a\)/); // …which the minifier renamed, with its parameter
    server = await serveStatic(out);
    const { page, errors } = await open(browser, server.url, () => document.body.dataset.done !== undefined);
    expect(await page.evaluate(() => document.body.dataset.done)).toBe('true');
    await expectUserSource(page, 'main.ts');
    expect(await page.evaluate(() => document.body.dataset.params)).toBe('a');
    // The loop's title lights its line in the source pane (the plugin wrote the line into the code).
    await page.click('button[data-act=fit]');
    await page.locator('svg g.ag-while-cluster text').first().click();
    await page.waitForFunction(() => document.getElementById('graph')?.getAttribute('data-ready') === 'true');
    expect(await page.locator('.agv-src .agv-line.agv-hl').getAttribute('data-line')).toBe(String(WHILE_LINE));
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});

describe('a linked install (a workspace)', () => {
  it("nodes and errors name the user's lines, not the library's own sources", async () => {
    const r = await linked.node(['--import', 'autograph-ts/register', 'linked.ts']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      where: string[];
      error: { id: string; file: string; line: number };
    };
    const user = join(linked.dir, 'linked.ts');
    expect(out.where.length).toBeGreaterThan(0);
    expect(out.where.filter((w) => !w.startsWith(`${user}:`))).toEqual([]);
    expect(out.where).toContain(`${user}:4`);
    expect(out.error).toEqual({ id: 'trace/symbolic-read', file: user, line: 18 });
  }, 120_000);
});
