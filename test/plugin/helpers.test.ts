// Helpers that a target calls by name are converted in place too (transitively), so their closures
// survive and no run-time conversion (`new Function`) is needed; a helper the converter rejects stays
// as written. Needs transform-source, app-source. Checks the transformed text and that it runs.

import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSource } from '../../src/plugin/transform-source.js';
import { AG_INDEX, AG_RUNTIME, tmpDir } from './app-source.js';

const OPTS = { importSources: [AG_INDEX], runtimeModule: AG_RUNTIME };
const tmp = tmpDir('helpers');
afterAll(() => tmp.remove());

const SOURCE = `import * as tf from '@tensorflow/tfjs';
import { jit } from '${AG_INDEX}';
const cap = 8;
function clip(x) {
  if (tf.max(x) > cap) {
    return tf.minimum(x, cap);
  }
  return x;
}
const grow = (x) => clip(x * 3);
function legacy(x) {
  return eval('x');
}
function unused(x) {
  if (x > 0) return 1;
  return 2;
}
export const f = jit((x) => grow(x) + 1);
export const g = jit((x) => legacy(x));
export { clip, grow, legacy, unused };
`;

describe('helpers called from targets', () => {
  it('convert transitively; an unconvertible helper and an uncalled function stay as written', async () => {
    const out = transformSource(SOURCE, { ...OPTS, filename: join(tmp.dir, 'helpers.mjs') });
    expect(out).not.toBeNull();
    expect([...out!.converted].sort()).toEqual(['clip', 'f', 'g', 'grow']);
    expect(out!.code).toContain('ag__markInPlace(clip');
    expect(out!.code).toContain('ag__markInPlace(x => ag__.convertedCall(clip');
    expect(out!.code).toContain("return eval('x');"); // legacy: left to the run-time path
    expect(out!.code).toContain('if (x > 0) return 1;'); // unused: not a target, not called by one
    const file = join(tmp.dir, 'helpers.mjs');
    writeFileSync(file, out!.code);
    const tf = await import('@tensorflow/tfjs');
    const { isConvertedInPlace } = await import('../../src/plugin/runtime.js');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const mod = (await import(pathToFileURL(file).href)) as Record<string, any>;
    expect(mod.f(tf.tensor([1, 5])).arraySync()).toEqual([4, 9]); // [3, 15] → clipped to [3, 8], + 1
    expect(mod.f(tf.tensor([1, 2])).arraySync()).toEqual([4, 7]);
    expect(mod.f.traceCount).toBe(1); // clip's if was staged inside f's trace
    expect(isConvertedInPlace(mod.clip)).toBe(true);
    expect(isConvertedInPlace(mod.grow)).toBe(true);
    expect(isConvertedInPlace(mod.legacy)).toBe(false);
    expect(isConvertedInPlace(mod.unused)).toBe(false);
  });
});
