// What tfjs-examples' programs met first, from this checkout: a module with an async jit function
// imports (its call gives the catalogued error and a hint), a named function expression in a .ts
// file converts in place, `scope` reaches the callees converted at run time from in-place code, a
// refused helper is not converted again on each call, a tensor break in a for loop is named as such,
// JS arithmetic on a JS array warns of its NaN, onSymbolicRead: 'eager' runs lstm's sample(); the
// same module under tsx alone (run-time conversion); and an uncaught AutographError prints as one
// block. Child processes: node --import tsx [--import register.ts] app.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AG_INDEX, ROOT, tmpDir } from './app-source.js';
import { DEFECTS_TS, UNCAUGHT_LINE, UNCAUGHT_TS, expectedDefects } from '../package/real-program-sources.js';
import { transformSource } from '../../src/plugin/transform-source.js';
import { markConversionFailed } from '../../src/runtime/do-not-convert.js';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

const tmp = tmpDir('real-programs');
afterAll(() => tmp.remove());

function runNode(file: string, loader: boolean): { status: number | null; stdout: string; stderr: string } {
  const imports = loader ? ['--import', 'tsx', '--import', './src/plugin/register.ts'] : ['--import', 'tsx'];
  const r = spawnSync(process.execPath, [...imports, file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, AUTOGRAPH_IMPORT_SOURCES: AG_INDEX, NODE_OPTIONS: '', AG_DEBUG: '' },
    timeout: 240_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const lastJson = (out: string): unknown => JSON.parse(out.trim().split('\n').pop()!);

describe('real programs, from this checkout', () => {
  it('under the loader: async jit imports, named function expressions convert in place, scope reaches run-time callees', () => {
    const file = join(tmp.dir, 'defects.ts');
    writeFileSync(file, DEFECTS_TS(AG_INDEX));
    const r = runNode(file, true);
    expect(r.status, r.stderr).toBe(0);
    expect(lastJson(r.stdout)).toEqual(expectedDefects('loader'));
  });

  it('with run-time conversion (tsx alone): the same module, the same errors and values', () => {
    const file = join(tmp.dir, 'defects-runtime.ts');
    writeFileSync(file, DEFECTS_TS(AG_INDEX));
    const r = runNode(file, false);
    expect(r.status, r.stderr).toBe(0);
    expect(lastJson(r.stdout)).toEqual(expectedDefects('tsx'));
  });

  it('an uncaught AutographError prints as one block: message, location, code frame, hint, user frames', () => {
    const file = join(tmp.dir, 'uncaught.ts');
    writeFileSync(file, UNCAUGHT_TS(AG_INDEX));
    const r = runNode(file, true);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('[trace/symbolic-read]');
    expect(r.stderr).toContain(`${file}:${UNCAUGHT_LINE}:`);
    // The code frame once (not again inside a dump of location.frame), no property dump, no built-in frames.
    expect(r.stderr.match(new RegExp(`^>\\s+${UNCAUGHT_LINE} \\|`, 'gm'))).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\b(id|kind|summary|location): /);
    expect(r.stderr).not.toContain('hint: undefined');
    expect(r.stderr).not.toContain('(<anonymous>)');
    expect(r.stderr).toMatch(/hint: compute with tensor ops/);
  });
});

describe('the in-place transform', () => {
  // What tsx (esbuild with keepNames) makes of `ag.jit(function double(x) {…})` and of
  // `const f = function g() {…}` in a .ts file.
  const KEPT_NAMES = `import * as ag from 'autograph-ts';
var __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });
const k = 2;
export const f = ag.jit(/* @__PURE__ */ __name(function double(x) { if (x > 0) return x * k; return x; }, "double"));
const g = /* @__PURE__ */ __name(function half(x) { if (x > 0) return x / k; return x; }, "half");
export const h = ag.jit(g);
`;

  it("finds functions inside esbuild's __name wrapper and marks them where they stand", () => {
    const out = transformSource(KEPT_NAMES, { filename: '/app/kept.js' });
    expect(out?.converted).toEqual(['double', 'g']);
    expect(out!.code).toMatch(/__name\(ag__markInPlace\(function double\(x\)/);
    expect(out!.code).toMatch(/__name\(ag__markInPlace\(function half\(x\)/);
    expect(out!.code).toContain('ag__.ifStmt(');
  });

  const ASYNC = `import * as ag from 'autograph-ts';
export const train = ag.jit(async (x) => {
  await 1;
  return x;
});
`;

  it('throws a conversion error by default (bundlers fail the build)', () => {
    expect(() => transformSource(ASYNC, { filename: '/app/a.js' })).toThrow(
      /an async function is not supported[\s\S]*\/app\/a\.js:2:/,
    );
  });

  it('with errorsAtCall (the Node loader) leaves the function as written, marked with its error', () => {
    const out = transformSource(ASYNC, { filename: '/app/a.js', errorsAtCall: true });
    expect(out?.converted).toEqual(['train']);
    expect(out!.code).toContain('markConversionFailed as ag__markConversionFailed');
    expect(out!.code).toMatch(/ag__markConversionFailed\(async x => \{\n\s+await 1;/);
  });

  it('jit and toGraph raise the recorded error when the marked function is called, every time', () => {
    const recorded = JSON.stringify({
      id: 'convert/unsupported-syntax',
      kind: 'conversion',
      summary: 'an async function is not supported in converted code',
      hint: 'h',
      location: { file: '/app/a.js', line: 2, column: 29, functionName: 'train' },
    });
    const fn = markConversionFailed(async (x: unknown) => x, recorded);
    const f = ag.jit(fn);
    for (let i = 0; i < 2; i++) {
      let caught: unknown;
      try {
        f(1);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(AutographError);
      expect((caught as AutographError).id).toBe('convert/unsupported-syntax');
      expect((caught as AutographError).location).toMatchObject({ file: '/app/a.js', line: 2, column: 29 });
    }
    expect(() => ag.toGraph(fn)).toThrow(/\/app\/a\.js:2:29 in train/);
  });
});
