// docs/api (generated from TSDoc by `npm run docs:api`) documents every public export.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';

describe('API reference', () => {
  it('docs/api/README.md lists every runtime export of src/index.ts', () => {
    const index = readFileSync(new URL('../../docs/api/README.md', import.meta.url), 'utf8');
    for (const name of Object.keys(ag)) expect(index, `docs/api lacks ${name}: run npm run docs:api`).toContain(`[${name}]`);
  });
});
