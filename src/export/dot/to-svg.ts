// Renders a graph picture as SVG with Graphviz compiled to WebAssembly (graphviz.ts loads it on first
// use), with a legend unless told not to. Needs to-dot, graphviz. Produces `toSVG(graph, opts) → Promise<string>`, `renderDot(dot)`.

import type { Graph } from '../../ir/graph.js';
import { toDot, type DotOptions } from './to-dot.js';
import { graphviz } from './graphviz.js';

/** SVG text of DOT source (the `dot` layout engine). */
export async function renderDot(dot: string): Promise<string> {
  return (await graphviz()).renderString(dot, { format: 'svg', engine: 'dot' });
}

export async function toSVG(graph: Graph, opts: DotOptions = {}): Promise<string> {
  return renderDot(toDot(graph, { legend: true, ...opts }));
}
