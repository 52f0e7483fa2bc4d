// The viewer's search: what a query matches and in which order, and the list of results under the
// search box. A query matches ops and titles first, then names (variables, inputs, outputs), then
// attribute values (`relu`; or an attribute's exact name), then source text; `file.ts:45` and `:45` find the nodes made on that
// line. `searchNodes` and `renderResults` are self-contained like `startViewer` (the standalone page
// inlines their text). Needs a DOM (renderResults). Produces `searchNodes`, `renderResults`, `SearchHit`.

import type { ViewerModel } from './viewer-model.js';

export interface SearchHit {
  readonly id: string;
  /** 0 op or title, 1 name, 2 attribute, 3 source line or text. */
  readonly rank: number;
  /** What matched, as the results list says it (`op`, `name h`, `activation = relu`, `line 45`). */
  readonly why: string;
}

/** The nodes `text` finds, best first (then in the order of the graph). */
export function searchNodes(model: ViewerModel, text: string): SearchHit[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const hits: SearchHit[] = [];
  const at = /^(.*?):(\d+)$/.exec(q);
  for (const n of model.nodes) {
    if (n.kind === 'return') continue;
    if (at) {
      // `file:line` or `:line`: the node's source line (in the source pane, or where it says it comes from).
      const [, file, line] = at;
      const where = (n.where ?? '').toLowerCase();
      const m = /^(.*?):(\d+)/.exec(where);
      const onLine = (n.line !== undefined && String(n.line) === line) || (m !== null && m[2] === line);
      const inFile = !file || (m !== null && (m[1] === file || m[1]!.endsWith(`/${file}`) || m[1]!.endsWith(file)));
      if (onLine && inFile) hits.push({ id: n.id, rank: 3, why: `line ${line}` });
      continue;
    }
    const op = n.op.toLowerCase();
    const title = n.title.toLowerCase();
    if (op.includes(q) || title.includes(q)) {
      hits.push({ id: n.id, rank: 0, why: op === q || title === q ? 'op' : 'op name' });
      continue;
    }
    // An op's detail lines are its attributes (matched below); a capture's say which variable.
    const names = [
      ...n.outputs.map((o) => o.name ?? ''),
      ...n.inputs.map((i) => i.name),
      ...(n.attrs.length ? [] : n.details),
    ].filter(Boolean);
    const name = names.find((x) => x.toLowerCase().includes(q));
    if (name !== undefined) {
      hits.push({ id: n.id, rank: 1, why: `name ${name}` });
      continue;
    }
    const attr = n.attrs.find(([k, v]) => k.toLowerCase() === q || v.toLowerCase().includes(q));
    if (attr) {
      hits.push({ id: n.id, rank: 2, why: `${attr[0]} = ${attr[1]}` });
      continue;
    }
    if (n.search.includes(q)) hits.push({ id: n.id, rank: 3, why: n.code ? `source: ${n.code}` : 'source' });
  }
  return hits
    .map((h, i) => ({ h, i }))
    .sort((a, b) => a.h.rank - b.h.rank || a.i - b.i)
    .map((x) => x.h);
}

/** Fills `list` with one row per hit (at most `max`), each a button with `data-go` = the node's id. */
export function renderResults(list: HTMLElement, model: ViewerModel, hits: readonly SearchHit[], max = 50): void {
  const doc = list.ownerDocument;
  list.textContent = '';
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  for (const hit of hits.slice(0, max)) {
    const n = byId.get(hit.id);
    if (!n) continue;
    const row = doc.createElement('button');
    row.type = 'button';
    row.className = 'agv-result';
    row.dataset.go = hit.id;
    const badge = doc.createElement('span');
    badge.className = `agv-badge agv-${n.kind}`;
    badge.textContent = n.op;
    const title = doc.createElement('span');
    title.className = 'agv-result-title';
    title.textContent = n.title;
    const why = doc.createElement('span');
    why.className = 'agv-result-why';
    why.textContent = [hit.why, n.where].filter(Boolean).join(' · ');
    row.append(badge, title, why);
    list.appendChild(row);
  }
  if (hits.length > max) {
    const more = doc.createElement('div');
    more.className = 'agv-result-more';
    more.textContent = `… ${hits.length - max} more (Enter steps through all)`;
    list.appendChild(more);
  }
  list.hidden = hits.length === 0;
}
