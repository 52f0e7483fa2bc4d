// The Node module hooks the CLI loads its target through, registered once per process: the scope
// getter of scope-hooks.mjs (the module's top-level bindings, for functions converted at run time)
// and the Node loader's in-place conversion (plugin/loader-hooks.ts, exactly as `node --import
// autograph-ts/register` converts), so the module's closures stay lexical and its top-level code,
// jit calls included, runs once and works. Needs node:module. Produces `registerLoadHooks`.

import { register } from 'node:module';

const here = import.meta.url;
/** Under tsx the sources run as .ts; the built package (dist/cli/bin.js or a chunk of dist/) as .js. */
const ext = here.endsWith('.ts') ? '.ts' : '.js';

let registered = false;

/** Whether the Node loader is registered already (`node --import autograph-ts/register …`). */
function loaderActive(): boolean {
  const args = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return args.some((a) => /(^|[\\/=])autograph-ts[\\/]register$|[\\/]plugin[\\/]register\.[jt]s$/.test(a));
}

/**
 * Registers the hooks for loading `target` (a file URL): the scope getter first, so that the
 * loader, which runs after it, converts the module with its getter appended. `tsx` says whether
 * tsx's hooks are in place (a TypeScript module imported without them is `plugin/tsx-missing`).
 */
export function registerLoadHooks(target: string, tsx: boolean): void {
  if (registered) return;
  registered = true;
  // From src/cli/ and from any file of dist/ (bundled: an entry or a chunk), `../` is the package's root folder.
  register(new URL('../cli/scope-hooks.mjs', here), { data: { target } });
  if (loaderActive()) return;
  const data = {
    // The runtime module of this copy of autograph-ts, so converted code shares the CLI's instance.
    runtimeModule: process.env.AUTOGRAPH_RUNTIME_MODULE ?? new URL(`../plugin/runtime${ext}`, here).href,
    importSources: (process.env.AUTOGRAPH_IMPORT_SOURCES ?? '').split(',').filter(Boolean),
    twins: process.env.AUTOGRAPH_TWINS !== '0',
    tsx,
  };
  register(new URL(`../plugin/loader-hooks${ext}`, here), { parentURL: here, data });
}
