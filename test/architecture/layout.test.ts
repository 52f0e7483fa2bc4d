// The test tree mirrors src/ (docs/architecture.md, "Tests mirror src/"): each folder of test/ is a
// folder of src/ or one of the listed cross-cutting suites, and golden files follow one convention:
// a golden/ folder next to the test that compares them with toMatchFileSnapshot.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Suites that test the whole house rather than one folder of src/, and the tests' shared helpers. */
const CROSS_CUTTING = [
  'architecture',
  'browser',
  'conformance',
  'corpus',
  'examples',
  'fuzz',
  'hardening',
  'helpers',
  'in-place',
  'package',
  'semantics',
];

const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...files(p));
    } else out.push(p);
  }
  return out;
}

describe('the test tree', () => {
  it('has a folder per folder of src/ or a listed cross-cutting suite', () => {
    const src = new Set(folders('src'));
    const stray = folders('test').filter((f) => !src.has(f) && !CROSS_CUTTING.includes(f));
    expect(stray).toEqual([]);
  });

  it('keeps golden files in golden/ folders next to the tests that read them', () => {
    const all = files(path.join(ROOT, 'test')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
    expect(all.filter((f) => /\.expected\.|-golden\//.test(f))).toEqual([]);
    const targets: string[] = [];
    for (const f of all.filter((x) => x.endsWith('.test.ts'))) {
      for (const m of readFileSync(path.join(ROOT, f), 'utf8').matchAll(/toMatchFileSnapshot\(\s*(['`])([^'`]*)\1/g))
        targets.push(`${f}: ${m[2]}`);
    }
    expect(targets.length).toBeGreaterThanOrEqual(4);
    // A file snapshot is a golden/ file beside its test, or a generated document outside test/.
    const odd = targets.filter((t) => {
      const target = t.split(': ')[1]!;
      return !target.startsWith('golden/') && !target.startsWith('../../docs/');
    });
    expect(odd).toEqual([]);
  });
});
