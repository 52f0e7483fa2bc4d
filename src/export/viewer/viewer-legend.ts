// The viewer's legend: a small folding box in a corner of the graph pane with a sample of each node
// shape and line style the picture uses and what it means (the same table as the SVG's legend,
// dot/legend.ts, carried in the model). Self-contained like `startViewer` (the standalone page
// inlines its text); drawn with SVG presentation attributes only, so the page's CSP holds.
// Needs a DOM. Produces `renderLegend`.

import type { LegendEntries } from '../dot/legend.js';

/** Fills `pane` with the legend box for `legend` and returns it. */
export function renderLegend(pane: HTMLElement, legend: LegendEntries): HTMLElement {
  const doc = pane.ownerDocument;
  const NS = 'http://www.w3.org/2000/svg';
  const svgEl = (tag: string, attrs: Record<string, string | number>): SVGElement => {
    const e = doc.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    return e;
  };
  // Graphviz's shapes, drawn in a 28×16 box.
  const outline = (shape: string): SVGElement => {
    if (shape === 'ellipse') return svgEl('ellipse', { cx: 14, cy: 8, rx: 13, ry: 7 });
    if (shape === 'cylinder')
      return svgEl('path', { d: 'M1,4 a13,3 0 0,0 26,0 a13,3 0 0,0 -26,0 v8 a13,3 0 0,0 26,0 v-8' });
    if (shape === 'octagon') return svgEl('polygon', { points: '8,1 20,1 27,5 27,11 20,15 8,15 1,11 1,5' });
    if (shape === 'diamond' || shape === 'Mdiamond') return svgEl('polygon', { points: '14,1 27,8 14,15 1,8' });
    if (shape === 'invhouse') return svgEl('polygon', { points: '1,1 27,1 27,10 14,15 1,10' });
    return svgEl('rect', { x: 1, y: 1, width: 26, height: 14, rx: 4 });
  };
  const box = doc.createElement('details');
  box.className = 'agv-legend';
  box.open = true;
  const summary = doc.createElement('summary');
  summary.textContent = 'Legend';
  box.appendChild(summary);
  const row = (sample: SVGElement, text: string, key: string): void => {
    const r = doc.createElement('div');
    r.className = 'agv-legend-row';
    r.dataset.key = key;
    const pic = svgEl('svg', { width: 28, height: 16, viewBox: '0 0 28 16', 'aria-hidden': 'true' });
    pic.appendChild(sample);
    const label = doc.createElement('span');
    label.textContent = text;
    r.append(pic, label);
    box.appendChild(r);
  };
  for (const n of legend.nodes) {
    const g = svgEl('g', { fill: n.fill, stroke: n.stroke, 'stroke-width': 1.2 });
    g.appendChild(outline(n.shape));
    if (n.double) g.appendChild(svgEl('rect', { x: 3, y: 3, width: 22, height: 10, rx: 3, fill: 'none' }));
    row(g, n.text, n.kind);
  }
  for (const e of legend.edges) {
    const dash = e.style === 'dashed' ? '4,3' : e.style === 'dotted' ? '1,2.5' : '';
    const g = svgEl('g', { stroke: e.color, fill: e.color, 'stroke-width': 1.4 });
    const line = svgEl('line', { x1: 1, y1: 8, x2: 22, y2: 8 });
    if (dash) line.setAttribute('stroke-dasharray', dash);
    g.append(line, svgEl('polygon', { points: '21,5 27,8 21,11', stroke: 'none' }));
    row(g, e.text, e.style);
  }
  pane.appendChild(box);
  return box;
}
