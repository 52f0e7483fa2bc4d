// The loader's disk cache of transforms: the same text and key are transformed once (a null result
// too), another text or key is transformed again, and AUTOGRAPH_CACHE=0 transforms every time.
import { afterEach, describe, expect, it } from 'vitest';
import { cachedTransform } from '../../src/plugin/transform-cache.js';

afterEach(() => {
  delete process.env.AUTOGRAPH_CACHE;
});

/** A module text no other run has cached. */
const fresh = (tag: string): string =>
  `export const k = ${JSON.stringify(`${tag}-${process.pid}-${Date.now()}-${Math.random()}`)};\n`;

describe('cachedTransform', () => {
  it('transforms a text once per key, a null result included', () => {
    let calls = 0;
    const code = fresh('a');
    const out = (key: string, result: string | null): string | null =>
      cachedTransform(code, key, () => (calls++, result));
    expect(out('k1', 'converted')).toBe('converted');
    expect(out('k1', 'other')).toBe('converted');
    expect(calls).toBe(1);
    expect(out('k2', null)).toBeNull();
    expect(out('k2', 'other')).toBeNull();
    expect(calls).toBe(2);
    expect(cachedTransform(fresh('b'), 'k1', () => (calls++, 'b'))).toBe('b');
    expect(calls).toBe(3);
  });

  it('AUTOGRAPH_CACHE=0 transforms every time', () => {
    process.env.AUTOGRAPH_CACHE = '0';
    let calls = 0;
    const code = fresh('c');
    for (let i = 0; i < 3; i++) expect(cachedTransform(code, 'k', () => `out ${++calls}`)).toBe(`out ${i + 1}`);
    expect(calls).toBe(3);
  });
});
