// The views of a concrete function's graph: `cf.toString()` is the optimized graph the executor runs,
// `{ graph: 'trace' }` the trace (as `cf.graph.toString()`), `{ graph: 'passes' }` the trace, what
// each optimizer pass changed (a diff blind to mere renumbering, not to rewiring), and the result.
import * as tf from '@tensorflow/tfjs';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { collatz, seedScope } from '../../examples/seed-functions.js';
import { optimizationSteps, formatSteps } from '../../src/opt/pass-report.js';

// The line of collatz's loop in examples/seeds.ts (the While node's source).
const WHILE_LINE =
  readFileSync(new URL('../../examples/seeds.ts', import.meta.url), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes('while (a != 1)')) + 1;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('graph views', () => {
  const cf = () => ag.jit(collatz, { scope: seedScope }).getConcreteFunction(ag.spec([], 'int32'));

  it('toString() is the optimized graph; the trace on request', () => {
    const f = cf();
    expect(f.toString()).toBe(f.optimizedGraph.toString());
    expect(f.toString({ graph: 'trace' })).toBe(f.graph.toString());
    expect(f.toString()).not.toContain('Identity(');
    expect(f.graph.toString()).toContain('Identity(');
    expect(f.toString({ sources: true })).toMatch(
      new RegExp(`While\\(%a, %0\\) \\{\\s+// seeds\\.ts:${WHILE_LINE}:\\d+`),
    );
  });

  it('passes: the trace, each pass with its node counts and diff, then the optimized graph', () => {
    const f = cf();
    const steps = f.optimizationSteps();
    expect(steps.map((s) => s.pass)).toEqual([
      'simplify',
      'constant-fold',
      'simplify',
      'cse',
      'dce',
      'prune-control-flow',
      'constant-fold',
      'cse',
      'dce',
      'fuse-elementwise',
    ]);
    expect(steps[0]!.before).toBe(f.graph.toString());
    expect(steps[steps.length - 1]!.after).toBe(f.optimizedGraph.toString());
    expect(steps[0]!.nodesBefore).toBe(30);
    expect(steps[steps.length - 1]!.nodesAfter).toBe(15);
    const text = f.toString({ graph: 'passes' });
    expect(text.startsWith(`── trace: 30 nodes\n${f.graph.toString()}\n── 1. simplify: 30 → 27 nodes\n`)).toBe(true);
    expect(text.endsWith(`── optimized: 15 nodes\n${f.optimizedGraph.toString()}`)).toBe(true);
    // simplify drops the Identity nodes, and the Select they fed is rewired (shown, though renumbered).
    const simplify = text.slice(text.indexOf('── 1. simplify'), text.indexOf('── 2.'));
    expect(simplify.match(/^- .*Identity\(/gm)).toHaveLength(3);
    expect(simplify).toMatch(/^- .*Select\(%16, %17, %18\)\n\+ .*Select\(%14, %15, %9\)$/m);
    // A pass that changes nothing says so.
    expect(text).toMatch(/── 6\. prune-control-flow: 22 → 22 nodes, no change/);
  });

  it('a pass that only renumbers values shows no difference', () => {
    const f = cf();
    const [first] = optimizationSteps(f.graph);
    const renumbered = { ...first!, before: first!.after.replace(/%(\d+)/g, (_, d) => `%${Number(d) + 100}`) };
    expect(formatSteps(f.graph, [renumbered])).toContain(
      `── 1. simplify: ${first!.nodesBefore} → ${first!.nodesAfter} nodes, no change`,
    );
  });

  it('a picture cannot show the passes view', () => {
    expect(() => cf().toDot({ graph: 'passes' })).toThrow(/api\/bad-graph-view/);
  });
});
