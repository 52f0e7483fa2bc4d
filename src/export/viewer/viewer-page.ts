// The viewer's page structure and its info panel, apart from the interaction in viewer-runtime.ts:
// `buildViewerPage` lays out the bar (search and its results list, buttons), the graph pane (with
// its minimap box) and the side panel with the source and generated code; `renderNodeInfo` fills the info panel for one node. Each function is
// self-contained like `startViewer` (no imports, no module state: the standalone page inlines their
// text and hands them to it). Also the viewer's own interface types. Needs a DOM. Produces
// `buildViewerPage`, `renderNodeInfo`, `ViewerParts`, `ViewerLayouts`, `ViewerApi`.

import type { ViewerModel, ViewerNode } from './viewer-model.js';
import type { LegendEntries } from '../dot/legend.js';
import type { SearchHit } from './viewer-search.js';
import type { Viewport } from './viewer-viewport.js';

/** Where the pictures come from: a fixed set (the standalone page) or drawn on demand. */
export interface ViewerLayouts {
  /** The collapsed sets there is a picture of; undefined when `draw` can draw any. */
  readonly states?: readonly (readonly string[])[];
  draw(collapsed: readonly string[]): string | Promise<string>;
}

/** What tests and scripts can ask of a running viewer (`window.agViewer` on the standalone page). */
export interface ViewerApi {
  select(id: string | undefined): void;
  toggle(id: string): Promise<void>;
  setAll(collapsed: boolean): Promise<void>;
  /** Runs a search as the search box does; the number of matches. */
  search(text: string): number;
  /** The ids the last search found, best first. */
  matches(): string[];
  /** Clusters shown collapsed now. */
  collapsed(): string[];
  /** Resolves when the current picture is on screen. */
  ready(): Promise<void>;
}

/** The elements of the page that the viewer's code works with. */
export interface ViewerPage {
  readonly bar: HTMLElement;
  readonly search: HTMLInputElement;
  readonly count: HTMLElement;
  /** The list of search results under the search box. */
  readonly results: HTMLElement;
  readonly pane: HTMLElement;
  /** The corner box of the minimap. */
  readonly minimap: HTMLElement;
  readonly canvas: HTMLElement;
  readonly info: HTMLElement;
  readonly srcPane: HTMLElement | undefined;
  readonly genPane: HTMLElement | undefined;
}

/** The selected Cond/While, as the info panel shows it. */
export interface InfoCluster {
  readonly id: string;
  readonly size: number;
  readonly collapsed: boolean;
}

/** What `startViewer` is handed: the viewer's other functions (or, on the standalone page, their inlined copies). */
export interface ViewerParts {
  page(root: HTMLElement, model: ViewerModel): ViewerPage;
  info(
    info: HTMLElement,
    node: ViewerNode | undefined,
    cluster: InfoCluster | undefined,
    titleOf: (id: string) => string,
  ): void;
  legend(pane: HTMLElement, legend: LegendEntries): HTMLElement;
  search(model: ViewerModel, text: string): SearchHit[];
  results(list: HTMLElement, model: ViewerModel, hits: readonly SearchHit[], max?: number): void;
  viewport(pane: HTMLElement, canvas: HTMLElement, minimap: HTMLElement): Viewport;
}

/** Fills `root` with the viewer's page for `model` and returns the elements the viewer uses. */
export function buildViewerPage(root: HTMLElement, model: ViewerModel): ViewerPage {
  const doc = root.ownerDocument;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] => {
    const e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  root.textContent = '';
  root.classList.add('agv');
  const bar = el('header', 'agv-bar');
  bar.appendChild(el('h1', 'agv-title', model.title));
  const search = el('input', 'agv-search');
  search.type = 'search';
  search.placeholder = 'Search ops, names, attributes, file:line… ( / )';
  search.setAttribute('aria-label', 'search the graph');
  const count = el('span', 'agv-count');
  const find = el('div', 'agv-find');
  const results = el('div', 'agv-results');
  results.hidden = true;
  results.setAttribute('role', 'listbox');
  find.append(search, results);
  const button = (text: string, act: string): HTMLButtonElement => {
    const b = el('button', 'agv-button', text);
    b.type = 'button';
    b.dataset.act = act;
    return b;
  };
  const buttons = [
    button('Expand all', 'expand'),
    button('Collapse all', 'collapse'),
    button('Fit', 'fit'),
    button('−', 'zoom-out'),
    button('+', 'zoom-in'),
  ];
  bar.append(find, count, ...buttons);
  const main = el('div', 'agv-main');
  const pane = el('div', 'agv-graph');
  const canvas = el('div', 'agv-canvas');
  const minimap = el('div', 'agv-minimap');
  minimap.hidden = true;
  minimap.title = 'the whole graph: click or drag to move the view';
  pane.append(canvas, minimap);
  const side = el('aside', 'agv-side');
  const info = el('section', 'agv-info');
  side.appendChild(info);
  const codePane = (title: string, lines: readonly string[], first: number, cls: string): HTMLElement => {
    const sec = el('section', `agv-code ${cls}`);
    sec.appendChild(el('h2', undefined, title));
    const pre = el('div', 'agv-lines');
    lines.forEach((text, i) => {
      const row = el('div', 'agv-line');
      row.dataset.line = String(first + i);
      row.append(el('span', 'agv-ln', String(first + i)), el('span', 'agv-text', text || ' '));
      pre.appendChild(row);
    });
    sec.appendChild(pre);
    side.appendChild(sec);
    return pre;
  };
  const srcPane = model.source
    ? codePane(
        `Source${model.source.file ? ` · ${model.source.file}` : ''}`,
        model.source.lines,
        model.source.firstLine,
        'agv-src',
      )
    : undefined;
  const genPane = model.generated ? codePane('Generated code', model.generated.lines, 1, 'agv-gen') : undefined;
  main.append(pane, side);
  root.append(bar, main);
  return { bar, search, count, results, pane, minimap, canvas, info, srcPane, genPane };
}

/** Shows node `n` in the info panel (a hint when none is selected); `cluster` when `n` is a Cond/While. */
export function renderNodeInfo(
  info: HTMLElement,
  n: ViewerNode | undefined,
  cluster: InfoCluster | undefined,
  titleOf: (id: string) => string,
): void {
  const doc = info.ownerDocument;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] => {
    const e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const row = (parent: HTMLElement, label: string, value: string | HTMLElement): void => {
    const tr = el('div', 'agv-row');
    tr.append(el('span', 'agv-key', label), typeof value === 'string' ? el('span', 'agv-val', value) : value);
    parent.appendChild(tr);
  };
  const jump = (id: string, text: string): HTMLElement => {
    const a = el('button', 'agv-link', text);
    a.type = 'button';
    a.dataset.go = id;
    return a;
  };
  info.textContent = '';
  if (!n) {
    info.appendChild(
      el(
        'p',
        'agv-hint',
        'Click a node for its op, types, attributes, inputs, outputs and source line; click a box title (a loop, an if, an optimizer update, a layer) to collapse or expand it; click a source line to find its nodes. Hover an edge for its type. Drag to pan, wheel to zoom, or move the view on the minimap.',
      ),
    );
    return;
  }
  const head = el('div', 'agv-head');
  head.append(el('span', `agv-badge agv-${n.kind}`, n.op), el('strong', 'agv-name', n.title));
  info.appendChild(head);
  for (const d of n.details) info.appendChild(el('div', 'agv-detail', d));
  if (cluster) {
    row(info, 'contains', `${cluster.size} ops`);
    const act = el('button', 'agv-button', cluster.collapsed ? 'Expand' : 'Collapse');
    act.type = 'button';
    act.dataset.act = 'toggle';
    act.dataset.id = cluster.id;
    info.appendChild(act);
  }
  for (const link of n.links ?? []) row(info, link.label, jump(link.to, titleOf(link.to)));
  if (n.outputs.length) {
    const box = el('div', 'agv-list');
    n.outputs.forEach((o, k) => {
      const line = el('div', 'agv-item');
      line.appendChild(el('span', undefined, `${o.name ?? (n.outputs.length > 1 ? `#${k}` : 'out')}: ${o.type}`));
      if (o.to.length) line.appendChild(el('span', 'agv-arrow', ' → '));
      o.to.forEach((t) => line.appendChild(jump(t, titleOf(t))));
      box.appendChild(line);
    });
    row(info, 'outputs', box);
  }
  if (n.inputs.length) {
    const box = el('div', 'agv-list');
    for (const i of n.inputs) {
      const line = el('div', 'agv-item');
      line.appendChild(el('span', undefined, `${i.name} ← `));
      line.appendChild(i.from ? jump(i.from, i.text) : el('span', 'agv-const', i.text));
      box.appendChild(line);
    }
    row(info, 'inputs', box);
  }
  if (n.attrs.length) {
    const box = el('div', 'agv-list');
    for (const [k, v] of n.attrs) box.appendChild(el('div', 'agv-item', `${k} = ${v}`));
    row(info, 'attributes', box);
  }
  if (n.where) row(info, 'source', n.where);
  if (n.code) info.appendChild(el('pre', 'agv-snippet', n.code));
}
