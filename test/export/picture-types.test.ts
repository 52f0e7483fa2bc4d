// What pictures say about types and what their shapes mean: a list stacked after a loop whose trip
// count is known has its length in the picture (`[20,8,1]`, not `[?,8,1]`), one whose trip count is
// not stays `?`; every dataflow edge carries its value's name and type as a tooltip; toSVG draws a
// legend of the node kinds and line styles the picture uses (toDot only when asked).
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { toDot, toSVG } from '../../src/export/dot/index.js';
import { tripCount } from '../../src/export/dot/list-lengths.js';
import { OP } from '../../src/ir/ops.js';
import type { Graph } from '../../src/ir/graph.js';

const i32 = (v: number) => tf.scalar(v, 'int32');

/** Pushes relu(xs[i]) for i from `start` while i < limit (a constant, or the tensor `n`), stepping by `step`; stacks the list. */
function stacked(start: number, limit: number | 'n', step = 1): Graph {
  const fn = (xs: tf.Tensor, n: tf.Tensor) => {
    const out: unknown[] = [];
    ag.setElementType(out, 'float32', [8, 1]);
    const [, l] = ag.whileLoop(
      (i) => tf.less(i, limit === 'n' ? n : i32(limit)),
      (i, l) => [tf.add(i, i32(step)), (l as unknown as ag.TensorList).push(tf.relu(tf.gather(xs, i)))],
      [i32(start), out],
    );
    return ag.stack(l);
  };
  return ag.jit(fn, { autograph: false, name: 'stacked' }).getConcreteFunction(tf.zeros([20, 8, 1]), i32(20))
    .optimizedGraph;
}

const stackLabel = (dot: string): string =>
  /<b>ListStack<\/b>.*?(float32\[[^\]]*\])<\/font>>/.exec(dot)?.[1] ?? 'no ListStack';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('list lengths from known trip counts', () => {
  it('a 20-step loop that pushes once per step stacks to [20,8,1]', () => {
    const g = stacked(0, 20);
    expect(tripCount(g.nodes.find((n) => n.op === OP.While)!)).toBe(20);
    expect(stackLabel(toDot(g))).toBe('float32[20,8,1]');
    // The graph itself keeps the traced type (its outputs' types are the function's signature).
    expect(g.outputs[0]!.shape).toEqual([-1, 8, 1]);
  });

  it('counts start and step: from 2 by 3 while i < 20 is 6 steps', () => {
    const g = stacked(2, 20, 3);
    expect(tripCount(g.nodes.find((n) => n.op === OP.While)!)).toBe(6);
    expect(stackLabel(toDot(g))).toBe('float32[6,8,1]');
  });

  it('a loop bounded by a tensor argument keeps the unknown length', () => {
    const g = stacked(0, 'n');
    expect(tripCount(g.nodes.find((n) => n.op === OP.While)!)).toBeUndefined();
    expect(stackLabel(toDot(g))).toBe('float32[?,8,1]');
  });
});

describe('edges and legend', () => {
  it('every drawn dataflow edge names its value and type in a tooltip', () => {
    const dot = toDot(stacked(0, 20));
    const edges = dot.split('\n').filter((l) => / -> /.test(l) && !/style="invis"|arrowhead="none"/.test(l));
    expect(edges.length).toBeGreaterThan(5);
    for (const e of edges) expect(e).toMatch(/tooltip="[^"]*(float32|int32|bool|list<)[^"]*"/);
    expect(dot).toContain('tooltip="float32[20,8,1]"'); // ListStack → outputs
  });

  it('toSVG draws a legend of the kinds and line styles used; toDot only when asked', async () => {
    const g = stacked(0, 20);
    expect(toDot(g)).not.toContain('legend');
    const dot = toDot(g, { legend: true });
    expect(dot).toContain('ret -> legend [style="invis"]'); // under the outputs
    for (const row of [
      'oval: input, or a loop/branch variable',
      'box: op',
      'diamond: loop: where values enter / leave',
      'pentagon: outputs',
      'value (hover for its name and type)',
      'value entering a loop or branch from outside',
    ]) {
      expect(dot).toContain(row);
    }
    expect(dot).not.toContain('effect: print'); // no effect in this graph
    expect(dot).not.toContain('order of effects');
    const svg = await toSVG(g);
    expect(svg).toContain('id="legend"');
    expect(svg).toContain('oval: input, or a loop/branch variable');
    expect(await toSVG(g, { legend: false })).not.toContain('id="legend"');
  });
});
