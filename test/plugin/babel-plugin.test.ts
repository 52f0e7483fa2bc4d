// The Babel plugin, driven the way @babel/core drives a plugin's Program visitor (parse → visitor →
// generate with source maps), on the fixture module; the output is written to a .mjs and imported.
// Needs the plugin, app-source. Checks values, no re-conversion, source maps, error locations.

import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from '@babel/parser';
import type * as t from '@babel/types';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import autographBabelPlugin from '../../src/plugin/babel-plugin.js';
import { generateCode } from '../../src/convert/util/babel.js';
import { isConvertedInPlace } from '../../src/plugin/runtime.js';
import { toCode } from '../../src/index.js';
import { AG_INDEX, AG_RUNTIME, BAD_LINE, EXPECTED, appSource, badSource, tmpDir } from './app-source.js';

const OPTS = { importSources: [AG_INDEX], runtimeModule: AG_RUNTIME };

function babel(code: string, filename: string): { code: string; map: unknown } {
  const ast = parse(code, { sourceType: 'module', sourceFilename: filename }) as unknown as t.File;
  const plugin = autographBabelPlugin(undefined, OPTS);
  plugin.visitor.Program({ node: ast.program, parent: ast }, { filename, file: { code, ast, opts: { filename } } });
  return generateCode(ast, { sourceMaps: true, sourceFileName: filename }, code);
}

const tmp = tmpDir('babel');
afterAll(() => tmp.remove());

describe('babel plugin', () => {
  it('converts closures over a module constant and an imported tf in place; they run staged', async () => {
    const src = appSource(AG_INDEX);
    const out = babel(src, join(tmp.dir, 'app.mjs'));
    expect(out.code).toContain('ag__.ifStmt');
    expect(out.code).toContain('ag__.add(x, delta)'); // `delta` stays a lexical reference
    const file = join(tmp.dir, 'app.mjs');
    writeFileSync(file, out.code);
    const mod = (await import(pathToFileURL(file).href)) as {
      results: () => unknown;
      h: unknown;
      f: { pythonFunction: unknown };
    };
    expect(mod.results()).toEqual(EXPECTED);
    expect(isConvertedInPlace(mod.h)).toBe(true);
    // An in-place function's text is its generated code. toCode re-converts fn.toString() and so
    // stops at the reserved `ag__` until src/api/to-code.ts returns that text for them (see report).
    expect(Function.prototype.toString.call(mod.h)).toContain('ag__.whileStmt');
    let code: string | undefined;
    try {
      code = toCode(mod.h as never);
    } catch (e) {
      expect((e as { id?: string }).id).toBe('convert/reserved-name');
    }
    if (code !== undefined) expect(code).toContain('ag__.whileStmt');
  });

  it('keeps source maps: generated code maps to the original lines', () => {
    const src = appSource(AG_INDEX);
    const out = babel(src, 'app.mjs');
    const lines = out.code.split('\n');
    const at = lines.findIndex((l) => l.includes('ag__.add(x, delta)'));
    const col = lines[at]!.indexOf('x, delta');
    const pos = originalPositionFor(new TraceMap(out.map as never), { line: at + 1, column: col });
    expect(pos.line).toBe(7); // `x = x + delta;` in the fixture
  });

  it('a conversion error points at file:line of the input', () => {
    const file = join(tmp.dir, 'bad.mjs');
    expect(() => babel(badSource(AG_INDEX), file)).toThrow(`${file}:${BAD_LINE}:`);
  });

  it('keeps functions as written: a module without autograph-ts only gains twins; jit(fn, { autograph: false }) stays plain', () => {
    const plain = `function f(x) { if (x > 0) return 1; return 2; }\nexport default f;\n`;
    const out = babel(plain, 'p.mjs').code;
    expect(out).toContain('function f(x) {\n  if (x > 0) return 1;\n  return 2;\n}');
    expect(out).toMatch(/ag__twin\(f, function f\(x\) \{\n\s+let do_return/);
    const off = `import { jit } from '${AG_INDEX}';\nexport const k = jit((x) => { if (x > 0) return 1; return 2; }, { autograph: false });\n`;
    const offOut = babel(off, 'o.mjs').code;
    expect(offOut).not.toContain('ag__markInPlace');
    expect(offOut).toContain('if (x > 0) return 1;');
  });
});
