// Vite config of the browser example: the autograph plugin converts the app's jit functions at build
// time (in place, so no eval at run time) and keeps their generated code as text (`keepCode`), so
// the page's toCode reads as written although the bundle is minified; each tfjs package and
// autograph-ts get a chunk of their own. Build: `npx vite build --config examples/web/vite.config.ts`
// (or `buildWebExample()` from build.ts). Needs src/plugin/vite-plugin. Produces the config.

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { autograph } from '../../src/plugin/vite-plugin.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

const PACKAGES = ['tfjs-core', 'tfjs-backend-cpu', 'tfjs-backend-webgl'];
const chunkOf = (pkg: string) => ({ name: pkg, test: new RegExp(`[\\\\/]@tensorflow[\\\\/]${pkg}[\\\\/]`) });

export default defineConfig({
  root: here('.'),
  base: './',
  // Inside this repo autograph-ts is imported by path (its browser build, src/browser.ts); an app
  // importing 'autograph-ts' needs no options.
  plugins: [
    autograph({
      importSources: [/(^|\/)src\/browser(\.[jt]s)?$/],
      runtimeModule: here('../../src/plugin/runtime-browser.ts'),
      keepCode: true,
    }),
  ],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        codeSplitting: { groups: [...PACKAGES.map(chunkOf), { name: 'autograph-ts', test: /[\\/]src[\\/]/ }] },
      },
    },
  },
});
