// The plain-JavaScript twins of the error fixtures (test/errors/fixtures/*.mjs) are generated from
// their .ts by `npm run fixtures:twins` (scripts/fixture-twins.ts): this fails when one is stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TWINS, twinOf, twinText } from '../../scripts/fixture-twins.js';

const ROOT = new URL('../../', import.meta.url);

describe('generated twins of the error fixtures', () => {
  for (const { from } of TWINS) {
    it(`${twinOf(from)} is what \`npm run fixtures:twins\` makes of ${from}`, () => {
      expect(
        readFileSync(new URL(twinOf(from), ROOT), 'utf8'),
        `${twinOf(from)} is stale: run npm run fixtures:twins`,
      ).toBe(twinText(from));
    });
  }
});
