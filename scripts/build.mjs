// `npm run build` (also run by `npm pack` through prepack): dist/ for the package. The JS is bundled
// with esbuild (one file per entry point plus shared chunks, every package left external), because
// Node loads a few files much faster than the ~390 modules of src/ (import time is a budget); the
// type declarations come from tsc, one .d.ts per module. Also copies the plain-JS module the CLI
// registers as Node hooks, and marks the CLI executable; package.json's version goes into the bundles
// as `ag.version`. Needs esbuild, typescript.
import { chmodSync, copyFileSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
/** `ag.version` (src/platform/version.ts): package.json's version, written into the bundles. */
const define = {
  __AUTOGRAPH_VERSION__: JSON.stringify(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version),
};

/** The package's entry points (package.json "exports" and "bin"), and the loader's hooks module. */
const ENTRIES = [
  'index',
  'browser',
  'convert/index',
  'install/export',
  'install/viewer',
  'plugin/runtime',
  'plugin/runtime-browser',
  'plugin/register',
  'plugin/loader-hooks',
  'plugin/babel-plugin',
  'plugin/vite-plugin',
  'cli/bin',
];

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: ENTRIES.map((e) => `${root}src/${e}.ts`),
  outbase: `${root}src`,
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  sourcesContent: true,
  define,
  logLevel: 'warning',
});
// The editor plugin ("plugins": [{ "name": "autograph-ts/ts-plugin" }]): tsserver require()s plugins,
// so it is one CommonJS file whose module.exports is the plugin's init function.
await build({
  entryPoints: [`${root}src/check/ts-plugin.ts`],
  outfile: `${dist}/ts-plugin.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'es2022',
  packages: 'external',
  banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { ...define, 'import.meta.url': '__import_meta_url' },
  footer: { js: 'module.exports = module.exports.default;' },
  logLevel: 'warning',
});
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' });
copyFileSync(`${root}src/cli/scope-hooks.mjs`, `${dist}/cli/scope-hooks.mjs`);
chmodSync(`${dist}/cli/bin.js`, 0o755);
