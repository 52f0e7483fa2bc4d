// autograph-ts as a user gets it: `npm pack` of this checkout, installed from the tarball into
// separate apps beside tfjs from the npm registry, then used the way users use it — ESM import and
// `require`, the Node loader on a .ts file, the CLI from its built bin — on tfjs 4.22 and 4.21, and
// on tfjs-core with only its cpu backend; the regression module of what tfjs-examples programs met
// first (real-program-sources.ts), under the loader and with run-time conversion; the loader
// converting a program's classes, object methods and other modules (loader-program-sources.ts).
// Each app ends up with one tfjs-core; optional peers that are missing (tsx, onnxruntime-node) and
// the browser build's missing converter give their catalogued errors; nothing is printed that the
// user did not ask for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, createLogger } from 'vite';
import { App, makeApp, packTarball } from './apps.js';
import {
  SEEDS_MJS,
  SEEDS_CJS,
  APP_TS,
  LIB_TS,
  CJS_LOADER_APP,
  CORE_MJS,
  BROWSER_BUILD_MJS,
  WEB_INDEX,
  WEB_MAIN_TS,
  WEB_PLAIN_TS,
  THREADS_MJS,
} from './app-sources.js';
import { DEFECTS_TS, expectedDefects } from './real-program-sources.js';
import { CASES, LOADER_PROGRAM, assertAt } from './loader-program-sources.js';

const DEV = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;
const TSX = DEV['tsx']!;
/** typescript is an optional peer, for autograph check: the app that runs the checker installs it. */
const TYPESCRIPT = DEV['typescript']!;

let tarball = '';
let a: App; // ESM app on @tensorflow/tfjs 4.22 with tsx and typescript
let b: App; // CommonJS app on @tensorflow/tfjs 4.21, no tsx
let c: App; // ESM app on @tensorflow/tfjs-core + @tensorflow/tfjs-backend-cpu 4.22 only

const SETUP_MS = 15 * 60_000;

beforeAll(async () => {
  tarball = await packTarball();
  [a, b, c] = await Promise.all([
    makeApp('tfjs422', 'module', ['@tensorflow/tfjs@4.22.0', `tsx@${TSX}`, `typescript@${TYPESCRIPT}`, tarball]),
    makeApp('tfjs421', 'commonjs', ['@tensorflow/tfjs@4.21.0', tarball]),
    makeApp('core', 'module', ['@tensorflow/tfjs-core@4.22.0', '@tensorflow/tfjs-backend-cpu@4.22.0', tarball]),
  ]);
  a.write({
    'seeds.mjs': SEEDS_MJS,
    'threads.mjs': THREADS_MJS,
    'seeds.cjs': SEEDS_CJS,
    'app.ts': APP_TS,
    'lib.ts': LIB_TS,
    'defects.ts': DEFECTS_TS('autograph-ts'),
  });
  a.write(
    Object.fromEntries(Object.entries(LOADER_PROGRAM('autograph-ts')).map(([name, text]) => [`loaded/${name}`, text])),
  );
  b.write({ 'seeds.cjs': SEEDS_CJS, 'app.ts': APP_TS, 'app.js': CJS_LOADER_APP });
  c.write({ 'core.mjs': CORE_MJS, 'browser-build.mjs': BROWSER_BUILD_MJS });
}, SETUP_MS);

afterAll(async () => {
  await Promise.all([a, b, c].map((app) => app?.remove()));
}, SETUP_MS);

/** `npm ls` paths of a package in an app (one line per copy in its tree). */
async function copies(app: App, pkg: string): Promise<string[]> {
  const r = await app.npm(['ls', pkg, '--all', '--parseable']);
  return [...new Set(r.stdout.split('\n').filter((l) => l.endsWith(`node_modules/${pkg}`)))];
}

describe('the tarball', () => {
  it('holds the built package, its license and nothing of the tests or sources', () => {
    const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const f of [
      'package/package.json',
      'package/LICENSE',
      'package/README.md',
      'package/dist/index.js',
      'package/dist/browser.js',
      'package/dist/index.d.ts',
      'package/dist/cli/bin.js',
      'package/dist/plugin/register.js',
      'package/dist/convert/index.js',
    ]) {
      expect(list).toContain(f);
    }
    expect(list.filter((f) => /^package\/(src|test|bench|examples|docs)\//.test(f))).toEqual([]);
    const pkg = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as Record<string, Record<string, string>>;
    expect(Object.keys(pkg.dependencies!)).not.toContain('@tensorflow/tfjs');
    expect(Object.keys(pkg.dependencies!)).not.toContain('onnxruntime-node');
    expect(Object.keys(pkg.dependencies!)).not.toContain('tsx');
    expect(Object.keys(pkg.peerDependencies!)).toContain('@tensorflow/tfjs-core');
  });
});

describe('an ESM app on @tensorflow/tfjs 4.22', () => {
  it('has one tfjs-core', async () => {
    expect(await copies(a, '@tensorflow/tfjs-core')).toHaveLength(1);
  });

  it('imports it without Babel, jits the seed programs, and prints nothing it was not asked to', async () => {
    const r = await a.node(['seeds.mjs']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      'babel loaded at import: false',
      'collatz(27) = 111',
      'huber(0.5) = 0.125, huber(3) = 2.5',
      'squares(5) = 0,1,4,9,16',
      'grad through jit = 6',
      'babel loaded after a conversion: true',
      'tensors after 200 calls: +0',
    ]);
  });

  it("runs large matMuls on worker threads from its bundle, with one thread's values, and lets Node exit", async () => {
    const r = await a.node(['threads.mjs']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('threads: 2, workers started: 1, same values: true');
  });

  it('loads with require()', async () => {
    const r = await a.node(['seeds.cjs']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('collatz(27) = 111 (required)');
  });

  it('converts a .ts module in place under the Node loader (closures without scope)', async () => {
    const r = await a.node(['--import', 'autograph-ts/register', 'app.ts']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['huber(3) = 2.5', 'collatz(27) = 111']);
  });

  it('runs what tfjs-examples programs met first, under the Node loader and with run-time conversion (tsx alone)', async () => {
    for (const [args, mode] of [
      [['--import', 'autograph-ts/register'], 'loader'],
      [['--import', 'tsx'], 'tsx'],
    ] as const) {
      const r = await a.node([...args, 'defects.ts']);
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout.trim().split('\n').pop()!)).toEqual(expectedDefects(mode));
    }
  });

  it('the loader converts what it loads: class members, object methods, closures, .mts and .tsx modules, a k-means class', async () => {
    const r = await a.node(['--import', 'autograph-ts/register', 'loaded/main.ts']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    for (const name of CASES) expect(out[name], name).toMatchObject({ same: true });
    expect(out.assert).toEqual({ id: 'runtime/assert-failed', ...assertAt() });
    expect(out.kmeans).toEqual({ labels: true, centroids: true });
    expect(out.toCode).toBe(true);
    expect(out.warnings).toEqual([]);
  });

  it("README's TypeScript quick start passes `autograph check --strict` (plain tsc rejects it) and runs under the loader", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const quick = /^```ts\n([\s\S]*?)^```$/m.exec(readme.slice(readme.indexOf('## Quick start')))![1]!;
    const compilerOptions = {
      strict: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      noEmit: true,
      skipLibCheck: true,
    };
    a.write({ 'quick/app.ts': quick, 'quick/tsconfig.json': JSON.stringify({ compilerOptions, include: ['app.ts'] }) });
    const tsc = await a.node([join(a.dir, 'node_modules/typescript/bin/tsc'), '-p', 'quick']);
    expect(tsc.stdout).toMatch(/app\.ts\(\d+,\d+\): error TS2365/); // the operators on tensors, before
    const check = await a.npx(['autograph', 'check', 'quick', '--strict']);
    expect(check.stdout + check.stderr).toBe(''); // after
    expect(check.status).toBe(0);
    const run = await a.node(['--import', 'autograph-ts/register', 'quick/app.ts']);
    // tfjs's own banner (this app installs @tensorflow/tfjs without tfjs-node) is all it prints there.
    expect(
      run.stderr.replace(/=+\nHi, looks like you are running TensorFlow\.js in Node\.js\.[^\n]*\n=+/, '').trim(),
    ).toBe('');
    expect(run.stdout).toContain('111');
    expect(run.stdout).toContain('2.5');
    expect(run.stdout).toContain('graph collatz(%a: int32[])');
  });

  it('runs the CLI from its built bin', async () => {
    const r = await a.npx(['autograph', 'run', 'lib.ts#collatz', '--args', '27:int32']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('111');
    const v = await a.npx(['autograph', '--version']);
    expect(v.stdout.trim()).toBe(
      (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
    );
  });
});

describe('a CommonJS app on @tensorflow/tfjs 4.21 without tsx', () => {
  it('has one tfjs-core, and require() works on it', async () => {
    expect(await copies(b, '@tensorflow/tfjs-core')).toHaveLength(1);
    const r = await b.node(['seeds.cjs']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('collatz(27) = 111 (required)');
  });

  it('the Node loader on a .ts file says that tsx is needed', async () => {
    const r = await b.node(['--import', 'autograph-ts/register', 'app.ts']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('[plugin/tsx-missing]');
    expect(r.stderr).toContain('npm install --save-dev tsx');
  });

  it('the CLI on a .ts module says that tsx is needed', async () => {
    const r = await b.npx(['autograph', 'code', 'app.ts#collatz']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('[cli/needs-tsx]');
    expect(r.stderr).toContain('npm install --save-dev tsx');
  });

  it('the Node loader on a CommonJS module warns that it converts ES modules only, then runs it', async () => {
    const r = await b.node(['--import', 'autograph-ts/register', 'app.js']);
    expect(r.stderr).toContain('[plugin/commonjs-module]');
    expect(r.stdout.trim()).toBe('collatz(27) = 111 (commonjs, converted at run time)');
  });
});

describe('an app on @tensorflow/tfjs-core and its cpu backend only', () => {
  it('runs the seed programs, and gives the catalogued errors for missing optional parts', async () => {
    const r = await c.node(['core.mjs']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual([
      'collatz(27) = 111',
      'squares(5) = 0,1,4,9,16',
      'huber(3) = 2.5 (interpreter 2.5)',
      'onnxruntime: exec/onnxruntime-missing',
    ]);
  });

  it('the browser build has no converter and no exporters: a call that needs one says what to import', async () => {
    const r = await c.node(['--conditions=browser', 'browser-build.mjs']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual([
      'jit: convert/converter-missing',
      'hint names autograph-ts/convert: true',
      'toDot: export/exporter-missing, hint names autograph-ts/viewer and autograph-ts/export',
      'toONNX: export/exporter-missing, hint names autograph-ts/export',
      'toDot with autograph-ts/viewer: true',
      'toONNX with autograph-ts/viewer: export/exporter-missing, hint names autograph-ts/export',
      'toONNX with autograph-ts/export: true',
      'toGraphModel with autograph-ts/export: true',
    ]);
  });
});

describe('a Vite app converted in place at build time', () => {
  /** Builds `entry` of the app's web/ folder; its JS chunks and the warnings Vite and Rollup gave. */
  async function viteBuild(
    entry: string,
    withPlugin: boolean,
  ): Promise<{ chunks: { file: string; gzip: number; initial: boolean; modules: string[] }[]; warnings: string[] }> {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    const customLogger = {
      ...logger,
      warn: (m: string) => void warnings.push(m),
      warnOnce: (m: string) => void warnings.push(m),
    };
    const plugins = withPlugin
      ? [
          (
            (await import(
              join(a.dir, 'node_modules/autograph-ts/dist/plugin/vite-plugin.js')
            )) as typeof import('../../src/plugin/vite-plugin.js')
          ).autograph(),
        ]
      : [];
    const out = join(a.dir, `out-${entry}`);
    const res = await build({
      root: join(a.dir, 'web'),
      configFile: false,
      logLevel: 'warn',
      customLogger,
      plugins,
      build: {
        outDir: out,
        emptyOutDir: true,
        rollupOptions: { input: join(a.dir, 'web', `${entry}.html`), onwarn: (w) => void warnings.push(w.message) },
      },
    });
    const output = (Array.isArray(res) ? res : [res]).flatMap((r) => ('output' in r ? r.output : []));
    const chunks = output.flatMap((c) =>
      c.type === 'chunk'
        ? [{ file: c.fileName, gzip: gzipSync(c.code).length, initial: !c.isDynamicEntry, modules: c.moduleIds }]
        : [],
    );
    return { chunks, warnings };
  }

  it('ships no Babel, no Graphviz and no node: module, adds at most 142 kB gzipped to the same app on tfjs alone', async () => {
    a.write({
      'web/main.html': WEB_INDEX('main.ts'),
      'web/plain.html': WEB_INDEX('plain.ts'),
      'web/main.ts': WEB_MAIN_TS,
      'web/plain.ts': WEB_PLAIN_TS,
    });
    const withAg = await viteBuild('main', true);
    const alone = await viteBuild('plain', false);
    const modules = withAg.chunks.flatMap((c) => c.modules);
    expect(modules.some((m) => m.includes('/autograph-ts/dist/browser.js'))).toBe(true);
    expect(
      modules.filter((m) =>
        /[\\/]@babel[\\/]|[\\/]@viz-js[\\/]|^node:|[\\/]autograph-ts[\\/]dist[\\/](index|convert)/.test(m),
      ),
    ).toEqual([]);
    // The app's own warnings (tfjs alone is one chunk over Vite's 500 kB) are the same with autograph-ts.
    expect(withAg.warnings.filter((w) => !alone.warnings.includes(w))).toEqual([]);
    const size = (b: typeof withAg): number => b.chunks.filter((c) => c.initial).reduce((n, c) => n + c.gzip, 0);
    const added = size(withAg) - size(alone);
    expect(added).toBeGreaterThan(20_000); // the library is really in the bundle
    expect(added).toBeLessThanOrEqual(142_000); // measured 139,764 (docs/architecture.md)
  }, 300_000);
});
