// Builds the browser example with Vite's JS API (the autograph plugin converts its jit functions at
// build time). Run: `npx tsx examples/web/build.ts [outDir]` (default examples/web/dist).
// Needs vite, vite.config.ts beside this file. Produces `buildWebExample(outDir)`: the warnings the
// build gave and the modules its JS chunks hold.

import { fileURLToPath } from 'node:url';
import { build, createLogger } from 'vite';

const CONFIG = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

export interface WebBuild {
  /** What Vite and Rollup warned about (printed too when the log level shows warnings). */
  readonly warnings: readonly string[];
  /** Every module id in the output's JS chunks, with whether its chunk is loaded on demand only. */
  readonly modules: readonly { readonly id: string; readonly lazy: boolean }[];
}

/** Builds the page into `outDir` (emptied first); resolves when the files are written. */
export async function buildWebExample(
  outDir?: string,
  logLevel: 'info' | 'warn' | 'error' | 'silent' = 'warn',
): Promise<WebBuild> {
  const warnings: string[] = [];
  const logger = createLogger(logLevel);
  const customLogger = {
    ...logger,
    warn: (msg: string, o?: Parameters<typeof logger.warn>[1]) => (warnings.push(msg), logger.warn(msg, o)),
    warnOnce: (msg: string, o?: Parameters<typeof logger.warnOnce>[1]) => (warnings.push(msg), logger.warnOnce(msg, o)),
  };
  const out = await build({
    configFile: CONFIG,
    logLevel,
    customLogger,
    ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  const modules = chunks.flatMap((c) =>
    c.type === 'chunk' ? c.moduleIds.map((id) => ({ id, lazy: c.isDynamicEntry && !c.isEntry })) : [],
  );
  return { warnings, modules };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWebExample(process.argv[2], 'info');
}
