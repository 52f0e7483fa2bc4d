// GraphModel export: files written by saveGraphModel load back (read with node:fs, then
// tf.io.fromMemory); the model.json layout; weights and Const nodes agree (globally unique names,
// dtypes, shapes); errors for kernels without a rule name the kernel and the source line; effects.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { Graph, Node, type Value } from '../../src/ir/graph.js';
import { LIST_DTYPE } from '../../src/ir/types.js';
import {
  exportGraphModel,
  graphModelKernels,
  type GraphDef,
  type NodeDef,
} from '../../src/export/graph-model/index.js';
import { SHAPE_RULES } from '../../src/trace/rules/index.js';
import { isDrawOp } from '../../src/ir/random.js';
import { documentedGaps } from '../../scripts/kernels-doc.js';
import { loadGraphModelArtifacts, saveGraphModel } from '../../src/export/graph-model/save-graph-model.js';
import { print } from '../../src/trace/effects.js';
import type { IrOp } from '../../src/ir/ops.js';

const i32 = (v: number) => tf.scalar(v, 'int32');
let dir = '';

beforeAll(async () => {
  await tf.setBackend('cpu');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-graph-model-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function trace(fn: (...a: tf.Tensor[]) => unknown, ...inputs: tf.Tensor[]): Graph {
  return ag.jit(fn, { autograph: false }).getConcreteFunction(...inputs).graph;
}

const collatz = (a: tf.Tensor) =>
  ag.whileLoop(
    (n: tf.Tensor) => tf.notEqual(n, i32(1)),
    (n: tf.Tensor, c: tf.Tensor) => [
      ag.cond(
        tf.equal(tf.mod(n, i32(2)), i32(0)),
        () => tf.floorDiv(n, i32(2)),
        () => tf.add(tf.mul(n, i32(3)), i32(1)),
      ),
      tf.add(c, i32(1)),
    ],
    [a, i32(0)],
  )[1];

describe('saveGraphModel', () => {
  it('writes model.json and one weights shard that load back and run', async () => {
    const w = tf.variable(
      tf.tensor2d([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
      true,
      'w',
    );
    const g = trace(
      (x: tf.Tensor) => [tf.relu(tf.matMul(x, w)), collatz(tf.cast(tf.sum(x), 'int32'))],
      tf.tensor2d([[1, -1, 2]]),
    );
    const out = path.join(dir, 'mlp');
    const { modelPath, weightsPath } = saveGraphModel(g, out);
    expect(fs.existsSync(modelPath) && fs.existsSync(weightsPath)).toBe(true);

    const json = JSON.parse(fs.readFileSync(modelPath, 'utf8'));
    expect(json.format).toBe('graph-model');
    expect(json.weightsManifest[0].paths).toEqual(['group1-shard1of1.bin']);
    expect(json.modelTopology.versions.producer).toBeGreaterThan(0);
    expect(Object.keys(json.signature.inputs)).toHaveLength(1);
    const bytes = json.weightsManifest[0].weights.reduce(
      (n: number, s: { shape: number[]; dtype: string }) =>
        n + s.shape.reduce((a, b) => a * b, 1) * (s.dtype === 'bool' ? 1 : 4),
      0,
    );
    expect(fs.statSync(weightsPath).size).toBe(bytes);

    const model = await tf.loadGraphModel(tf.io.fromMemory(loadGraphModelArtifacts(out)));
    const x = tf.tensor2d([[2, 0, 1]]);
    const [y, steps] = (await model.executeAsync(x)) as tf.Tensor[];
    expect(Array.from(y!.dataSync())).toEqual([7, 10]);
    expect(steps!.dtype).toBe('int32');
    expect(steps!.dataSync()[0]).toBe(7); // collatz(3) takes 7 steps
  });
});

describe('weights and names', () => {
  function allNodes(t: GraphDef): NodeDef[] {
    return [...t.node, ...(t.library?.function ?? []).flatMap((f) => f.nodeDef)];
  }

  it('every Const (main graph and functions) has one weight of the same name, dtype and shape', () => {
    const k = tf.tensor1d([true, false], 'bool');
    const g = trace(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(tf.sum(x), 0),
          () => tf.where(k, x, tf.scalar(3)),
          () => tf.mul(x, tf.scalar(-0)),
        ),
      tf.tensor1d([1, 2]),
    );
    const a = exportGraphModel(g);
    const t = a.modelTopology as GraphDef;
    const nodes = allNodes(t);
    const names = nodes.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
    const consts = nodes.filter((n) => n.op === 'Const');
    const specs = new Map(a.weightSpecs!.map((s) => [s.name, s]));
    expect(specs.size).toBe(a.weightSpecs!.length);
    expect(consts.map((n) => n.name).sort()).toEqual([...specs.keys()].sort());
    const dt: Record<string, string> = { float32: 'DT_FLOAT', int32: 'DT_INT32', bool: 'DT_BOOL' };
    for (const n of consts) {
      const s = specs.get(n.name)!;
      expect(n.attr!.dtype!.type).toBe(dt[s.dtype]);
      expect(n.attr!.value!.tensor!.tensorShape.dim!.map((d) => Number(d.size))).toEqual(s.shape);
    }
    // Every input reference points at a node, a function arg, or a multi-output index of a node.
    for (const f of t.library!.function) {
      const local = new Set([...f.nodeDef.map((n) => n.name), ...f.signature.inputArg.map((x) => x.name)]);
      for (const n of f.nodeDef) for (const r of n.input ?? []) expect(local.has(r.split(':')[0]!)).toBe(true);
    }
  });

  it('-0 and 0 constants stay distinct', async () => {
    const g = trace(
      (x: tf.Tensor) => [tf.div(1, tf.mul(x, tf.scalar(-0))), tf.div(1, tf.mul(x, tf.scalar(0)))],
      tf.tensor1d([1]),
    );
    const model = await tf.loadGraphModel(tf.io.fromMemory(exportGraphModel(g)));
    const [a, b] = model.execute(tf.tensor1d([2])) as tf.Tensor[];
    expect([a!.dataSync()[0], b!.dataSync()[0]]).toEqual([-Infinity, Infinity]);
  });
});

describe('tensor lists', () => {
  it('a list created without an element shape takes it from the first push (dense [length, ...element])', async () => {
    const g = new Graph('lists');
    const x = g.addParam('float32', [3], 'x');
    const empty = g.addNode(new Node(g, 'ListEmpty', [], [], { elementDtype: 'float32', elementShape: null }));
    const l0 = empty.addOutput(LIST_DTYPE, []);
    const push = (l: Value, v: Value) =>
      g
        .addNode(new Node(g, 'ListPush', [l, v], ['list', 'input1'], { elementDtype: 'float32', elementShape: null }))
        .addOutput(LIST_DTYPE, []);
    const l2 = push(push(l0, x), x);
    const stacked = g
      .addNode(new Node(g, 'ListStack', [l2], ['list'], { elementDtype: 'float32', elementShape: [3] }))
      .addOutput('float32', [-1, 3]);
    const len = g.addNode(new Node(g, 'ListLength', [l2], ['list'], {})).addOutput('int32', []);
    g.outputs = [stacked, len];
    const model = await tf.loadGraphModel(tf.io.fromMemory(exportGraphModel(g)));
    const [s, n] = model.execute(tf.tensor1d([1, 2, 3])) as tf.Tensor[];
    expect(s!.shape).toEqual([2, 3]);
    expect(Array.from(s!.dataSync())).toEqual([1, 2, 3, 1, 2, 3]);
    expect(n!.dataSync()[0]).toBe(2);
  });
});

describe('errors and effects', () => {
  it('a kernel without a rule is an error naming it and its source line', () => {
    const g = new Graph('custom');
    const x = g.addParam('float32', [2], 'x');
    const node = g.addNode(
      new Node(
        g,
        'NoSuchKernel' as IrOp,
        [x],
        ['x'],
        {},
        { source: { file: '/src/app/model.ts', line: 12, column: 3, functionName: 'f' } },
      ),
    );
    g.outputs = [node.addOutput('float32', [2])];
    expect(() => exportGraphModel(g)).toThrow(/cannot export kernel NoSuchKernel .*model\.ts:12.*no rule/);
  });

  it('a rule that cannot express the attrs says why and where', () => {
    const g = trace((x: tf.Tensor) => tf.avgPool(x as tf.Tensor4D, 2, 1, 1), tf.zeros([1, 4, 4, 1]));
    expect(() => exportGraphModel(g)).toThrow(/AvgPool .*graph-model-files\.test\.ts:\d+.*'same' or 'valid'/);
  });

  it('Print is dropped with a warning; the rest still runs', async () => {
    const warnings: string[] = [];
    const g = trace(
      (x: tf.Tensor) => {
        print('x is', x);
        return tf.add(x, 1);
      },
      tf.tensor1d([1]),
    );
    const a = exportGraphModel(g, { onWarning: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/drops the Print node at graph-model-files\.test\.ts:\d+/);
    const model = await tf.loadGraphModel(tf.io.fromMemory(a));
    expect((model.execute(tf.tensor1d([4])) as tf.Tensor).dataSync()[0]).toBe(5);
  });

  it('a variable write is an error (a GraphModel has no variables)', () => {
    const v = tf.variable(tf.zeros([2]), true, 'counter');
    const g = trace(
      (x: tf.Tensor) => {
        v.assign(tf.add(v, x));
        return tf.sum(v);
      },
      tf.ones([2]),
    );
    expect(() => exportGraphModel(g)).toThrow(/AssignVariable.*no variables.*counter/);
  });
});

describe('rule table', () => {
  it('has a rule only for traced kernels, and lacks exactly those docs/kernels.md lists (the one place they are pinned)', () => {
    const kernels = new Set(graphModelKernels());
    expect([...kernels].filter((k) => !Object.hasOwn(SHAPE_RULES, k) && !isDrawOp(k))).toEqual([]);
    const missing = Object.keys(SHAPE_RULES)
      .filter((k) => !kernels.has(k))
      .sort();
    expect(missing, 'docs/kernels.md is stale: run npm run docs:kernels').toEqual(documentedGaps('GraphModel'));
  });
});
