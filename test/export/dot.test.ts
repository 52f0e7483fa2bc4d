// Pictures of graphs: toDot golden files (test/export/dot-golden/*.dot; regenerate with
// `npx vitest run test/export/dot.test.ts -u`), toSVG output that parses as SVG and holds the
// clusters, and the HTML viewer whose script collapses clusters (run here against a tiny DOM).
// The traced functions come first so that edits below do not move the source lines in the goldens.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { print, assert } from '../../src/trace/effects.js';
import { toDot, toHTML, toSVG } from '../../src/export/dot/index.js';
import type { Graph } from '../../src/ir/graph.js';

const i32 = (v: number) => tf.scalar(v, 'int32');
const W = tf.variable(tf.ones([3, 2]), true, 'dense/kernel');
const B = tf.tensor1d([0.5, -0.5]);

const FIXTURES: Record<string, { fn: (...a: tf.Tensor[]) => unknown; inputs: () => tf.Tensor[] }> = {
  'straight-line': { fn: (x) => tf.sub(tf.add(tf.div(tf.mul(x, x), 2), tf.abs(x)), 1), inputs: () => [tf.zeros([4])] },
  'captures': { fn: (x) => tf.sigmoid(tf.add(tf.matMul(x, W), B)), inputs: () => [tf.zeros([1, 3])] },
  'cond': { fn: (x) => ag.cond(tf.greater(tf.sum(x), 0), () => tf.mul(x, x), () => tf.zerosLike(x)), inputs: () => [tf.zeros([3])] },
  'collatz-nested-cond-in-while': {
    fn: (a) =>
      ag.whileLoop(
        (n: tf.Tensor) => tf.notEqual(n, i32(1)),
        (n: tf.Tensor, c: tf.Tensor) => [ag.cond(tf.equal(tf.mod(n, i32(2)), i32(0)), () => tf.floorDiv(n, i32(2)), () => tf.add(tf.mul(n, i32(3)), i32(1))), tf.add(c, i32(1))],
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
      const [, l] = ag.whileLoop((i) => tf.less(i, n!), (i, l) => [tf.add(i, i32(1)), (l as unknown as ag.TensorList).push(tf.mul(i, i))], [i32(0), z]);
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
      await expect(toDot(graphOf(name), DOT_OPTS)).toMatchFileSnapshot(`dot-golden/${name}.dot`);
    });
  }

  it('clusters nest, captures and effects are drawn distinctly, nodes link to their source line', () => {
    const dot = toDot(graphOf('collatz-nested-cond-in-while'), DOT_OPTS);
    // The Cond cluster is inside the While body cluster.
    expect(dot).toMatch(/subgraph cluster_2 \{[\s\S]*subgraph cluster_3 \{[\s\S]*label="Cond/);
    expect(dot).toMatch(/URL="test\/export\/dot\.test\.ts#L\d+"/);
    const cap = toDot(graphOf('captures'), DOT_OPTS);
    expect(cap).toMatch(/shape="cylinder".*capture.*dense\/kernel/);
    const eff = toDot(graphOf('effects-in-loop'), DOT_OPTS);
    expect(eff).toMatch(/shape="octagon".*<b>Print<\/b>/);
    expect(eff).toMatch(/tooltip="effect order"/);
    expect(eff).toMatch(/label="While \(effects\)/);
  });
});

// ---- a tiny XML reader and DOM, enough to check the SVG and to run the viewer script ----

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  parent?: El;
}

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, d) => String.fromCharCode(Number(d))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Parses XML; throws on a mismatched or unclosed tag. */
function parseXml(xml: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  const re = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (let m; (m = re.exec(xml)); ) {
    const top = stack[stack.length - 1]!;
    if (m[6]) throw new Error(`stray '<' at ${m.index}`);
    if (m[1]) {
      if (top.tag !== m[1]) throw new Error(`</${m[1]}> closes <${top.tag}>`);
      stack.pop();
    } else if (m[2]) {
      const attrs: Record<string, string> = {};
      for (const a of m[3]!.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
      const el: El = { tag: m[2], attrs, children: [], parent: top };
      top.children.push(el);
      if (!m[4]) stack.push(el);
    } else if (m[5] && stack.length > 1) top.children.push(decode(m[5]));
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.tag}>`);
  return root;
}

function all(el: El, pred: (e: El) => boolean, out: El[] = []): El[] {
  for (const c of el.children) if (typeof c !== 'string') (pred(c) && out.push(c), all(c, pred, out));
  return out;
}
const classes = (e: El) => (e.attrs.class ?? '').split(/\s+/).filter(Boolean);

/** Wraps parsed elements in the DOM surface the viewer script uses. */
function dom(root: El) {
  const wrap = new Map<El, object>();
  const handlers = new Map<El, (() => void)[]>();
  const text = (e: El): string => e.children.map((c) => (typeof c === 'string' ? c : text(c))).join('');
  const match = (sel: string) => (e: El): boolean => {
    if (sel.startsWith('#')) return e.attrs.id === sel.slice(1);
    const attrMatch = /^\[class\*="([^"]+)"\]$/.exec(sel);
    if (attrMatch) return (e.attrs.class ?? '').includes(attrMatch[1]!);
    const [tag, cls] = sel.split('.');
    return (!tag || e.tag === tag) && (!cls || classes(e).includes(cls));
  };
  const node = (e: El): object => {
    if (!wrap.has(e)) {
      wrap.set(e, {
        el: e,
        querySelector: (s: string) => { const r = all(e, match(s))[0]; return r ? node(r) : null; },
        querySelectorAll: (s: string) => all(e, match(s)).map(node),
        getAttribute: (k: string) => e.attrs[k] ?? null,
        setAttribute: (k: string, v: string) => { e.attrs[k] = v; },
        get textContent() { return text(e); },
        set textContent(v: string) { e.children = [v]; },
        classList: { toggle: (c: string, on: boolean) => { const s = new Set(classes(e)); if (on) s.add(c); else s.delete(c); e.attrs.class = [...s].join(' '); } },
        addEventListener: (_: string, h: () => void) => handlers.set(e, [...(handlers.get(e) ?? []), h]),
      });
    }
    return wrap.get(e)!;
  };
  const document = { getElementById: (id: string) => { const r = all(root, match(`#${id}`))[0]; return r ? node(r) : null; } };
  const click = (e: El) => (handlers.get(e) ?? []).forEach((h) => (h as (ev: unknown) => void)({ preventDefault() {} }));
  return { document, click };
}

describe('toSVG', () => {
  it('renders SVG that parses and holds one cluster group per Cond/While and subgraph', async () => {
    const g = graphOf('collatz-nested-cond-in-while');
    const svg = await toSVG(g, DOT_OPTS);
    const doc = parseXml(svg);
    const [root] = all(doc, (e) => e.tag === 'svg');
    expect(root).toBeDefined();
    expect(root!.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    const clusters = all(doc, (e) => e.tag === 'g' && classes(e).includes('ag-cluster'));
    expect(clusters).toHaveLength(6); // While, cond, body, Cond, then, else
    const labels = clusters.map((c) => all(c, (e) => e.tag === 'text').map((t) => t.children.join('')).join(' '));
    expect(labels.some((l) => l.startsWith('While'))).toBe(true);
    expect(labels.filter((l) => /^(then|else|cond|body)$/.test(l))).toHaveLength(4);
    const nodes = all(doc, (e) => e.tag === 'g' && classes(e).includes('node'));
    expect(nodes.length).toBeGreaterThan(20);
    expect(all(doc, (e) => e.tag === 'a' && /dot\.test\.ts#L\d+/.test(e.attrs['xlink:href'] ?? '')).length).toBeGreaterThan(0);
  });
});

describe('toHTML', () => {
  it('is one self-contained page with the SVG and the collapse script', async () => {
    const html = await toHTML(graphOf('collatz-nested-cond-in-while'), DOT_OPTS);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<svg');
    expect(html).toMatch(/<script>[\s\S]*agViewer[\s\S]*<\/script>/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(() => new Function(script)).not.toThrow();
  });

  it('clicking a cluster title hides what is inside it and keeps its merge node; clicking again shows it', async () => {
    const html = await toHTML(graphOf('collatz-nested-cond-in-while'), DOT_OPTS);
    const main = /<main id="ag-graph">([\s\S]*)<\/main>/.exec(html)![1]!;
    const doc = parseXml(`<main id="ag-graph">${main}</main>`);
    const { document, click } = dom(doc);
    const window: Record<string, unknown> = {};
    new Function('document', 'window', /<script>([\s\S]*)<\/script>/.exec(html)![1]!)(document, window);

    const hidden = () => all(doc, (e) => classes(e).includes('ag-hidden'));
    const clusterEl = (name: string) => all(doc, (e) => classes(e).includes('ag-cluster') && all(e, (t) => t.tag === 'title')[0]?.children[0] === name)[0]!;
    const labelOf = (c: El) => all(c, (e) => e.tag === 'text')[0]!;
    expect(hidden()).toHaveLength(0);
    expect(labelOf(clusterEl('cluster_3')).children.join('')).toMatch(/^\u25be Cond/);

    click(labelOf(clusterEl('cluster_3'))); // the Cond inside the loop body
    const inCond = all(doc, (e) => classes(e).includes('ag-in-cluster_3'));
    expect(inCond.length).toBeGreaterThan(10);
    expect(hidden().length).toBe(inCond.length);
    expect(labelOf(clusterEl('cluster_3')).children.join('')).toMatch(/^\u25b8 Cond/);
    const merge = all(doc, (e) => classes(e).includes('ag-cond'))[0]!;
    expect(classes(merge)).not.toContain('ag-hidden');

    click(labelOf(clusterEl('cluster_0'))); // the whole While
    expect(hidden().length).toBe(all(doc, (e) => classes(e).includes('ag-in-cluster_0')).length);
    click(labelOf(clusterEl('cluster_0')));
    expect(hidden().length).toBe(inCond.length); // the inner Cond stays collapsed
    click(labelOf(clusterEl('cluster_3')));
    expect(hidden()).toHaveLength(0);
  });
});
