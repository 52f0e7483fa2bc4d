// The Node loader: child processes `node --import tsx --import ./src/plugin/register.ts app.{mjs,ts}`
// (tsx first: it strips TS, then our hook converts), and the published JS loader alone, which brings
// tsx in itself. Needs tsx, esbuild (to build that JS), app-source. Checks the values, that conversion
// errors and staged asserts name file:line of the original .ts, and that stack traces map to it.

import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { AG_INDEX, AG_RUNTIME, BAD_LINE, EXPECTED, ROOT, appSource, badSource, tmpDir } from './app-source.js';

const tmp = tmpDir('loader');
afterAll(() => tmp.remove());

function runNode(file: string, extra: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...extra, '--import', 'tsx', '--import', './src/plugin/register.ts', file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, AUTOGRAPH_IMPORT_SOURCES: AG_INDEX, NODE_OPTIONS: '' },
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lastJson = (out: string): unknown => JSON.parse(out.trim().split('\n').pop()!);

describe('node loader (register.ts)', () => {
  it('converts a plain .mjs module in place and runs it', () => {
    const file = join(tmp.dir, 'app.mjs');
    writeFileSync(file, `${appSource(AG_INDEX)}console.log(JSON.stringify(results()));\n`);
    const r = runNode(file);
    expect(r.stderr).not.toMatch(/Error/);
    expect(lastJson(r.stdout)).toEqual(EXPECTED);
  });

  it('composes with tsx for a .ts module', () => {
    const file = join(tmp.dir, 'app.ts');
    writeFileSync(file, `${appSource(AG_INDEX, true)}console.log(JSON.stringify(results()));\n`);
    const r = runNode(file);
    expect(lastJson(r.stdout)).toEqual(EXPECTED);
  });

  it('a module whose jit function cannot be converted imports; the call raises the error at the original .ts line', () => {
    const file = join(tmp.dir, 'bad.ts');
    writeFileSync(file, `${badSource(AG_INDEX)}console.log('imported');\nbad(1);\n`);
    const r = runNode(file);
    expect(r.stdout).toContain('imported');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('[convert/unsupported-syntax]');
    expect(r.stderr).toContain(`${file}:${BAD_LINE}:`);
    expect(r.stderr).toContain(`> ${BAD_LINE} |   return eval('y');`);
  });

  it('stack traces of converted code point at the original lines (--enable-source-maps)', () => {
    const file = join(tmp.dir, 'throws.ts');
    writeFileSync(
      file,
      `import * as tf from '@tensorflow/tfjs';
import { jit } from '${AG_INDEX}';
const limit: number = 3;
export const k = jit((x: tf.Tensor) => {
  if (limit > 2) {
    throw new Error('boom');
  }
  return x;
});
k(tf.scalar(1));
`,
    );
    const r = runNode(file, ['--enable-source-maps']);
    expect(r.stderr).toContain(`${file}:6:`);
  });

  it('`node --import <register.js> app.ts` alone: the published (JS) loader brings tsx in itself', async () => {
    // register.ts and loader-hooks.ts as the package ships them (JS), into a folder of their own.
    const out = join(tmp.dir, 'published');
    await build({
      entryPoints: [join(ROOT, 'src/plugin/register.ts'), join(ROOT, 'src/plugin/loader-hooks.ts')],
      outdir: out,
      bundle: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      logLevel: 'silent',
    });
    const file = join(tmp.dir, 'alone.ts');
    writeFileSync(file, `${appSource(AG_INDEX, true)}console.log(JSON.stringify(results()));\n`);
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(out, 'register.js')).href, file], {
      cwd: ROOT,
      encoding: 'utf8',
      // The runtime module of this checkout (a .ts, loaded through the tsx that register.js registered).
      env: {
        ...process.env,
        AUTOGRAPH_IMPORT_SOURCES: AG_INDEX,
        AUTOGRAPH_RUNTIME_MODULE: pathToFileURL(AG_RUNTIME).href,
        NODE_OPTIONS: '',
      },
      timeout: 120_000,
    });
    expect(r.stderr).not.toMatch(/Error/);
    expect(lastJson(r.stdout)).toEqual(EXPECTED);
  });

  it('a failed staged assert names file:line:column of the original .ts', () => {
    const file = join(tmp.dir, 'asserts.ts');
    writeFileSync(
      file,
      `import * as tf from '@tensorflow/tfjs';
import { jit, assert } from '${AG_INDEX}';
const floor: number = 0;
export const k = jit((x: tf.Tensor) => {
  const y: any = tf.sum(x);
  assert(y > floor, 'sum must be positive');
  return y;
});
console.log(k(tf.tensor([1, 2])).arraySync());
try { k(tf.tensor([1, -2])); } catch (e) { console.log(JSON.stringify({ id: (e as any).id, message: (e as Error).message })); }
`,
    );
    const r = runNode(file, ['--enable-source-maps']);
    const lines = r.stdout.trim().split('\n');
    expect(lines[lines.length - 2]).toBe('3');
    const err = JSON.parse(lines[lines.length - 1]!) as { id: string; message: string };
    expect(err.id).toBe('runtime/assert-failed');
    expect(err.message).toContain('sum must be positive');
    expect(err.message).toContain(`${file}:6:3`); // `assert(` on line 6, column 3
  });
});
