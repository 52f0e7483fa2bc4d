// Pictures of graphs: toDot golden files (test/export/golden/*.dot; regenerate with
// `npx vitest run test/export/dot.test.ts -u`), toSVG output that parses as SVG and holds the
// clusters, collapsed clusters, the standalone HTML viewer (self-contained, its CSP hashes match
// its inline blocks), and user strings that look like markup or links staying text (security).
// The traced functions come first so that edits below do not move the source lines in the goldens.
// The viewer itself runs in Chromium: test/browser/viewer.test.ts.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { print, assert } from '../../src/trace/effects.js';
import { createHash } from 'node:crypto';
import { toDot, toHTML, toSVG } from '../../src/export/dot/index.js';
import { indexGraph } from '../../src/export/dot/graph-index.js';
import type { Graph } from '../../src/ir/graph.js';

const i32 = (v: number) => tf.scalar(v, 'int32');
const W = tf.variable(tf.ones([3, 2]), true, 'dense/kernel');
const B = tf.tensor1d([0.5, -0.5]);

const FIXTURES: Record<string, { fn: (...a: tf.Tensor[]) => unknown; inputs: () => tf.Tensor[] }> = {
  'straight-line': { fn: (x) => tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1), inputs: () => [tf.zeros([4])] },
  captures: { fn: (x) => tf.sigmoid(tf.add(tf.matMul(x, W), B)), inputs: () => [tf.zeros([1, 3])] },
  cond: {
    fn: (x) =>
      ag.cond(
        tf.greater(tf.sum(x), 0),
        () => tf.mul(x, x),
        () => tf.zerosLike(x),
      ),
    inputs: () => [tf.zeros([3])],
  },
  'collatz-nested-cond-in-while': {
    fn: (a) =>
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
        [a!, i32(0)],
        { names: ['n', 'steps'] },
      )[1],
    inputs: () => [i32(5)],
  },
  'effects-in-loop': {
    fn: (x) =>
      ag.whileLoop(
        (v: tf.Tensor) => tf.less(tf.sum(v), 10),
        (v: tf.Tensor) => {
          print('v =', v);
          assert(tf.greater(tf.sum(v), 0), 'v must stay positive');
          return [tf.mul(v, 2)];
        },
        [x!],
        { maximumIterations: 5 },
      )[0],
    inputs: () => [tf.ones([2])],
  },
  'list-push-stack': {
    fn: (n) => {
      const z: unknown[] = [];
      ag.setElementType(z, 'int32');
      const [, l] = ag.whileLoop(
        (i) => tf.less(i, n!),
        (i, l) => [tf.add(i, i32(1)), (l as unknown as ag.TensorList).push(tf.mul(i, i))],
        [i32(0), z],
      );
      return ag.stack(l);
    },
    inputs: () => [i32(3)],
  },
};

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function graphOf(name: string): Graph {
  const c = FIXTURES[name]!;
  return ag.jit(c.fn, { autograph: false, name: name.replace(/-/g, '_') }).getConcreteFunction(...c.inputs()).graph;
}

const DOT_OPTS = { sourceRoot: process.cwd() };

describe('toDot golden files', () => {
  for (const name of Object.keys(FIXTURES)) {
    it(name, async () => {
      await expect(toDot(graphOf(name), DOT_OPTS)).toMatchFileSnapshot(`golden/${name}.dot`);
    });
  }

  it('clusters nest, read top to bottom (entry, parts, exit), captures and effects are drawn distinctly, nodes link to their source line', () => {
    const dot = toDot(graphOf('collatz-nested-cond-in-while'), DOT_OPTS);
    const [loop, branch] = indexGraph(graphOf('collatz-nested-cond-in-while')).clusters;
    // The Cond cluster is inside the While body cluster; the functional forms are labelled while / if with their line.
    expect(dot).toMatch(
      new RegExp(
        `subgraph cluster_${loop!.id}_body \\{[\\s\\S]*subgraph cluster_${branch!.id} \\{[\\s\\S]*label="if  ·  test/export/dot\\.test\\.ts:\\d+"`,
      ),
    );
    expect(dot).toMatch(/label="while {2}· {2}test\/export\/dot\.test\.ts:\d+"/);
    // Operands enter the loop at its entry node; condition, body and exit follow below it (no edge runs
    // back up or around the body: the parts' return nodes say where their values go).
    expect(dot).toContain(`-> ${loop!.id}_in [tooltip=`);
    expect(dot).toMatch(new RegExp(`${loop!.id}_cond_ret -> n\\d+ \\[style="invis"`));
    expect(dot).toMatch(new RegExp(`${loop!.id}_body_ret -> ${loop!.id} \\[style="invis"`));
    expect(dot).not.toMatch(new RegExp(`${loop!.id}_body_ret -> ${loop!.id}_in`));
    expect(dot).toMatch(/label=<<b>loop while true<\/b>/);
    expect(dot).toMatch(/label=<<b>next iteration<\/b>/);
    expect(dot).toMatch(/URL="test\/export\/dot\.test\.ts#L\d+"/);
    // Small constants are written into the nodes that use them.
    expect(dot).not.toContain('<b>Const</b>');
    expect(dot).toMatch(/<b>NotEqual<\/b><br\/><font point-size="8">b = 1<\/font>/);
    const cap = toDot(graphOf('captures'), DOT_OPTS);
    expect(cap).toMatch(/shape="cylinder".*capture.*dense\/kernel/);
    const eff = toDot(graphOf('effects-in-loop'), DOT_OPTS);
    expect(eff).toMatch(/shape="octagon".*<b>Print<\/b>/);
    expect(eff).toMatch(/tooltip="effect order"/);
    expect(eff).toMatch(/label="while {2}· {2}test\/export\/dot\.test\.ts:\d+ {2}\(effects\)"/);
  });

  it('a collapsed Cond/While is one node carrying its operands and outputs', () => {
    const g = graphOf('collatz-nested-cond-in-while');
    const [loop] = indexGraph(g).clusters;
    const dot = toDot(g, { ...DOT_OPTS, collapsed: new Set([loop!.id]) });
    expect(dot).not.toContain('subgraph');
    expect(dot).toMatch(
      new RegExp(`${loop!.id} \\[shape="box".*label=<<b>▸ while</b>.*ops inside.*steps = 0.*n: int32\\[\\]`),
    );
    expect(dot).toContain(`-> ${loop!.id} [`);
  });

  it('without sourceRoot, tooltips name files by base name and nodes carry no links (no absolute paths)', () => {
    const dot = toDot(graphOf('cond'));
    expect(dot).not.toContain('URL=');
    expect(dot).not.toContain(process.cwd());
    expect(dot).toMatch(/tooltip="Greater\\ndot\.test\.ts:\d+:\d+/);
  });
});

// ---- a tiny XML reader, enough to check the SVG ----

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: (El | string)[];
}

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, d) => String.fromCharCode(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Parses XML; throws on a mismatched or unclosed tag. */
function parseXml(xml: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  const re =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (let m; (m = re.exec(xml));) {
    const top = stack[stack.length - 1]!;
    if (m[6]) throw new Error(`stray '<' at ${m.index}`);
    if (m[1]) {
      if (top.tag !== m[1]) throw new Error(`</${m[1]}> closes <${top.tag}>`);
      stack.pop();
    } else if (m[2]) {
      const attrs: Record<string, string> = {};
      for (const a of m[3]!.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
      const el: El = { tag: m[2], attrs, children: [] };
      top.children.push(el);
      if (!m[4]) stack.push(el);
    } else if (m[5] && stack.length > 1) top.children.push(decode(m[5]));
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.tag}>`);
  return root;
}

function all(el: El, pred: (e: El) => boolean, out: El[] = []): El[] {
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    if (pred(c)) out.push(c);
    all(c, pred, out);
  }
  return out;
}
const classes = (e: El) => (e.attrs.class ?? '').split(/\s+/).filter(Boolean);
const textOf = (e: El): string => e.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');

describe('toSVG', () => {
  it('renders SVG that parses and holds one cluster group per Cond/While and subgraph', async () => {
    const g = graphOf('collatz-nested-cond-in-while');
    const svg = await toSVG(g, DOT_OPTS);
    const doc = parseXml(svg);
    const [root] = all(doc, (e) => e.tag === 'svg');
    expect(root).toBeDefined();
    expect(root!.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    const clusters = all(doc, (e) => e.tag === 'g' && classes(e).includes('ag-cluster'));
    expect(clusters).toHaveLength(6); // While, condition, body, Cond, then, else
    const labels = clusters.map((c) =>
      all(c, (e) => e.tag === 'text')
        .map(textOf)
        .join(' '),
    );
    expect(labels.some((l) => l.startsWith('while'))).toBe(true);
    expect(labels.filter((l) => /^(then|else|condition|body)$/.test(l))).toHaveLength(4);
    const nodes = all(doc, (e) => e.tag === 'g' && classes(e).includes('node'));
    expect(nodes.length).toBeGreaterThan(15);
    // Every node has the stable id of graph-index (the viewer finds nodes by it).
    const ids = new Set(nodes.map((n) => n.attrs.id));
    for (const c of indexGraph(g).clusters) expect(ids.has(c.id) && ids.has(`${c.id}_in`)).toBe(true);
    expect(
      all(doc, (e) => e.tag === 'a' && /dot\.test\.ts#L\d+/.test(e.attrs['xlink:href'] ?? '')).length,
    ).toBeGreaterThan(0);
  });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

describe('toHTML', () => {
  it('is one self-contained page whose CSP allows exactly its inline script and style', async () => {
    const html = await toHTML(graphOf('collatz-nested-cond-in-while'), DOT_OPTS);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|(?:src|href)="https?:/);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(csp).toContain(`style-src 'sha256-${sha256(style)}'`);
    expect(csp).not.toContain('unsafe');
    expect(() => new Function(script)).not.toThrow();
    // The model and the pictures of each collapse state it carries.
    const model = JSON.parse(/<script type="application\/json" id="ag-model">([\s\S]*?)<\/script>/.exec(html)![1]!);
    const states = JSON.parse(
      /<script type="application\/json" id="ag-states">([\s\S]*?)<\/script>/.exec(html)![1]!,
    ) as string[][];
    expect(model.clusters).toHaveLength(2);
    expect(states).toHaveLength(3); // everything expanded, the loop collapsed, the branch collapsed
    for (let i = 0; i < states.length; i++) expect(html).toContain(`<template id="ag-layout-${i}"><svg`);
    const floorDiv = model.nodes.find((n: { op: string }) => n.op === 'FloorDiv');
    expect(floorDiv).toMatchObject({
      kind: 'op',
      inputs: [{ name: 'a' }, { name: 'b', text: '2' }],
      outputs: [{ type: 'int32[]' }],
    });
    expect(floorDiv.where).toMatch(/^test\/export\/dot\.test\.ts:\d+$/);
  });
});

describe('user strings stay text in DOT, SVG and HTML', () => {
  const EVIL = '<a xlink:href="javascript:alert(1)">click</a>';
  it('a title that looks like an HTML label is quoted, escaped and never becomes a link', async () => {
    const g = graphOf('cond');
    const dot = toDot(g, { title: EVIL });
    expect(dot).toContain(`label="<a xlink:href=\\"javascript:alert(1)\\">click</a>"`);
    expect(dot).not.toMatch(/label=<a /);
    const svg = await toSVG(g, { title: EVIL });
    // Text in the picture, not a link.
    expect(svg).not.toMatch(/href="javascript:/);
    expect(svg).toContain('>&lt;a xlink:href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;</text>');
    const html = await toHTML(g, { title: EVIL });
    expect(html).not.toMatch(/<a[^>]*javascript:|href="javascript:/);
    expect(html).toContain('<title>&lt;a xlink:href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;</title>');
  });

  it('source links other than http(s)/file/relative are dropped', () => {
    const dot = toDot(graphOf('cond'), { sourceUrl: () => 'javascript:alert(1)' });
    expect(dot).not.toContain('javascript:');
    expect(dot).not.toContain('URL=');
    const ok = toDot(graphOf('cond'), { sourceUrl: (s) => `https://example.org/src#L${s.line}` });
    expect(ok).toMatch(/URL="https:\/\/example\.org\/src#L\d+"/);
  });

  it('names, print text and assert messages holding markup or </script> stay text', async () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        print('</script><script>alert(1)</script>', x);
        assert(tf.greater(x, 0), '<img src=x onerror=alert(1)>');
        return tf.neg(x);
      },
      { autograph: false, name: '"><svg onload=alert(1)>' },
    );
    const cf = f.getConcreteFunction(tf.scalar(1));
    const dot = cf.toDot();
    expect(dot).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(dot).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(dot.startsWith('digraph "\\"><svg onload=alert(1)>" {')).toBe(true);
    const html = await cf.toHTML();
    const outsideScripts = html.replace(/<script>[\s\S]*?<\/script>/, '');
    expect(outsideScripts).not.toMatch(/<script>alert|<img src=x|<svg onload/);
    expect(html.match(/<\/script>/g)).toHaveLength(3); // the model, the states and the viewer's own
  });
});
