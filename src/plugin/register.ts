// `node --import autograph-ts/register app.js`: registers loader-hooks.ts with `module.register`.
// With TypeScript, load tsx FIRST so its hook has stripped types when ours sees the module:
//   node --import tsx --import autograph-ts/register app.ts
// Env: AUTOGRAPH_RUNTIME_MODULE, AUTOGRAPH_IMPORT_SOURCES (comma-separated; `/re/` for a RegExp).

import { register } from 'node:module';
import type { LoaderData } from './loader-hooks.js';

const here = import.meta.url;
const ext = here.endsWith('.ts') ? '.ts' : '.js';
const data: LoaderData = {
  // The runtime module next to this file, so the converted code shares this package's instance.
  runtimeModule: process.env.AUTOGRAPH_RUNTIME_MODULE ?? new URL(`./runtime${ext}`, here).href,
  importSources: (process.env.AUTOGRAPH_IMPORT_SOURCES ?? '').split(',').filter(Boolean),
};
register(new URL(`./loader-hooks${ext}`, here), { parentURL: here, data });
