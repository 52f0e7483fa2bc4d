// `node --import autograph-ts/register app.ts` (or app.js): registers loader-hooks.ts with
// `module.register`. TypeScript modules need tsx to strip types BEFORE our hook converts them: when
// tsx is not loaded yet (no `--import tsx`, not the tsx CLI) this module registers tsx's ESM hooks
// first, then ours, so the chain runs tsx → convert. `node --import tsx --import autograph-ts/register`
// works the same. Env: AUTOGRAPH_RUNTIME_MODULE, AUTOGRAPH_IMPORT_SOURCES (comma-separated; `/re/` for
// a RegExp). Needs node:module, tsx (optional: without it, JS modules only). Produces the registration.

import { register } from 'node:module';
import type { LoaderData } from './loader-hooks.js';

const here = import.meta.url;
const ext = here.endsWith('.ts') ? '.ts' : '.js';

/** Whether tsx's hooks are already in place (`--import tsx`, `--import tsx/esm`, the tsx CLI, or this file is .ts). */
function tsxLoaded(): boolean {
  if (ext === '.ts') return true;
  const args = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return args.some((a) => /(^|[\\/=])tsx([\\/]|$)/.test(a));
}

if (!tsxLoaded()) {
  try {
    const tsx = (await import('tsx/esm/api')) as { register: () => unknown };
    tsx.register();
  } catch {
    // tsx is not installed: plain JS modules still convert.
  }
}

const data: LoaderData = {
  // The runtime module next to this file, so the converted code shares this package's instance.
  runtimeModule: process.env.AUTOGRAPH_RUNTIME_MODULE ?? new URL(`./runtime${ext}`, here).href,
  importSources: (process.env.AUTOGRAPH_IMPORT_SOURCES ?? '').split(',').filter(Boolean),
};
register(new URL(`./loader-hooks${ext}`, here), { parentURL: here, data });
