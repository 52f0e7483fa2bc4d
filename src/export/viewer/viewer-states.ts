// Which clusters the viewer shows collapsed: at first (the largest ones, until the picture is small
// enough), and which collapse states the page carries a picture of (all of them for a small graph,
// else the first view, everything expanded, everything collapsed, each one-cluster change from the
// first view and each cluster collapsed alone).
// Needs dot's graph-index. Produces `defaultCollapsed`, `layoutStates`, `stateKey`.

import type { GraphIndex } from '../dot/graph-index.js';

/** Past this many drawn nodes the page opens with its largest clusters collapsed. */
export const COLLAPSE_OVER = 40;
/** At most this many pictures in one page. */
export const MAX_LAYOUTS = 24;

type Clusters = GraphIndex['clusters'];

/** The canonical key of a collapsed set: only clusters not inside a collapsed one, sorted. */
export function stateKey(clusters: Clusters, collapsed: Iterable<string>): string {
  const set = new Set(collapsed);
  const parent = new Map(clusters.map((c) => [c.id, c.parent]));
  const hidden = (id: string): boolean => {
    for (let p = parent.get(id); p; p = parent.get(p)) if (set.has(p)) return true;
    return false;
  };
  return [...set]
    .filter((id) => parent.has(id) && !hidden(id))
    .sort()
    .join(',');
}

/** Nodes drawn with `collapsed` (a collapsed cluster counts as one). */
function drawn(clusters: Clusters, total: number, collapsed: ReadonlySet<string>): number {
  let n = total;
  const key = stateKey(clusters, collapsed);
  for (const id of key ? key.split(',') : []) n -= clusters.find((c) => c.id === id)!.size - 1;
  return n;
}

/** The clusters collapsed at first: the largest visible one, again, while more than `over` nodes are drawn. */
export function defaultCollapsed(clusters: Clusters, total: number, over = COLLAPSE_OVER): string[] {
  const collapsed = new Set<string>();
  const parent = new Map(clusters.map((c) => [c.id, c.parent]));
  const visible = (id: string): boolean => {
    for (let p = parent.get(id); p; p = parent.get(p)) if (collapsed.has(p)) return false;
    return true;
  };
  while (drawn(clusters, total, collapsed) > over) {
    const next = clusters
      .filter((c) => !collapsed.has(c.id) && visible(c.id) && c.size > 2)
      .sort((a, b) => b.size - a.size)[0];
    if (!next) break;
    collapsed.add(next.id);
  }
  return stateKey(clusters, collapsed).split(',').filter(Boolean);
}

/** Every canonical collapsed set, while there are at most `cap` of them; else undefined. */
function allStates(clusters: Clusters, cap: number): string[][] | undefined {
  const children = new Map<string | undefined, string[]>();
  for (const c of clusters) children.set(c.parent, [...(children.get(c.parent) ?? []), c.id]);
  // States of a forest: per tree, the root collapsed, or expanded with any state of its children.
  const forest = (ids: readonly string[]): string[][] | undefined => {
    let acc: string[][] = [[]];
    for (const id of ids) {
      const inner = forest(children.get(id) ?? []);
      if (!inner) return undefined;
      const mine = [[id], ...inner];
      if (acc.length * mine.length > cap) return undefined;
      acc = acc.flatMap((a) => mine.map((m) => [...a, ...m]));
    }
    return acc;
  };
  return forest(children.get(undefined) ?? []);
}

/** The collapsed sets the page carries pictures of: the first view first, then everything expanded. */
export function layoutStates(clusters: Clusters, first: readonly string[], cap = MAX_LAYOUTS): string[][] {
  const out = new Map<string, string[]>();
  const add = (s: Iterable<string>): void => {
    const key = stateKey(clusters, s);
    if (!out.has(key) && out.size < cap) out.set(key, key ? key.split(',') : []);
  };
  add(first);
  add([]);
  const all = allStates(clusters, cap);
  if (all) all.forEach(add);
  else {
    add(clusters.filter((c) => !c.parent).map((c) => c.id));
    const base = new Set(first);
    for (const c of clusters) {
      const s = new Set(base);
      if (s.has(c.id)) s.delete(c.id);
      else s.add(c.id);
      add(s);
    }
    // From everything expanded, each cluster collapsed alone (outermost first).
    for (const c of clusters) add([c.id]);
  }
  return [...out.values()];
}
