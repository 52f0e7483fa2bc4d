// Boxes and names in pictures of real programs (examples/viewer-graphs.ts): a training step with
// Adam draws the optimizer's updates as one box "adam update: Wx, Wh, bias, Wo" (collapsed: one
// node), names its slots m(Wx), v(Wx), beta1^t, titles its gradient loops "gradient of for (const x
// of xb)" linked to the forward loop; a tfjs-layers model draws a box per layer, without default
// attributes (transposeA=false, leakyreluAlpha) or no-op Slice/Reshape nodes; loop invariants are
// drawn once, outside their loops; a 20-step loop's stacked list is [20,8,1].
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDot } from '../../src/export/dot/index.js';
import { indexGraph } from '../../src/export/dot/graph-index.js';
import { buildModel } from '../../src/export/viewer/viewer-model.js';
import type { Graph } from '../../src/ir/graph.js';

// Loaded by a path tsc does not follow: the example iterates tensors with for…of, which only
// `autograph check` types (examples/tsconfig.json).
type Graphs = Record<'steps' | 'train' | 'predict', { readonly optimizedGraph: Graph }>;
const example = new URL('../../examples/viewer-graphs.ts', import.meta.url).href;

let graphs: Graphs;
beforeAll(async () => {
  await tf.setBackend('cpu');
  graphs = ((await import(example)) as { viewerGraphs(): Graphs }).viewerGraphs();
});

describe('a training step with Adam', () => {
  it("draws the optimizer's updates as one box, which collapses to one node", () => {
    const g = graphs.train.optimizedGraph;
    const index = indexGraph(g);
    const box = index.clusters.find((c) => c.kind === 'group')!;
    expect(box.label).toBe('adam update: Wx, Wh, bias, Wo');
    const writes = [...box.members!].filter((m) => 'op' in m && m.op === 'AssignVariable');
    expect(writes).toHaveLength(14); // 4 parameters, 8 moments, 2 β powers
    const dot = toDot(g);
    expect(dot).toContain(`subgraph cluster_${box.id} {`);
    const folded = toDot(g, { collapsed: new Set([box.id]) });
    expect(folded).not.toContain(`cluster_${box.id}`);
    expect(folded).toMatch(
      new RegExp(
        `${box.id} \\[.*label=<<b>▸ adam update: Wx, Wh, bias, Wo</b><br/><font point-size="8">\\d+ ops inside`,
      ),
    );
    expect(folded).not.toContain('AssignVariable');
  });

  it('names the slots after their parameter, not by tfjs number', () => {
    const g = graphs.train.optimizedGraph;
    const dot = toDot(g);
    for (const name of ['m(Wx)', 'v(Wx)', 'm(Wo)', 'v(bias)']) expect(dot).toContain(`<b>capture ${name}</b>`);
    expect(dot).toContain('→ m(Wh)');
    expect(dot).toContain('capture beta1^t');
    expect(dot).not.toMatch(/<b>capture \d+<\/b>/);
    expect(dot).not.toMatch(/→ variable &#39;\d+&#39;/);
  });

  it('titles gradient loops after the loop they differentiate and links them to it', () => {
    const g = graphs.train.optimizedGraph;
    const index = indexGraph(g);
    const grad = index.clusters.find((c) => c.label === 'gradient of for (const x of xb)')!;
    const fwd = index.clusters.find((c) => c.label === 'for (const x of xb)')!;
    expect(grad.forward).toBe(fwd.id);
    const model = buildModel(g, 'train', {}, []);
    expect(model.nodes.find((n) => n.id === grad.id)!.links).toEqual([{ label: 'gradient of', to: fwd.id }]);
    expect(model.nodes.find((n) => n.id === fwd.id)!.links).toEqual([{ label: 'its gradient', to: grad.id }]);
    // Its loop variables have names, not #k or argk.
    const dot = toDot(g);
    for (const name of ['step', 'grad_h', 'grad_Wx']) expect(dot).toContain(`<b>${name}</b>`);
  });

  it("draws a loop's invariants once, outside the loop (edges go straight to their readers)", () => {
    const dot = toDot(graphs.train.optimizedGraph);
    // Wx and xb are read inside the forward loop and its gradient loop: one node each, at the top.
    expect(dot.match(/<b>(capture )?Wx(_\d+)?<\/b>/g)).toHaveLength(1);
    expect(dot.match(/<b>xb(_\d+)?<\/b>/g)).toHaveLength(1);
    expect(dot).not.toMatch(/<b>W[xho]_\d+<\/b>/);
  });
});

describe('a tfjs-layers model', () => {
  it('draws a box per layer around its weights and ops', () => {
    const g = graphs.predict.optimizedGraph;
    const boxes = indexGraph(g).clusters.filter((c) => c.kind === 'group');
    expect(boxes.map((b) => b.label)).toEqual(['layer hidden1', 'layer hidden2', 'layer output']);
    for (const b of boxes) {
      const ops = [...b.members!].flatMap((m) => ('op' in m ? [m.op] : []));
      expect(ops).toContain('_FusedMatMul');
    }
  });

  it('labels leave out default and irrelevant attributes and no-op Slice/Reshape nodes', () => {
    const dot = toDot(graphs.predict.optimizedGraph);
    expect(dot).toContain('activation=&quot;relu&quot;');
    expect(dot).not.toContain('transposeA');
    expect(dot).not.toContain('leakyreluAlpha');
    expect(dot).not.toContain('<b>Slice</b>');
    expect(dot).not.toContain('<b>Reshape</b>');
    // The info panel still lists every attribute.
    const model = buildModel(graphs.predict.optimizedGraph, 'predict', {}, []);
    const mm = model.nodes.find((n) => n.op === '_FusedMatMul')!;
    expect(mm.attrs.map(([k]) => k)).toEqual(expect.arrayContaining(['transposeA', 'leakyreluAlpha', 'activation']));
    expect(mm.inputs[0]!.text).toBe('t: float32[4,10]'); // through the no-op Slice and Reshape
  });
});

describe('a 20-step loop that stacks a list', () => {
  it('says [20,8,1] for the stacked list', () => {
    const dot = toDot(graphs.steps.optimizedGraph);
    expect(dot).toMatch(/<b>ListStack<\/b><br\/><font point-size="8">float32\[20,8,1\]<\/font>/);
  });
});
