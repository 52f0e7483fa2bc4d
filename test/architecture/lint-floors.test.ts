// The ESLint rule `autograph/floors` (scripts/lint/floors-rule.mjs), through the repository's own
// eslint.config.js as `npm run lint` loads it: an import in src/ that runs up a floor, across
// folders of one floor, or between code-generation targets other than as allowed, is reported
// where it is written, type-only and dynamic imports too; the directions the floor table allows
// are not. The table itself is checked against the whole tree in floors.test.ts.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The `autograph/floors` messages for `code` written in the src-relative file `file`. */
async function floors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'src', file) });
  return result!.messages
    .filter((m) => m.ruleId === 'autograph/floors')
    .map((m) => `${m.line}:${m.column} ${m.message}`);
}

describe('autograph/floors', () => {
  it('reports an import up a floor where it is written, naming both files and floors', async () => {
    const got = await floors('ir/new-pass.ts', "import { jit } from '../api/jit.js';\nexport const f = jit;\n");
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^1:21 ir\/new-pass\.ts \(floor 1, ir\/\) imports api\/jit\.ts \(floor 10, api\/\): a higher floor\. The floors are in scripts\/lint\/floors\.mjs/,
    );
  });

  it('reports type-only imports, re-exports and dynamic imports', async () => {
    const code = [
      "import type { JitOptions } from '../api/jit-options.js';",
      "export { printGraph } from '../export/dot/index.js';",
      "export * from '../cli/main.js';",
      'export async function load(): Promise<unknown> {',
      "  return import('../check/index.js');",
      '}',
      'export type O = JitOptions;',
      '',
    ].join('\n');
    const got = await floors('opt/x.ts', code);
    expect(got.map((m) => m.split(' ')[0])).toEqual(['1:33', '2:28', '3:15', '5:17']);
  });

  it('reports an import between folders of one floor, and between targets but as allowed', async () => {
    expect(await floors('grad/x.ts', "import '../convert/index.js';\n")).toEqual([
      expect.stringContaining('another folder of its floor'),
    ]);
    expect(await floors('exec/targets/wasm-simd/x.ts', "import '../wasm-heap/epilogue.js';\n")).toEqual([
      expect.stringContaining('(target wasm-simd) imports exec/targets/wasm-heap/epilogue.ts (target wasm-heap)'),
    ]);
    expect(await floors('exec/targets/wasm-heap/x.ts', "import '../wasm-simd/encoder.js';\n")).toEqual([]);
  });

  it('allows imports down, inside a folder, of packages, and outside src/', async () => {
    const code =
      "import * as tf from '@tensorflow/tfjs-core';\nimport '../ir/graph.js';\nimport './jit.js';\nexport const t = tf;\n";
    expect(await floors('api/x.ts', code)).toEqual([]);
    expect(await floors('exec/targets/js/x.ts', "import '../../compiled/codegen.js';\n")).toEqual([]);
    const [outside] = await eslint.lintText("import '../src/cli/main.js';\n", {
      filePath: path.join(ROOT, 'bench', 'x.ts'),
    });
    expect(outside!.messages.filter((m) => m.ruleId === 'autograph/floors')).toEqual([]);
  });

  it('names a folder on no floor', async () => {
    expect(await floors('api/x.ts', "import '../newfolder/y.js';\n")).toEqual([
      expect.stringContaining('newfolder/y.ts is on no floor: add its folder to FLOORS'),
    ]);
  });
});
