// The loader converts what it loads (issue 31), from this checkout: a class's methods, getter, static
// method, class fields (an arrow, a jit of `this.run`), a bound method, a 'use autograph' method, an
// object-literal method, a factory's closure, a .mts and a .tsx module and a k-means class, reached
// from jit code, run converted with their closures (no scope, no warning) and give what plain JS gives
// on the same values; a staged assert in a method names its line of the .ts. Child process: node
// --import tsx --import register.ts main.ts (test/package runs the same app from the packed tarball).
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AG_INDEX, ROOT, tmpDir } from './app-source.js';
import { CASES, LOADER_PROGRAM, assertAt } from '../package/loader-program-sources.js';

const tmp = tmpDir('loader-classes');
afterAll(() => tmp.remove());

describe('the loader converts what it loads, from this checkout', () => {
  it('methods, accessors, fields, object methods, closures and other modules run converted, as plain JS on the same values', () => {
    for (const [name, text] of Object.entries(LOADER_PROGRAM(AG_INDEX))) writeFileSync(join(tmp.dir, name), text);
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', './src/plugin/register.ts', join(tmp.dir, 'main.ts')],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, AUTOGRAPH_IMPORT_SOURCES: AG_INDEX, NODE_OPTIONS: '', AG_DEBUG: '' },
        timeout: 240_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<
      string,
      { same?: boolean; got?: number[]; want?: number[] }
    >;
    for (const name of CASES) expect(out[name], name).toMatchObject({ same: true });
    const at = assertAt();
    expect(out.assert).toEqual({ id: 'runtime/assert-failed', ...at });
    expect(out.kmeans).toEqual({ labels: true, centroids: true });
    expect(out.toCode).toBe(true);
    expect(out.warnings).toEqual([]);
  });
});
