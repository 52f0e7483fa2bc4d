// The viewer's code in the browser: lays out the page (graph, info panel, source and generated code),
// shows the picture of the current collapse state, searches nodes (a ranked results list), shows a
// clicked node's op, types, attributes, inputs, outputs and source line, collapses and expands each
// cluster, and links graph and code both ways. `startViewer` is self-contained (no imports, no module
// state; the page's structure, info panel, legend, search and viewport come in as `parts`:
// viewer-page.ts, viewer-legend.ts, viewer-search.ts, viewer-viewport.ts): the standalone page
// inlines the text of all of them, a page that bundles autograph-ts calls them. Needs a DOM.
// Produces `startViewer`, `ViewerLayouts`, `ViewerApi`.

import type { ViewerModel } from './viewer-model.js';
import type { ViewerApi, ViewerLayouts, ViewerParts } from './viewer-page.js';

export type { ViewerApi, ViewerLayouts } from './viewer-page.js';

export function startViewer(
  root: HTMLElement,
  model: ViewerModel,
  layouts: ViewerLayouts,
  parts: ViewerParts,
): ViewerApi {
  const doc = root.ownerDocument;
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const clusterById = new Map(model.clusters.map((c) => [c.id, c]));

  const { bar, search, count, results, pane, canvas, minimap, info, srcPane, genPane } = parts.page(root, model);
  const port = parts.viewport(pane, canvas, minimap);
  const legend = parts.legend(pane, model.legend);

  // ---- state ----
  let collapsed = new Set(model.collapsed);
  let selected: string | undefined;
  let matches: string[] = [];
  let matchAt = -1;
  let svg: SVGSVGElement | null = null;
  let drawing: Promise<void> = Promise.resolve();

  const parentOf = (id: string): string | undefined => clusterById.get(id)?.parent;
  const hiddenBy = (clusters: readonly string[]): string | undefined => clusters.find((c) => collapsed.has(c));
  const canonical = (set: ReadonlySet<string>): string[] =>
    [...set]
      .filter((id) => {
        for (let p = parentOf(id); p; p = parentOf(p)) if (set.has(p)) return false;
        return clusterById.has(id);
      })
      .sort();
  const expandedIn = (set: readonly string[]): Set<string> => {
    const c = new Set(set);
    return new Set(
      model.clusters
        .filter((k) => {
          for (let p: string | undefined = k.id; p; p = parentOf(p)) if (c.has(p)) return false;
          return true;
        })
        .map((k) => k.id),
    );
  };

  /** The picture for `want` (collapsed ids), and the clusters to fold in place on it. */
  const pick = (want: readonly string[]): { draw: readonly string[]; fold: string[] } => {
    if (!layouts.states) return { draw: want, fold: [] };
    const wantOpen = expandedIn(want);
    let best: { draw: readonly string[]; fold: string[] } | undefined;
    for (const s of layouts.states) {
      const open = expandedIn(s);
      if (![...wantOpen].every((id) => open.has(id))) continue;
      const fold = [...open].filter((id) => !wantOpen.has(id));
      if (!best || fold.length < best.fold.length) best = { draw: s, fold };
    }
    return best ?? { draw: [], fold: want.slice() };
  };

  const cls = (e: Element, name: string, on: boolean): void => {
    e.classList.toggle(name, on);
  };

  /** Element of a node or cluster in the picture. */
  const shape = (id: string): Element | null => (svg ? svg.querySelector(`[id="${id}"]`) : null);

  const center = (id: string): void => {
    const e = shape(id) ?? shape(`cluster_${id}`);
    if (e) port.center(e);
  };

  // ---- drawing ----
  const decorate = (fold: readonly string[]): void => {
    if (!svg) return;
    const folded = new Set(fold);
    for (const e of Array.from(svg.querySelectorAll('[class*="ag-in-"]'))) {
      const hide = (e.getAttribute('class') ?? '')
        .split(/\s+/)
        .some((c) => c.startsWith('ag-in-') && folded.has(c.slice(6)));
      cls(e, 'agv-hidden', hide);
    }
    for (const g of Array.from(svg.querySelectorAll('g.ag-cluster'))) {
      const id = (g.getAttribute('id') ?? '').replace(/^cluster_/, '');
      const text = g.querySelector('text');
      if (text && clusterById.has(id)) {
        if (!text.dataset.agLabel) text.dataset.agLabel = text.textContent ?? '';
        text.textContent = `${folded.has(id) ? '▸' : '▾'} ${text.dataset.agLabel}`;
        cls(g, 'agv-toggle', true);
      }
    }
    refreshMarks();
  };

  const render = async (): Promise<void> => {
    const want = canonical(collapsed);
    const { draw, fold } = pick(want);
    const text = await layouts.draw(draw);
    const keepView = svg !== null;
    canvas.innerHTML = text
      .replace(/^<\?xml[^>]*>\s*/, '')
      .replace(/<!DOCTYPE[^>]*>\s*/i, '')
      .replace(/<!--[\s\S]*?-->\s*/g, '');
    svg = canvas.querySelector('svg');
    if (!svg) return;
    decorate(fold);
    port.show(svg, keepView);
    if (!keepView && !minimap.hidden) (legend as HTMLDetailsElement).open = false; // a large picture: the legend stays folded
    root.dataset.state = want.join(',');
    root.dataset.ready = 'true';
  };

  const redraw = (): Promise<void> => {
    root.dataset.ready = 'false';
    drawing = drawing.then(render, render);
    return drawing;
  };

  // ---- marks: selection, search, links ----
  const lineEls = (pre: HTMLElement | undefined, lines: Iterable<number>): HTMLElement[] => {
    if (!pre) return [];
    const set = new Set(lines);
    return Array.from(pre.querySelectorAll<HTMLElement>('.agv-line')).filter((r) => set.has(Number(r.dataset.line)));
  };
  const genLinesFor = (srcLines: ReadonlySet<number>): number[] =>
    (model.generated?.sourceLines ?? []).flatMap((l, i) => (l !== null && srcLines.has(l) ? [i + 1] : []));

  /** The drawn element standing for `id`: itself, or the collapsed cluster it is inside. */
  const drawnId = (id: string): string => {
    const n = byId.get(id);
    const hider = n ? hiddenBy(n.clusters) : undefined;
    return hider ?? id;
  };

  let linked = new Set<number>();
  const refreshMarks = (): void => {
    if (svg) {
      for (const e of Array.from(svg.querySelectorAll('.agv-selected, .agv-match, .agv-linked')))
        e.classList.remove('agv-selected', 'agv-match', 'agv-linked');
      const q = search.value.trim();
      cls(svg, 'agv-searching', q.length > 0);
      for (const id of matches) shape(drawnId(id))?.classList.add('agv-match');
      if (selected) (shape(drawnId(selected)) ?? shape(`${selected}_in`))?.classList.add('agv-selected');
      for (const n of model.nodes)
        if (n.line !== undefined && linked.has(n.line)) shape(drawnId(n.id))?.classList.add('agv-linked');
      for (const c of model.clusters)
        if (c.line !== undefined && linked.has(c.line))
          (shape(`${c.id}_in`) ?? shape(c.id))?.classList.add('agv-linked');
    }
    for (const pre of [srcPane, genPane])
      for (const r of Array.from(pre?.querySelectorAll('.agv-hl') ?? [])) r.classList.remove('agv-hl');
    const gen = genLinesFor(linked);
    lineEls(srcPane, linked).forEach((r) => r.classList.add('agv-hl'));
    lineEls(genPane, gen).forEach((r) => r.classList.add('agv-hl'));
  };

  const scrollTo = (pre: HTMLElement | undefined, line: number | undefined): void => {
    const r = line === undefined ? undefined : lineEls(pre, [line])[0];
    const box = pre?.parentElement;
    if (r && box) box.scrollTop = r.offsetTop - box.offsetTop - box.clientHeight / 3;
  };

  const showInfo = (): void => {
    const cid = selected && clusterById.has(selected) ? selected : undefined;
    const cluster = cid ? { id: cid, size: clusterById.get(cid)!.size, collapsed: collapsed.has(cid) } : undefined;
    parts.info(info, selected ? byId.get(selected) : undefined, cluster, (id) => byId.get(id)?.title ?? id);
  };

  const select = (id: string | undefined, from: 'graph' | 'code' = 'graph'): void => {
    if (id && id.endsWith('_in') && clusterById.has(id.slice(0, -3))) id = id.slice(0, -3);
    selected = id && byId.has(id) ? id : undefined;
    const n = selected ? byId.get(selected) : undefined;
    const line = n?.line ?? (selected ? clusterById.get(selected)?.line : undefined);
    if (from === 'graph') linked = new Set(line === undefined ? [] : [line]);
    showInfo();
    refreshMarks();
    if (from === 'graph' && line !== undefined) {
      scrollTo(srcPane, line);
      scrollTo(genPane, genLinesFor(new Set([line]))[0]);
    }
    root.dataset.selected = selected ?? '';
  };

  const toggle = async (id: string): Promise<void> => {
    if (!clusterById.has(id)) return;
    if (collapsed.has(id)) collapsed.delete(id);
    else collapsed.add(id);
    await redraw();
    showInfo();
    center(id);
  };

  const setAll = async (value: boolean): Promise<void> => {
    collapsed = new Set(value ? model.clusters.filter((c) => !c.parent).map((c) => c.id) : []);
    await redraw();
    showInfo();
    port.fit('top');
  };

  const runSearch = (text: string): number => {
    const hits = parts.search(model, text);
    matches = hits.map((h) => h.id);
    matchAt = -1;
    count.textContent = text.trim() ? `${matches.length} match${matches.length === 1 ? '' : 'es'}` : '';
    parts.results(results, model, hits);
    refreshMarks();
    return matches.length;
  };

  /** Shows match `id`: expands what hides it, centres and selects it. */
  const showMatch = async (id: string): Promise<void> => {
    const n = byId.get(id);
    if (!n) return;
    if (hiddenBy(n.clusters)) {
      for (const c of n.clusters) collapsed.delete(c);
      await redraw();
    }
    select(id);
    center(id);
  };

  /** Shows the next match: expands what hides it, centres and selects it. */
  const nextMatch = async (step: number): Promise<void> => {
    if (!matches.length) return;
    matchAt = (matchAt + step + matches.length) % matches.length;
    await showMatch(matches[matchAt]!);
    count.textContent = `${matchAt + 1} of ${matches.length}`;
  };

  // ---- events ----
  search.addEventListener('input', () => runSearch(search.value));
  search.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') void nextMatch(ev.shiftKey ? -1 : 1);
    if (ev.key === 'Escape') {
      search.value = '';
      runSearch('');
    }
  });
  results.addEventListener('click', (ev) => {
    const id = (ev.target as HTMLElement).closest<HTMLElement>('[data-go]')?.dataset.go;
    if (!id) return;
    matchAt = matches.indexOf(id);
    void showMatch(id).then(() => (count.textContent = `${matchAt + 1} of ${matches.length}`));
  });
  doc.addEventListener('keydown', (ev) => {
    if (ev.key === '/' && doc.activeElement !== search) {
      ev.preventDefault();
      search.focus();
    }
  });
  bar.addEventListener('click', (ev) => {
    const act = (ev.target as HTMLElement).closest('button')?.dataset.act;
    if (act === 'expand') void setAll(false);
    else if (act === 'collapse') void setAll(true);
    else if (act === 'fit') port.fit('fit');
    else if (act === 'zoom-in') port.zoom(1.25);
    else if (act === 'zoom-out') port.zoom(0.8);
  });
  info.addEventListener('click', (ev) => {
    const t = (ev.target as HTMLElement).closest('button');
    if (!t) return;
    if (t.dataset.act === 'toggle' && t.dataset.id) void toggle(t.dataset.id);
    if (t.dataset.go) {
      const id = t.dataset.go;
      select(id);
      center(drawnId(id));
    }
  });

  pane.addEventListener('click', (ev) => {
    if (port.dragged()) return;
    const target = ev.target as Element;
    if (target.closest('a')) ev.preventDefault(); // source links open from the info panel, not by a click on the picture
    const node = target.closest('g.node');
    const cluster = target.closest('g.ag-cluster');
    if (node) {
      const id = node.getAttribute('id') ?? '';
      if (clusterById.has(id) && node.classList.contains('ag-collapsed')) {
        select(id);
        void toggle(id);
        return;
      }
      select(id);
      return;
    }
    if (cluster && target.tagName.toLowerCase() === 'text') {
      const id = (cluster.getAttribute('id') ?? '').replace(/^cluster_/, '');
      if (clusterById.has(id)) {
        select(id);
        void toggle(id);
        return;
      }
    }
    select(undefined);
  });
  const hoverNode = (ev: Event, on: boolean): void => {
    const node = (ev.target as Element).closest?.('g.node');
    if (!node) return;
    let id = node.getAttribute('id') ?? '';
    if (id.endsWith('_in')) id = id.slice(0, -3);
    const line = byId.get(id)?.line ?? clusterById.get(id)?.line;
    if (line === undefined) return;
    lineEls(srcPane, [line]).forEach((r) => cls(r, 'agv-hover', on));
    lineEls(genPane, genLinesFor(new Set([line]))).forEach((r) => cls(r, 'agv-hover', on));
  };
  pane.addEventListener('mouseover', (ev) => hoverNode(ev, true));
  pane.addEventListener('mouseout', (ev) => hoverNode(ev, false));
  const codeClick = (pre: HTMLElement | undefined, isGen: boolean): void => {
    pre?.addEventListener('click', (ev) => {
      const r = (ev.target as HTMLElement).closest<HTMLElement>('.agv-line');
      if (!r) return;
      const n = Number(r.dataset.line);
      const src = isGen ? model.generated?.sourceLines[n - 1] : n;
      linked = new Set(src === null || src === undefined ? [] : [src]);
      const first = model.nodes.find((x) => x.line !== undefined && linked.has(x.line));
      const firstCluster = model.clusters.find((c) => c.line !== undefined && linked.has(c.line));
      select(first?.id ?? firstCluster?.id, 'code');
      if (first ?? firstCluster) center(drawnId((first ?? firstCluster)!.id));
      if (isGen && src !== null && src !== undefined) scrollTo(srcPane, src);
      else if (!isGen) scrollTo(genPane, genLinesFor(linked)[0]);
    });
  };
  codeClick(srcPane, false);
  codeClick(genPane, true);

  showInfo();
  void redraw();
  return {
    select: (id) => select(id),
    toggle,
    setAll,
    search: (text) => {
      search.value = text;
      return runSearch(text);
    },
    matches: () => matches.slice(),
    collapsed: () => canonical(collapsed),
    ready: () => drawing,
  };
}
