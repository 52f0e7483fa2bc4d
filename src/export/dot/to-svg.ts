// Renders a graph picture as SVG with Graphviz compiled to WebAssembly (@viz-js/viz, loaded on first
// use and kept). Needs to-dot. Produces `toSVG(graph, opts) → Promise<string>`, `renderDot(dot)`.

import type { Graph } from '../../ir/graph.js';
import { toDot, type DotOptions } from './to-dot.js';

type Viz = Awaited<ReturnType<typeof import('@viz-js/viz').instance>>;
let viz: Promise<Viz> | undefined;

/** SVG text of DOT source (the `dot` layout engine). */
export async function renderDot(dot: string): Promise<string> {
  viz ??= import('@viz-js/viz').then((m) => m.instance());
  return (await viz).renderString(dot, { format: 'svg', engine: 'dot' });
}

export async function toSVG(graph: Graph, opts: DotOptions = {}): Promise<string> {
  return renderDot(toDot(graph, opts));
}
