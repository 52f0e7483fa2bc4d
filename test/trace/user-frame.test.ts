// Which stack frames are the user's (trace/user-frame.ts): autograph-ts's own files are recognized by
// the package's real path — its src/ (where the built files' source maps point) and dist/ — not by
// node_modules, so a linked install (npm link, a workspace) does not name the library's lines as
// the user's; a stack already told in the user's terms (`[converted]` frames) still gives its frame.

import { describe, expect, it } from 'vitest';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isInternal, isOwnFile, stackSource } from '../../src/trace/user-frame.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('frames of the library', () => {
  it("are its src/ and dist/ files by real path, also outside node_modules; the user's files are not", () => {
    for (const f of ['src/trace/cond.ts', 'dist/chunks/chunk-2LUXTTXN.js', 'dist/plugin/runtime.js']) {
      expect(isOwnFile(`${ROOT}${f}`), f).toBe(true);
      expect(isInternal(pathToFileURL(`${ROOT}${f}`).href), f).toBe(true);
    }
    for (const f of ['test/trace/user-frame.test.ts', 'examples/seeds.ts', 'srcs/x.ts'])
      expect(isInternal(`${ROOT}${f}`), f).toBe(false);
    expect(isInternal('/home/me/app/node_modules/@tensorflow/tfjs-layers/dist/tf-layers.node.js')).toBe(true);
    expect(isInternal('node:internal/modules/run_main')).toBe(true);
  });

  it("a stack's first user frame, also where converted frames are marked", () => {
    const stack = [
      'Error: Pass at least one tensor to concat',
      `    at concat_ (${ROOT}node_modules/@tensorflow/tfjs-core/dist/ops/concat.js:60:5)`,
      `    at Object.predictLoop (${ROOT}src/trace/cond.ts:10:1)`,
      '    at predictsAnyBatch (/home/me/app/app.ts:6:21) [converted]',
      '    at /home/me/app/app.ts:8:59',
    ].join('\n');
    expect(stackSource(stack)).toMatchObject({
      file: '/home/me/app/app.ts',
      line: 6,
      column: 21,
      functionName: 'predictsAnyBatch',
    });
  });
});
