// What the shapes and lines of a picture mean: one table of node kinds and one of edge styles, drawn
// as a "legend" box in the SVG (toDot's `legend`, only the kinds and styles the picture uses) and
// listed in the HTML viewer's legend (its model carries the same table). Needs dot-style.
// Produces `NODE_LEGEND`, `EDGE_LEGEND`, `legendEntries`, `legendDot`, `EdgeStyle`, `LegendEntries`.

import { attrList, EFFECT_MARK, NODE_STYLE, type NodeKind } from './dot-style.js';

/** What each kind of node stands for, in the order the legend lists them. */
export const NODE_LEGEND: Readonly<Record<NodeKind, string>> = {
  param: 'input, or a loop/branch variable',
  capture: 'captured variable or tensor',
  op: 'op',
  const: 'constant',
  fused: 'fused elementwise ops',
  effect: 'effect: print, assert, variable write',
  cond: 'if: where values enter / leave',
  while: 'loop: where values enter / leave',
  collapsed: 'folded box (click to open)',
  return: 'outputs',
};

export type EdgeStyle = 'solid' | 'dashed' | 'dotted';

/** What each style of line stands for, and how it is drawn. */
export const EDGE_LEGEND: Readonly<Record<EdgeStyle, { readonly text: string; readonly color: string }>> = {
  solid: { text: 'value (hover for its name and type)', color: '#4b5563' },
  dashed: { text: 'value entering a loop or branch from outside', color: '#9ca3af' },
  dotted: { text: 'order of effects', color: EFFECT_MARK.color },
};

export interface LegendEntries {
  readonly nodes: readonly { readonly kind: NodeKind; readonly text: string; readonly shape: string; readonly fill: string; readonly stroke: string; readonly double: boolean }[];
  readonly edges: readonly { readonly style: EdgeStyle; readonly text: string; readonly color: string }[];
}

/** The legend's rows for the kinds and styles a picture uses (all of them when not told). */
export function legendEntries(kinds?: ReadonlySet<NodeKind>, styles?: ReadonlySet<EdgeStyle>): LegendEntries {
  const nodes = (Object.keys(NODE_LEGEND) as NodeKind[])
    .filter((k) => !kinds || kinds.has(k))
    .map((kind) => {
      const s = NODE_STYLE[kind];
      return { kind, text: NODE_LEGEND[kind], shape: String(s.shape), fill: String(s.fillcolor ?? '#ffffff'), stroke: String(s.color ?? '#4b5563'), double: s.peripheries === 2 };
    });
  const edges = (Object.keys(EDGE_LEGEND) as EdgeStyle[]).filter((e) => !styles || styles.has(e)).map((style) => ({ style, ...EDGE_LEGEND[style] }));
  return { nodes, edges };
}

/** Entries per row of the legend box. */
const PER_ROW = 3;

/** DOT lines of the legend box: per node kind and per line style a small sample and its text, three to a row. */
export function legendDot(entries: LegendEntries): string[] {
  const lines = ['  subgraph cluster_legend {', `    graph${attrList({ label: 'legend', style: 'rounded', color: '#d1d5db', fontcolor: '#6b7280', fontsize: 10, id: 'cluster_legend', class: 'ag-legend' })};`];
  const items: string[][] = [];
  const text = (id: string, label: string): void =>
    void lines.push(`    ${id}${attrList({ shape: 'plaintext', label, fontsize: 9, margin: '0.02,0', height: 0.2, id, class: 'ag-legend-item' })};`);
  for (const n of entries.nodes) {
    const id = `legend_${n.kind}`;
    lines.push(`    ${id}${attrList({ ...NODE_STYLE[n.kind], label: ' ', width: 0.4, height: 0.22, fixedsize: 'true', id, class: 'ag-legend-item', tooltip: n.text })};`);
    text(`${id}_text`, n.text);
    items.push([id, `${id}_text`]);
  }
  for (const e of entries.edges) {
    const a = `legend_${e.style}`;
    lines.push(`    ${a}${attrList({ shape: 'point', width: 0.04, color: e.color, id: a, class: 'ag-legend-item' })};`);
    text(`${a}_text`, e.text);
    items.push([a, `${a}_text`]);
  }
  for (let r = 0; r * PER_ROW < items.length; r++) {
    const row = items.slice(r * PER_ROW, (r + 1) * PER_ROW).flat();
    lines.push(`    { rank=same; ${row.join('; ')}; }`);
    for (let i = 1; i < row.length; i++) {
      const style = EDGE_STYLES.has(row[i - 1]!.slice('legend_'.length)) ? row[i - 1]!.slice('legend_'.length) : 'invis';
      const color = style === 'invis' ? undefined : EDGE_LEGEND[style as EdgeStyle].color;
      lines.push(`    ${row[i - 1]} -> ${row[i]}${attrList({ style, color, arrowsize: 0.5, minlen: style === 'invis' ? 1 : 2, class: 'ag-legend-item' })};`);
    }
    if (r > 0) lines.push(`    ${items[(r - 1) * PER_ROW]![0]} -> ${items[r * PER_ROW]![0]}${attrList({ style: 'invis' })};`);
  }
  lines.push('  }');
  return lines;
}

const EDGE_STYLES = new Set<string>(Object.keys(EDGE_LEGEND));
