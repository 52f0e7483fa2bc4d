// Replays every fuzzer fixture (test/fuzz/fixtures/*.json): the program must now agree on every
// path, or give exactly the catalogued error the fixture expects. Fixtures of open bugs run as
// it.fails, so the suite turns red once they are fixed. Needs fixtures, run-case.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { loadFixtures } from './fixtures.js';
import { checkCase } from './run-case.js';

await tf.setBackend('cpu');

describe('fuzzer regression fixtures', () => {
  const fixtures = loadFixtures();
  it('there are fixtures to replay', () => expect(fixtures.length).toBeGreaterThan(0));
  for (const f of fixtures) {
    const test = f.knownBug ? it.fails : it;
    test(`${f.name}${f.knownBug ? ` (open: ${f.knownBug})` : ''}`, () => {
      const { problems } = checkCase(f.case, { executors: f.executors });
      if (!f.expectError) {
        expect(problems, f.note).toEqual([]);
        return;
      }
      // Refused as the fixture expects: every problem is that catalogued error (per executor, or per input).
      expect(problems.length, f.note).toBeGreaterThan(0);
      const ids = problems.map((p) => /^jit \w+(?:, input \d+)?: AutographError \[([^\]]+)\]/s.exec(p)?.[1] ?? p);
      expect(new Set(ids), f.note).toEqual(new Set([f.expectError]));
    });
  }
});
