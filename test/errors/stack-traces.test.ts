// Stack traces of errors thrown from converted code point at the user's original source: frames of
// generated code become the user's file:line:column (of the .ts under vitest, of the .mjs under plain
// node) marked [converted], also for code the Node loader converted in place, and frames of
// autograph-ts and tfjs internals are gone.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import * as fx from './fixtures/throwing.js';
import { runPlainNode } from './triggered.js';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** `// @line <name> <token>` markers: `file:line:column` of each. */
function lines(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  readFileSync(fixture(file), 'utf8')
    .split('\n')
    .forEach((l, i) => {
      const m = /\/\/ @line (\S+) (.+)$/.exec(l);
      if (m) out[m[1]!] = `${fixture(file)}:${i + 1}:${l.indexOf(m[2]!) + 1}`;
    });
  return out;
}

const frames = (stack: string): string[] => stack.split('\n').filter((l) => /^ {4}at /.test(l));

/** What every rewritten stack must show for the three fixture functions. */
function checkStacks(stacks: Record<string, string>, file: string): void {
  const at = lines(file);
  for (const how of ['jit', 'toGraph']) {
    const boom = frames(stacks[`throwsInLoopInBranch ${how}`]!);
    expect(boom[0], how).toBe(`    at throwsInLoopInBranch (${at.boom}) [converted]`);
    const helper = frames(stacks[`callsHelper ${how}`]!);
    expect(helper[0], how).toBe(`    at helperThrows (${at.helper}) [converted]`);
    expect(helper[1], how).toBe(`    at callsHelper (${at['call-helper']}) [converted]`);
    const typeError = stacks[`typeErrorInBranch ${how}`]!;
    expect(typeError).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'value'\)/);
    expect(frames(typeError)[0], how).toBe(`    at typeErrorInBranch (${at['type-error']}) [converted]`);
    for (const stack of Object.values(stacks)) {
      for (const f of frames(stack)) {
        expect(f).not.toContain('autograph:///');
        expect(f).not.toContain(SRC);
        expect(f).not.toMatch(/@tensorflow|tfjs-core/);
      }
    }
  }
}

function stacksOf(make: (f: (x: tf.Tensor) => tf.Tensor) => (x: tf.Tensor) => unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['throwsInLoopInBranch', 'callsHelper', 'typeErrorInBranch'] as const) {
    try {
      make(fx[name])(tf.ones([2]));
      out[name] = 'no error';
    } catch (e) {
      out[name] = (e as Error).stack!;
    }
  }
  return out;
}

const scope = { tf, helperThrows: fx.helperThrows };

describe('stack traces of errors thrown in converted code', () => {
  const saved = process.env.AG_DEBUG;
  afterEach(() => {
    if (saved === undefined) delete process.env.AG_DEBUG;
    else process.env.AG_DEBUG = saved;
  });

  it('point at the original .ts lines under vitest, through jit and toGraph', () => {
    const stacks: Record<string, string> = {};
    for (const [how, make] of [
      ['jit', (f: (x: tf.Tensor) => tf.Tensor) => ag.jit(f, { scope })],
      ['toGraph', (f: (x: tf.Tensor) => tf.Tensor) => ag.toGraph(f, { scope })],
    ] as const) {
      for (const [name, stack] of Object.entries(stacksOf(make))) stacks[`${name} ${how}`] = stack;
    }
    checkStacks(stacks, 'throwing.ts');
    // The caller's own frame stays.
    expect(stacks['throwsInLoopInBranch jit']).toContain(`${fileURLToPath(import.meta.url)}:`);
  });

  it('point at the original .mjs lines under plain node', () => {
    const run = runPlainNode(fixture('run-throwing.mjs'), 60_000);
    expect(run.status, run.stderr).toBe(0);
    checkStacks(run.result as Record<string, string>, 'throwing.mjs');
  }, 90_000);

  it('point at the original lines, named after the function and marked [converted], when converted in place by the Node loader', () => {
    // The loader gives the fixture's functions converted twins; the runner's import of src/index.js means autograph-ts.
    const loader = {
      imports: ['./src/plugin/register.ts'],
      env: { AUTOGRAPH_IMPORT_SOURCES: '../../../src/index.js', AG_DEBUG: '' },
    };
    const run = runPlainNode(fixture('run-throwing.mjs'), 60_000, loader);
    expect(run.status, run.stderr).toBe(0);
    const stacks = run.result as Record<string, string>;
    const at = lines('throwing.mjs');
    for (const how of ['jit', 'toGraph']) {
      // The throw, then each staged statement around it: frames of the function, not the converter's `if_body`/`loop_body`.
      const boom = frames(stacks[`throwsInLoopInBranch ${how}`]!);
      expect(boom[0], how).toBe(`    at throwsInLoopInBranch (${at.boom}) [converted]`);
      expect(
        boom.filter((f) => f.startsWith('    at throwsInLoopInBranch (') && f.endsWith(') [converted]')),
        how,
      ).toHaveLength(4);
      expect(frames(stacks[`callsHelper ${how}`]!)[1], how).toBe(
        `    at callsHelper (${at['call-helper']}) [converted]`,
      );
      expect(frames(stacks[`typeErrorInBranch ${how}`]!)[0], how).toBe(
        `    at typeErrorInBranch (${at['type-error']}) [converted]`,
      );
    }
    const all = Object.values(stacks).join('\n');
    expect(all).not.toMatch(/\b(if|else|loop)_body\b/);
    expect(all).not.toContain(SRC);
  }, 90_000);

  it('mark user frames reached from converted code but not converted', () => {
    const plain = ag.doNotConvert((x: tf.Tensor): tf.Tensor => fx.helperThrows(x));
    const f = ag.jit((x: tf.Tensor) => plain(x), { scope: { plain } });
    const stack = (() => {
      try {
        f(tf.ones([2]));
      } catch (e) {
        return (e as Error).stack!;
      }
      return '';
    })();
    expect(stack).toMatch(/at (?:Module\.)?helperThrows \(.*throwing\.ts:\d+:\d+\) \[not converted\]/);
  });

  it('are left whole with AG_DEBUG=1', () => {
    process.env.AG_DEBUG = '1';
    const stacks = stacksOf((f) => ag.jit(f, { scope }));
    expect(stacks.throwsInLoopInBranch).toContain('autograph:///');
  });

  it('keep the message of a catalogued error, with its own location and frame', () => {
    let err: ag.AutographError | undefined;
    try {
      ag.jit((x: tf.Tensor) => x.dataSync() as never)(tf.ones([2]));
    } catch (e) {
      err = e as ag.AutographError;
    }
    expect(err!.id).toBe('trace/symbolic-read');
    expect(err!.stack!.startsWith(`AutographError: ${err!.message}`)).toBe(true);
    expect(frames(err!.stack!)[0]).toContain('[converted]');
  });
});

describe('toCode with source positions', () => {
  it('ends lines with the user file:line:column they came from', () => {
    const code = ag.toCode(fx.throwsInLoopInBranch, { sourcePositions: true });
    const at = lines('throwing.ts');
    const boomLine = at.boom!.split(':').slice(-2, -1)[0];
    expect(code).toMatch(
      new RegExp(`throw new Error\\("boom in loop"\\); // test/errors/fixtures/throwing\\.ts:${boomLine}:\\d+`),
    );
    // Without the option, no position comments.
    expect(ag.toCode(fx.throwsInLoopInBranch)).not.toContain('throwing.ts');
  });
});
