// What the shapes and lines of a picture mean: one table of node kinds and one of edge styles, drawn
// as a "legend" table under the SVG's outputs (toDot's `legend`, only the kinds and styles the picture uses) and
// listed in the HTML viewer's legend (its model carries the same table). Needs dot-style.
// Produces `NODE_LEGEND`, `EDGE_LEGEND`, `legendEntries`, `legendDot`, `EdgeStyle`, `LegendEntries`.

import { attrList, EFFECT_MARK, escapeHtml, HtmlLabel, NODE_STYLE, type NodeKind } from './dot-style.js';

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
  readonly nodes: readonly {
    readonly kind: NodeKind;
    readonly text: string;
    readonly shape: string;
    readonly fill: string;
    readonly stroke: string;
    readonly double: boolean;
  }[];
  readonly edges: readonly { readonly style: EdgeStyle; readonly text: string; readonly color: string }[];
}

/** The legend's rows for the kinds and styles a picture uses (all of them when not told). */
export function legendEntries(kinds?: ReadonlySet<NodeKind>, styles?: ReadonlySet<EdgeStyle>): LegendEntries {
  const nodes = (Object.keys(NODE_LEGEND) as NodeKind[])
    .filter((k) => !kinds || kinds.has(k))
    .map((kind) => {
      const s = NODE_STYLE[kind];
      return {
        kind,
        text: NODE_LEGEND[kind],
        shape: String(s.shape),
        fill: String(s.fillcolor ?? '#ffffff'),
        stroke: String(s.color ?? '#4b5563'),
        double: s.peripheries === 2,
      };
    });
  const edges = (Object.keys(EDGE_LEGEND) as EdgeStyle[])
    .filter((e) => !styles || styles.has(e))
    .map((style) => ({ style, ...EDGE_LEGEND[style] }));
  return { nodes, edges };
}

/** How the SVG legend names each shape (its swatch shows the colours). */
const SHAPE_WORD: Readonly<Record<string, string>> = {
  ellipse: 'oval',
  box: 'box',
  cylinder: 'cylinder',
  octagon: 'octagon',
  diamond: 'diamond',
  Mdiamond: 'diamond',
  invhouse: 'pentagon',
};

/** Line samples, drawn with characters. */
const LINE_TEXT: Readonly<Record<EdgeStyle, string>> = { solid: '────▸', dashed: '─ ─ ─▸', dotted: '·······▸' };

/**
 * DOT lines of the legend: one node (an HTML-like table) below node `below` (the outputs), a row per
 * node kind (a swatch in its colours, its shape and meaning) and per line style.
 */
export function legendDot(entries: LegendEntries, below: string): string[] {
  const rows = [
    '<tr><td colspan="2" align="left"><font point-size="10" color="#6b7280"><b>legend</b></font></td></tr>',
    ...entries.nodes.map((n) => {
      const swatch = `<td width="22" height="12" fixedsize="true" bgcolor="${n.fill}" color="${n.stroke}" border="1"${n.double ? ' style="rounded"' : ''}> </td>`;
      return `<tr>${swatch}<td align="left">${escapeHtml(`${SHAPE_WORD[n.shape] ?? n.shape}${n.double ? ', double border' : ''}: ${n.text}`)}</td></tr>`;
    }),
    ...entries.edges.map(
      (e) =>
        `<tr><td><font color="${e.color}">${LINE_TEXT[e.style]}</font></td><td align="left">${escapeHtml(e.text)}</td></tr>`,
    ),
  ];
  const table = new HtmlLabel(
    `<table border="0" cellborder="0" cellspacing="3" cellpadding="1">${rows.join('')}</table>`,
  );
  return [
    `  legend${attrList({ shape: 'box', style: 'rounded', color: '#d1d5db', fontsize: 9, fontcolor: '#374151', margin: '0.06,0.04', label: table, id: 'legend', class: 'ag-legend' })};`,
    `  ${below} -> legend${attrList({ style: 'invis' })};`,
  ];
}
