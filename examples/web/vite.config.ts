// Vite config of the browser example: the autograph plugin converts the app's jit functions at build
// time (in place, so no eval at run time). Build: `npx vite build --config examples/web/vite.config.ts`
// (or `buildWebExample()` from build.ts). Needs src/plugin/vite-plugin. Produces the config.

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { autograph } from '../../src/plugin/vite-plugin.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  // Inside this repo autograph-ts is imported by path; an app importing 'autograph-ts' needs no options.
  plugins: [autograph({ importSources: [/(^|\/)src\/index(\.[jt]s)?$/], runtimeModule: here('../../src/plugin/runtime.ts') })],
  // Not minified, so that the page's toCode text reads as written.
  build: { outDir: here('dist'), emptyOutDir: true, target: 'es2022', minify: false, chunkSizeWarningLimit: 8000 },
  logLevel: 'warn',
});
