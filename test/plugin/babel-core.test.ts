// The Babel plugin through the real @babel/core (`transformAsync` with `plugins: [plugin]` and source
// maps), on a module that imports `jit` under another local name and closes over a module constant and
// an imported `tf`. The output runs (written to a .mjs and imported; and in a child Node with
// --enable-source-maps for stack traces). Needs @babel/core, the plugin, app-source.
// Checks values, the output's source map, and that thrown errors and staged asserts name original lines.

import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as babel from '@babel/core';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import autographBabelPlugin from '../../src/plugin/babel-plugin.js';
import { isConvertedInPlace } from '../../src/plugin/runtime.js';
import { AG_INDEX, AG_RUNTIME, ROOT, tmpDir } from './app-source.js';

const OPTS = { importSources: [AG_INDEX], runtimeModule: AG_RUNTIME };

/** The user module; its line numbers are what the assertions below name. */
const SOURCE = `import * as tf from '@tensorflow/tfjs';
import { jit as compile, assert as check } from '${AG_INDEX}';
const scale = 3;
const limit = 100;
export const shift = compile((x) => {
  let y = x;
  while (tf.sum(y) < limit) {
    y = y * scale;
  }
  return y;
});
export const guarded = compile((x) => {
  check(tf.min(x) > 0, 'x must be positive');
  return tf.sqrt(x) + scale;
});
export const thrower = compile((x) => {
  if (scale > 2) {
    throw new RangeError('scale too large');
  }
  return x;
});
`;
const LINE = { mul: 8, check: 13, throw: 18 };

const tmp = tmpDir('babel-core');
afterAll(() => tmp.remove());

async function transform(filename: string): Promise<babel.BabelFileResult> {
  const out = await babel.transformAsync(SOURCE, {
    plugins: [[autographBabelPlugin, OPTS]],
    sourceMaps: true,
    filename,
    babelrc: false,
    configFile: false,
  });
  if (!out?.code || !out.map) throw new Error('babel produced no code or map');
  return out;
}

function withInlineMap(out: babel.BabelFileResult): string {
  return `${out.code}\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify(out.map)).toString('base64')}\n`;
}

describe('babel plugin through @babel/core', () => {
  it('converts jit imported as `compile`; closures over a module constant and tf run staged', async () => {
    const file = join(tmp.dir, 'values.mjs');
    const out = await transform(file);
    expect(out.code).toContain('ag__.whileStmt');
    expect(out.code).toContain('ag__.mul(y, scale)'); // `scale` stays a lexical reference
    writeFileSync(file, withInlineMap(out));
    const tf = await import('@tensorflow/tfjs');
    await tf.setBackend('cpu');
    type Jit = ((x: unknown) => { arraySync(): unknown }) & { traceCount: number; pythonFunction: unknown };
    const mod = (await import(pathToFileURL(file).href)) as Record<string, Jit>;
    expect(mod.shift!(tf.tensor([1, 2])).arraySync()).toEqual([81, 162]); // sums 3, 9, 27, 81 < 100, then 243
    expect(mod.shift!(tf.tensor([50, 60])).arraySync()).toEqual([50, 60]);
    expect(mod.shift!.traceCount).toBe(1); // one trace: the while was staged, not unrolled
    expect(mod.guarded!(tf.tensor([4, 9])).arraySync()).toEqual([5, 6]);
    expect(isConvertedInPlace(mod.shift!.pythonFunction)).toBe(true); // jit got the converted function itself
  });

  it('the source map maps the generated code back to the original lines', async () => {
    const out = await transform(join(tmp.dir, 'map.mjs'));
    const lines = out.code!.split('\n');
    const traced = new TraceMap(out.map as never);
    const origLine = (needle: string): number | null => {
      const at = lines.findIndex((l) => l.includes(needle));
      expect(at).toBeGreaterThanOrEqual(0);
      return originalPositionFor(traced, { line: at + 1, column: lines[at]!.indexOf(needle) }).line;
    };
    expect(origLine('ag__.mul(y, scale)')).toBe(LINE.mul);
    expect(origLine("'x must be positive'")).toBe(LINE.check);
    expect(origLine("new RangeError('scale too large')")).toBe(LINE.throw);
  });

  it('a thrown error and a failed staged assert name the original lines (child node, --enable-source-maps)', async () => {
    const file = join(tmp.dir, 'errors.mjs');
    writeFileSync(file, withInlineMap(await transform(file)));
    const main = join(tmp.dir, 'main.mjs');
    writeFileSync(
      main,
      `import * as tf from '@tensorflow/tfjs';
import { guarded, thrower } from './errors.mjs';
await tf.setBackend('cpu');
const report = (e) => console.log(JSON.stringify({ id: e.id ?? null, message: e.message, stack: e.stack }));
try { thrower(tf.scalar(1)); } catch (e) { report(e); }
try { guarded(tf.tensor([1, -1])); } catch (e) { report(e); }
`,
    );
    const r = spawnSync(process.execPath, ['--enable-source-maps', '--import', 'tsx', main], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 120_000,
    });
    const reports = r.stdout
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { id: string | null; message: string; stack: string });
    expect(reports, r.stderr).toHaveLength(2);
    const [thrown, asserted] = reports as [(typeof reports)[0], (typeof reports)[0]];
    expect(thrown.message).toBe('scale too large');
    expect(thrown.stack).toContain(`${file}:${LINE.throw}:`);
    expect(asserted.id).toBe('runtime/assert-failed');
    expect(asserted.message).toContain('x must be positive');
    expect(asserted.message).toContain(`${file}:${LINE.check}:`);
  });
});
