// `node --import autograph-ts/register app.ts` (or app.js): registers loader-hooks.ts with
// `module.register`. TypeScript modules need tsx to strip types BEFORE our hook converts them: when
// tsx is not loaded yet (no `--import tsx`, not the tsx CLI) this module registers tsx's ESM hooks
// first, then ours, so the chain runs tsx → convert. `node --import tsx --import autograph-ts/register`
// works the same. Env: AUTOGRAPH_RUNTIME_MODULE, AUTOGRAPH_IMPORT_SOURCES (comma-separated; `/re/` for
// a RegExp), AUTOGRAPH_TWINS=0 (convert only jit/toGraph targets and 'use autograph' functions). Needs node:module, tsx (an optional peer: without it JS modules convert, and a .ts module
// is the catalogued plugin/tsx-missing). Produces the registration.

import { register } from 'node:module';
import type { LoaderData } from './loader-hooks.js';
import { registerTsx } from './tsx.js';

const here = import.meta.url;
const ext = here.endsWith('.ts') ? '.ts' : '.js';

// This file itself being TypeScript means tsx is what runs it.
const tsx = ext === '.ts' || (await registerTsx());

const data: LoaderData = {
  // The runtime module next to this file, so the converted code shares this package's instance.
  runtimeModule: process.env.AUTOGRAPH_RUNTIME_MODULE ?? new URL(`./runtime${ext}`, here).href,
  importSources: (process.env.AUTOGRAPH_IMPORT_SOURCES ?? '').split(',').filter(Boolean),
  twins: process.env.AUTOGRAPH_TWINS !== '0',
  tsx,
};
register(new URL(`./loader-hooks${ext}`, here), { parentURL: here, data });
