// Builds the browser example with Vite's JS API (the autograph plugin converts its jit functions at
// build time). Run: `npx tsx examples/web/build.ts [outDir]` (default examples/web/dist).
// Needs vite, vite.config.ts beside this file. Produces `buildWebExample(outDir)`.

import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const CONFIG = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

/** Builds the page into `outDir` (emptied first); resolves when the files are written. */
export async function buildWebExample(outDir?: string, logLevel: 'info' | 'warn' | 'error' | 'silent' = 'warn'): Promise<void> {
  await build({ configFile: CONFIG, logLevel, ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}) });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebExample(process.argv[2], 'info');
}
