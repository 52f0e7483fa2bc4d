// Every catalogued message, caused from user code: the error carries its id, the original
// file:line:column of the code that caused it, and a code frame of that line. Checked for functions in
// a TypeScript file run under vitest (positions of the .ts, not of the JS vitest made of it), for their
// plain-JS twin in an .mjs file under vitest, and for that .mjs run by plain node.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { CATALOGUE } from '../../src/errors/catalogue.js';
import { Graph, Node } from '../../src/ir/graph.js';
import { Interpreter } from '../../src/exec/interpreter.js';
import { convertSource } from '../../src/convert/convert-source.js';
import { saveGraphModel } from '../../src/export/graph-model/save-graph-model.js';
import { setGraphviz, toSVG } from '../../src/export/dot/index.js';
import { markers, observe, runPlainNode, type Observed, type Trigger } from './triggered.js';
import { triggers as tsTriggers } from './fixtures/triggers.js';
// @ts-expect-error -- a plain JavaScript module without types
import { triggers as mjsTriggers } from './fixtures/triggers.mjs';
import type { IrOp } from '../../src/ir/ops.js';

/** Messages no user code can cause, each with the reason and the test that covers it below. */
const EXEMPT: Record<string, string> = {
  'exec/unknown-op': 'only a hand-built IR graph can hold an op no executor knows',
  'exec/sync-read-on-gpu':
    "raised only on tfjs's webgpu backend: test/exec/webgpu/staged-loops.test.ts causes it there, at the user's line",
  'exec/onnxruntime-missing': 'raised only where onnxruntime-node cannot be loaded (it is installed here)',
  'convert/parse-failed': 'V8 prints every function as source Babel parses; reached through convertSource only',
  'grad/list-element-shape':
    'a list reaches a gradient only after a traced push gave it an element shape; a guard for hand-built graphs',
  'export/node-only': 'raised only where Node built-ins are missing (browsers); caused below with them hidden',
  'export/graphviz-missing': 'raised asynchronously by toSVG, after the user frame has left the stack; caused below',
  'convert/converter-missing':
    'raised only by the browser build without the converter: test/package runs it with --conditions=browser',
  'plugin/tsx-missing': 'raised by the Node loader in an app without tsx: test/package runs it',
  'plugin/commonjs-module': 'a warning of the Node loader for a package without "type": "module": test/package runs it',
};

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function check(o: Observed, file: string, expected: ReturnType<typeof markers>): void {
  const frameLine = (l: string): boolean => new RegExp(`^>\\s*${expected.get(o.id)?.line} \\|`).test(l);
  const want = expected.get(o.id);
  expect(want, `a marker for ${o.id} in ${file}`).toBeDefined();
  expect(o.got, o.message).toBe(o.id);
  expect(o.file, o.message).toBe(fixture(file));
  expect({ line: o.line, column: o.column }, o.message).toEqual({ line: want!.line, column: want!.column });
  // The code frame shows the user's line, marked, with a caret under the column.
  const lines = (o.frame ?? '').split('\n');
  const marked = lines.findIndex(frameLine);
  expect(marked, o.message).toBeGreaterThanOrEqual(0);
  expect(lines[marked], o.message).toContain(`| ${want!.text}`);
  // The caret line under it points at the column.
  const bar = lines[marked]!.indexOf('|');
  expect(lines[marked + 1]!.indexOf('^') - bar - 1, o.message).toBe(want!.column);
  expect(o.message).toContain(`${fixture(file)}:${want!.line}:${want!.column}`);
}

for (const [file, triggers] of [
  ['triggers.ts', tsTriggers],
  ['triggers.mjs', mjsTriggers as readonly Trigger[]],
] as const) {
  describe(`errors caused from ${file}`, () => {
    const expected = markers(readFileSync(fixture(file), 'utf8'));

    it('cause every catalogued message (or the message is exempt, with a reason)', () => {
      const caused = new Set(triggers.map((t) => t.id));
      expect(triggers.length).toBe(caused.size);
      const missing = Object.keys(CATALOGUE).filter((id) => !caused.has(id) && !(id in EXEMPT));
      expect(missing).toEqual([]);
      expect([...caused].filter((id) => !(id in CATALOGUE))).toEqual([]);
      expect([...expected.keys()].sort()).toEqual([...caused].sort());
    });

    it.each(triggers.map((t) => [t.id, t] as const))('%s', async (_id, t) => {
      check(await observe(t), file, expected);
    });
  });
}

describe('errors caused from triggers.mjs under plain node', () => {
  it('carry the same ids, positions and frames', () => {
    const run = runPlainNode(fixture('run-triggers.mjs'), 120_000);
    expect(run.status, run.stderr).toBe(0);
    const observed = run.result as Observed[];
    const expected = markers(readFileSync(fixture('triggers.mjs'), 'utf8'));
    expect(observed.map((o) => o.id).sort()).toEqual([...expected.keys()].sort());
    for (const o of observed) check(o, 'triggers.mjs', expected);
  }, 150_000);
});

describe('messages no user code reaches', () => {
  it('exec/unknown-op: the interpreter names the op it cannot run', () => {
    const g = new Graph('handmade');
    const x = g.addParam('float32', [2]);
    const node = g.addNode(new Node(g, 'NoSuchOp' as IrOp, [x], ['x'], {}, {}));
    g.outputs = [node.addOutput('float32', [2])];
    const input = tf.ones([2]);
    expect(() => new Interpreter().run(g, [input])).toThrow(expect.objectContaining({ id: 'exec/unknown-op' }));
    input.dispose();
  });

  it('convert/parse-failed: source text Babel cannot parse, located in that text', () => {
    let err: { id?: string; location?: { line: number } } = {};
    try {
      convertSource('function f(x) {\n  return x +;\n}', 'f');
    } catch (e) {
      err = e as typeof err;
    }
    expect(err.id).toBe('convert/parse-failed');
    expect(err.location?.line).toBe(2);
  });

  it('export/node-only: saving files outside Node names the call', () => {
    const proc = globalThis.process as { getBuiltinModule?: unknown };
    const original = proc.getBuiltinModule;
    proc.getBuiltinModule = undefined;
    try {
      expect(() => saveGraphModel(new Graph('g'), 'out')).toThrow(
        expect.objectContaining({ id: 'export/node-only', message: expect.stringContaining('saveGraphModel') }),
      );
    } finally {
      proc.getBuiltinModule = original;
    }
  });

  it('export/graphviz-missing: a drawing whose Graphviz cannot be loaded says how to provide it', async () => {
    setGraphviz(() => Promise.reject(new Error('Failed to resolve module specifier "@viz-js/viz"')));
    try {
      const g = new Graph('g');
      g.outputs = [g.addParam('float32', [])];
      await expect(toSVG(g)).rejects.toThrow(
        expect.objectContaining({ id: 'export/graphviz-missing', message: expect.stringContaining('setGraphviz') }),
      );
    } finally {
      setGraphviz(() => import('@viz-js/viz'));
    }
    const g = new Graph('g');
    g.outputs = [g.addParam('float32', [])];
    expect(await toSVG(g)).toContain('<svg');
  });

  it('exec/onnxruntime-missing is catalogued with its fix', () => {
    expect(CATALOGUE['exec/onnxruntime-missing'].hint!()).toContain('npm install onnxruntime-node');
  });
});
