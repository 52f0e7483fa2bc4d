// The file order of the whole suite (test/helpers/sequencer.ts): every file named in SLOW_FILES exists,
// those files start first, slowest first, and every other file follows in the order vitest gave.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES, SlowestFirst } from './sequencer.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A test file as the sequencer sees it: its path, and a project with vitest's default settings. */
function spec(file: string): TestSpecification {
  return {
    moduleId: join(ROOT, file),
    project: { name: 'unit', config: { isolate: true, sequence: { groupOrder: 0 } } },
  } as unknown as TestSpecification;
}

describe('the order of the test files', () => {
  it('names only files that exist', () => {
    const missing = Object.keys(SLOW_FILES).filter((f) => !existsSync(join(ROOT, f)));
    expect(missing, 'renamed or removed: update SLOW_FILES in test/helpers/sequencer.ts').toEqual([]);
    expect(Object.keys(SLOW_FILES).length).toBeGreaterThan(10);
  });

  it('starts the slowest files first and keeps the order of the rest', async () => {
    // No results cache and no sizes: vitest's own order is the order given.
    const ctx = {
      config: { root: ROOT },
      cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
    } as unknown as Vitest;
    const slow = Object.keys(SLOW_FILES);
    const others = ['test/ir/walk.test.ts', 'test/opt/a-file.test.ts', 'test/trace/b-file.test.ts'];
    const given = [others[0]!, slow[3]!, others[1]!, slow[0]!, slow[2]!, others[2]!, slow[1]!];
    const sorted = await new SlowestFirst(ctx).sort(given.map(spec));
    const order = sorted.map((s) => s.moduleId.slice(ROOT.length));
    const seconds = order.slice(0, 4).map((f) => SLOW_FILES[f]!);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
    expect(new Set(order.slice(0, 4))).toEqual(new Set(slow.slice(0, 4)));
    expect(order.slice(4)).toEqual(others);
  });
});
