// docs/api is generated from the code's TSDoc by `npm run docs:api`: this regenerates it into a
// temporary folder with the same command line and fails when any page differs (the reference is
// stale), and checks that it documents every runtime export of the package's entry.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = join(ROOT, 'docs/api');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}

describe('API reference', () => {
  const out = mkdtempSync(join(tmpdir(), 'ag-api-docs-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('docs/api is what `npm run docs:api` generates from the code now', () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts['docs:api']!;
    const args = script
      .split(/\s+/)
      .slice(1)
      .map((a, i, all) => (all[i - 1] === '--out' ? out : a));
    const typedoc = join(ROOT, 'node_modules/typedoc/bin/typedoc');
    execFileSync(process.execPath, [typedoc, ...args, '--logLevel', 'Error'], { cwd: ROOT, stdio: 'pipe' });
    const want = files(out)
      .map((f) => relative(out, f))
      .sort();
    const have = files(DOCS)
      .map((f) => relative(DOCS, f))
      .sort();
    expect(have, 'docs/api is stale: run npm run docs:api').toEqual(want);
    for (const f of want)
      expect(readFileSync(join(DOCS, f), 'utf8'), `docs/api/${f} is stale: run npm run docs:api`).toBe(
        readFileSync(join(out, f), 'utf8'),
      );
  }, 120_000);

  it('docs/api/README.md lists every runtime export of src/index.ts', () => {
    const index = readFileSync(join(DOCS, 'README.md'), 'utf8');
    for (const name of Object.keys(ag))
      expect(index, `docs/api lacks ${name}: run npm run docs:api`).toContain(`[${name}]`);
  });
});
