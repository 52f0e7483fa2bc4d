// A page for headless Chromium made from one TypeScript entry: bundled by esbuild into one browser
// script (process.env defined for Babel; import.meta.url set to the entry's, for the Node-only paths a
// page never takes) beside an index.html that loads it. Used by the GPU targets' browser test and
// bench B14. Needs esbuild. Produces `buildPage` (the file: URL of the page).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Bundles `entry` into `dir`/page.js with an index.html titled `title`; returns the page's file: URL (a secure context, as WebGPU needs). */
export async function buildPage(entry: string, dir: string, title: string): Promise<string> {
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'page.js'),
    logLevel: 'error',
    define: {
      'process.env': '{"NODE_ENV":"production"}',
      'import.meta.url': JSON.stringify(pathToFileURL(entry).href),
    },
  });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>${title}</title><script src="page.js"></script>\n`,
  );
  return pathToFileURL(join(dir, 'index.html')).href;
}
