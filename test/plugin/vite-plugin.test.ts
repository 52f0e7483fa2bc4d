// The Vite plugin's transform hook, called directly on the fixture module (as Vite/Vitest would after
// stripping TS); the output is written to a .mjs and imported. Needs the plugin, app-source.
// Checks values, the returned source map, skipping node_modules and unrelated modules.

import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { autograph } from '../../src/plugin/vite-plugin.js';
import { AG_INDEX, AG_RUNTIME, BAD_LINE, EXPECTED, appSource, badSource, tmpDir } from './app-source.js';

const tmp = tmpDir('vite');
afterAll(() => tmp.remove());
const plugin = autograph({ importSources: [AG_INDEX], runtimeModule: AG_RUNTIME });

describe('vite plugin', () => {
  it('transform converts in place; the module runs staged with its closures', async () => {
    const file = join(tmp.dir, 'app.mjs');
    const out = plugin.transform.call(undefined, appSource(AG_INDEX), file);
    expect(out).not.toBeNull();
    expect(out!.map?.mappings.length).toBeGreaterThan(0);
    writeFileSync(file, out!.code);
    const mod = (await import(pathToFileURL(file).href)) as { results: () => unknown };
    expect(mod.results()).toEqual(EXPECTED);
  });

  it('skips node_modules, virtual modules and modules without autograph-ts', () => {
    expect(plugin.transform.call(undefined, appSource(AG_INDEX), '/x/node_modules/p/app.js')).toBeNull();
    expect(plugin.transform.call(undefined, appSource(AG_INDEX), '\0virtual:app.js')).toBeNull();
    expect(plugin.transform.call(undefined, 'export const a = 1;\n', '/x/a.ts')).toBeNull();
  });

  it('a conversion error names file:line', () => {
    const file = join(tmp.dir, 'bad.ts');
    expect(() => plugin.transform.call(undefined, badSource(AG_INDEX), file)).toThrow(`${file}:${BAD_LINE}:`);
  });
});
