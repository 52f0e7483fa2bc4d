// What the in-place transform records of a function's source (runtime/in-place-source.ts): on a
// TypeScript module that esbuild stripped with an inline map (as tsx does under the Node loader) and
// on plain JS (the Babel plugin), the recorded name, file, first line, text as written and parameter
// names; the module run: the viewer's code panes show that source with its file and lines, nodes made
// inside loop bodies say `in <function>`, and a minifier's names do not reach the title or parameters.

import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import * as tf from '@tensorflow/tfjs';
import { transformSource } from '../../src/plugin/transform-source.js';
import { markInPlace } from '../../src/plugin/runtime.js';
import { inPlaceSource } from '../../src/runtime/in-place-source.js';
import { codeOf } from '../../src/api/code-info.js';
import { paramNames } from '../../src/api/param-names.js';
import * as ag from '../../src/index.js';
import { AG_INDEX, AG_RUNTIME, tmpDir } from './app-source.js';

const tmp = tmpDir('in-place-source');
afterAll(() => tmp.remove());

/** A module whose jit function sits at lines 5–14 (its loop at 7, its if at 8). */
const APP_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from '${AG_INDEX}';

// collatz steps
function collatz(a: tf.Tensor, { limit = 3 }: { limit?: number } = {}, ...rest: number[]) {
  let counter: tf.Tensor | number = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  void limit, rest;
  return counter;
}
export const f = ag.jit(collatz);
`;
const FIRST = 5;
const LAST = 14;

/** The recorded JSON in a transformed module's text (markInPlace's last argument). */
function recorded(code: string): Record<string, unknown> {
  const m = /ag__markInPlace\(collatz, "collatz", void 0, ("(?:[^"\\]|\\.)*")\)/.exec(code);
  expect(m, code).not.toBeNull();
  return JSON.parse(JSON.parse(m![1]!) as string) as Record<string, unknown>;
}

/** The module as tsx hands it to the loader: types stripped by esbuild, with an inline source map. */
function strippedByEsbuild(file: string): string {
  return transformSync(APP_TS, { loader: 'ts', format: 'esm', sourcemap: 'inline', sourcefile: file }).code;
}

describe('the in-place transform records the source as written', () => {
  it('of TypeScript stripped by esbuild (the loader after tsx): original text, lines and names', () => {
    const file = join(process.cwd(), 'app.ts');
    const out = transformSource(strippedByEsbuild(file), {
      filename: file,
      importSources: [AG_INDEX],
      runtimeModule: AG_RUNTIME,
    })!;
    const r = recorded(out.code);
    expect(r).toEqual({
      name: 'collatz',
      file: 'app.ts',
      line: FIRST,
      text: APP_TS.split('\n')
        .slice(FIRST - 1, LAST)
        .join('\n'),
      params: ['a', null, '...rest'],
    });
    expect(r.text).toContain('a: tf.Tensor'); // the types, as written
  });

  it('of plain JS, and not at all with keepSource: false', () => {
    const js = APP_TS.replace(/: tf\.Tensor \| number/, '')
      .replace(/: tf\.Tensor/, '')
      .replace(/: \{ limit\?: number \}/, '')
      .replace(/: number\[\]/, '');
    const out = transformSource(js, {
      filename: join(process.cwd(), 'web/app.js'),
      importSources: [AG_INDEX],
      runtimeModule: AG_RUNTIME,
    })!;
    expect(recorded(out.code)).toMatchObject({
      name: 'collatz',
      file: 'web/app.js',
      line: FIRST,
      params: ['a', null, '...rest'],
    });
    const none = transformSource(js, {
      filename: 'app.js',
      importSources: [AG_INDEX],
      runtimeModule: AG_RUNTIME,
      keepSource: false,
    })!;
    expect(none.code).toContain('ag__markInPlace(collatz, "collatz");');
  });
});

describe('a module converted in place, run', () => {
  it('shows its source in the viewer with file and lines; nodes in its loop say `in collatz`', async () => {
    await tf.setBackend('cpu');
    const file = join(tmp.dir, 'app.ts');
    const out = transformSource(strippedByEsbuild(file), {
      filename: file,
      importSources: [AG_INDEX],
      runtimeModule: AG_RUNTIME,
    })!;
    const js = join(tmp.dir, 'app.mjs');
    writeFileSync(
      js,
      `${out.code}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(out.map)).toString('base64')}\n`,
    );
    const mod = (await import(pathToFileURL(js).href)) as { f: ag.JitFunction<(a: tf.Tensor) => tf.Tensor> };
    const code = codeOf(mod.f.jsFunction as never, true);
    expect(code.source?.firstLine).toBe(FIRST);
    expect(code.source?.text.split('\n')[0]).toBe(
      'function collatz(a: tf.Tensor, { limit = 3 }: { limit?: number } = {}, ...rest: number[]) {',
    );
    expect(code.generated?.text).toContain('ag__.whileStmt');
    const cf = mod.f.getConcreteFunction(ag.spec([], 'int32'));
    expect(cf.graph.params.map((p) => p.name)).toEqual(['a']);
    const floorDiv = cf.graph.nodes
      .flatMap((n) => Object.values(n.subgraphs ?? {}))
      .flatMap((g) => g.nodes)
      .flatMap((n) => [n, ...Object.values(n.subgraphs ?? {}).flatMap((g) => g.nodes)])
      .find((n) => n.op === 'FloorDiv');
    expect(floorDiv?.options.source?.functionName).toBe('collatz');
    expect(floorDiv?.options.source?.line).toBe(FIRST + 3);
  });

  it('keeps the source names where a minifier renamed the function and its parameters', () => {
    const json = JSON.stringify({
      name: 'collatz',
      file: 'src/main.ts',
      line: 3,
      text: 'function collatz(a) {\n  return a;\n}',
      params: ['a'],
    });
    const minified = markInPlace(function $$(t: tf.Tensor) { return t; }, 'collatz', undefined, json); // prettier-ignore
    expect(minified.name).toBe('collatz');
    expect(paramNames(minified)).toEqual(['a']);
    expect(inPlaceSource(minified)?.file).toBe('src/main.ts');
    expect(codeOf(minified, true).source).toEqual({
      text: 'function collatz(a) {\n  return a;\n}',
      file: 'src/main.ts',
      firstLine: 3,
    });
    const cf = ag.jit(minified).getConcreteFunction(ag.spec([2]));
    expect(cf.toString()).toContain('collatz(');
    expect(cf.graph.params.map((p) => p.name)).toEqual(['a']);
  });
});
