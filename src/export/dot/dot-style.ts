// How graph pictures look: DOT quoting and HTML-like labels, the style of each kind of node and
// cluster (params, captures, constants, kernels, fused, effects, Cond/While), and source links.
// Needs the IR types. Produces `quote`, `attrList`, `htmlLabel`, `NODE_STYLE`, `CLUSTER_STYLE`,
// `sourceText`, `sourceHref`, `formatValues`.

import type { NodeSource } from '../../ir/graph.js';

/** A DOT double-quoted string (escapes backslashes and quotes; newlines become `\n`). */
export function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

/** `[k1=v1, k2=v2]` with values quoted, HTML-like labels (`<…>`) left as they are. */
export function attrList(attrs: Readonly<Record<string, string | number | undefined>>): string {
  const parts = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${typeof v === 'number' ? String(v) : v!.startsWith('<') && v!.endsWith('>') ? v : quote(v!)}`);
  return parts.length ? ` [${parts.join(', ')}]` : '';
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An HTML-like label: a bold title, then smaller detail lines. */
export function htmlLabel(title: string, details: readonly string[]): string {
  const rest = details.map((d) => `<br/><font point-size="8">${escapeHtml(d)}</font>`).join('');
  return `<<b>${escapeHtml(title)}</b>${rest}>`;
}

export type NodeKind = 'param' | 'capture' | 'const' | 'op' | 'fused' | 'effect' | 'cond' | 'while' | 'return';

export const NODE_STYLE: Readonly<Record<NodeKind, Readonly<Record<string, string | number>>>> = {
  param: { shape: 'ellipse', style: 'filled', fillcolor: '#dbeafe', color: '#2563eb' },
  capture: { shape: 'cylinder', style: 'filled', fillcolor: '#fef3c7', color: '#d97706', penwidth: 1.4 },
  const: { shape: 'box', style: 'rounded,filled', fillcolor: '#f3f4f6', color: '#9ca3af', fontsize: 8 },
  op: { shape: 'box', style: 'rounded,filled', fillcolor: '#ffffff', color: '#4b5563' },
  fused: { shape: 'box', style: 'rounded,filled', fillcolor: '#ede9fe', color: '#7c3aed' },
  effect: { shape: 'octagon', style: 'filled', fillcolor: '#fee2e2', color: '#dc2626', penwidth: 1.6 },
  cond: { shape: 'diamond', style: 'filled', fillcolor: '#dcfce7', color: '#16a34a' },
  while: { shape: 'Mdiamond', style: 'filled', fillcolor: '#dbeafe', color: '#1d4ed8' },
  return: { shape: 'invhouse', style: 'filled', fillcolor: '#e5e7eb', color: '#6b7280' },
};

export type ClusterKind = 'cond' | 'while' | 'branch' | 'loop-part';

export const CLUSTER_STYLE: Readonly<Record<ClusterKind, Readonly<Record<string, string | number>>>> = {
  cond: { style: 'rounded,dashed', color: '#16a34a', fontcolor: '#166534' },
  while: { style: 'rounded,dashed', color: '#1d4ed8', fontcolor: '#1e3a8a' },
  branch: { style: 'rounded,filled', color: '#86efac', fillcolor: '#f0fdf4', fontcolor: '#166534' },
  'loop-part': { style: 'rounded,filled', color: '#93c5fd', fillcolor: '#eff6ff', fontcolor: '#1e3a8a' },
};

/** Extra style of clusters and control-flow nodes that hold effects. */
export const EFFECT_MARK = { color: '#dc2626', penwidth: 2 } as const;

export interface SourceOptions {
  /** Paths in tooltips and links are made relative to this folder. */
  readonly sourceRoot?: string;
  /** Link of a source location; default a `file://` URL (relative path with `sourceRoot`) with `#L<line>`; false: no links. */
  readonly sourceUrl?: ((source: NodeSource) => string | undefined) | false;
}

function sourcePath(s: NodeSource, opts: SourceOptions): string | undefined {
  if (!s.file) return undefined;
  let p = s.file.startsWith('file://') ? decodeURIComponent(s.file.slice('file://'.length)) : s.file;
  const root = opts.sourceRoot?.replace(/[\\/]+$/, '');
  if (root && p.startsWith(root + '/')) p = p.slice(root.length + 1);
  return p;
}

/** `file.ts:12:5 in fn` (relative to sourceRoot when given, else the file's base name). */
export function sourceText(s: NodeSource, opts: SourceOptions): string {
  const p = sourcePath(s, opts);
  const file = p === undefined ? '<anonymous>' : opts.sourceRoot ? p : p.replace(/^.*[\\/]/, '');
  return `${file}:${s.line}:${s.column}${s.functionName ? ` in ${s.functionName}` : ''}`;
}

export function sourceHref(s: NodeSource, opts: SourceOptions): string | undefined {
  if (opts.sourceUrl === false) return undefined;
  if (opts.sourceUrl) return opts.sourceUrl(s);
  const p = sourcePath(s, opts);
  if (p === undefined) return undefined;
  const base = p.startsWith('/') ? `file://${encodeURI(p)}` : /^[a-z]+:/i.test(p) ? p : encodeURI(p);
  return `${base}#L${s.line}`;
}

/** Short text of Const values (up to 4 shown). */
export function formatValues(values: ArrayLike<unknown>): string {
  const n = values.length;
  const one = (x: unknown) =>
    typeof x === 'string' ? JSON.stringify(x) : Object.is(x, -0) ? '-0' : typeof x === 'number' ? String(Number(x.toPrecision(5))) : String(x);
  if (n === 1) return one(values[0]);
  const shown = Array.from({ length: Math.min(n, 4) }, (_, i) => one(values[i]));
  return `[${shown.join(', ')}${n > 4 ? `, … (${n})` : ''}]`;
}
