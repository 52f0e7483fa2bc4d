// `autograph check --watch` as a user runs it: a child process watching a project; the first check
// accepts the operators on tensors in a jit function and says it is watching; an edit that makes a
// real mistake inside converted code shows as that diagnostic at its place, with tsc's watch status
// line; fixing it clears it. The process is killed at the end (the watch never exits by itself).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'autograph-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const APP = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';

export const half = ag.jit((a: tf.Tensor) => a * a / 2);
`;
const MISTAKE = `${APP}export const g = ag.jit((a: tf.Tensor) => {
  const n: number = a * 2;
  return n;
});
`;

/** The child's output, and a wait for a text to appear in it after a given offset. */
function watch(args: string[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'check', ...args], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  const waiters: (() => void)[] = [];
  const feed = (d: Buffer) => {
    out += d.toString();
    waiters.splice(0).forEach((w) => w());
  };
  proc.stdout.on('data', feed);
  proc.stderr.on('data', feed);
  const waitFor = (re: RegExp, from: number, ms: number) =>
    new Promise<string>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`timed out waiting for ${re} in:\n${out}`)), ms);
      const test = () => {
        const m = re.exec(out.slice(from));
        if (m) {
          clearTimeout(timer);
          res(out.slice(from, from + m.index + m[0].length));
        } else waiters.push(test);
      };
      test();
    });
  return { proc, waitFor, length: () => out.length };
}

describe('autograph check --watch', () => {
  it('checks on start and again on every edit, reporting what the edit broke and fixed', async () => {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'app.ts'), APP);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'examples/tsconfig.json'),
        compilerOptions: { strict: true, paths: { 'autograph-ts': [join(root, 'src/index.ts')] } },
        include: ['./app.ts', join(root, 'src/convert/babel-modules.d.ts')],
      }),
    );
    const w = watch(['--watch', '--preserveWatchOutput']);
    try {
      const first = await w.waitFor(/Found \d+ errors?\. Watching for file changes\./, 0, 300_000);
      expect(first).toContain('Starting compilation in watch mode...');
      expect(first).toMatch(/Found 0 errors\. Watching for file changes\.$/);

      let from = w.length();
      writeFileSync(join(dir, 'app.ts'), MISTAKE);
      const second = await w.waitFor(/Found \d+ errors?\. Watching for file changes\./, from, 120_000);
      expect(second).toContain('File change detected. Starting incremental compilation...');
      // The operators on tensors are accepted; the tensor assigned to a number is reported where it is.
      expect(second.split('\n').filter((l) => /error TS/.test(l))).toEqual([
        "app.ts(6,9): error TS2322: Type 'Tensor<Rank>' is not assignable to type 'number'.",
      ]);
      expect(second).toMatch(/Found 1 error\. Watching for file changes\.$/);

      from = w.length();
      writeFileSync(join(dir, 'app.ts'), APP);
      const third = await w.waitFor(/Found \d+ errors?\. Watching for file changes\./, from, 120_000);
      expect(third).not.toContain('error TS');
      expect(third).toMatch(/Found 0 errors\. Watching for file changes\.$/);
      expect(w.proc.exitCode).toBe(null); // still watching
    } finally {
      w.proc.kill();
    }
  }, 600_000);
});
