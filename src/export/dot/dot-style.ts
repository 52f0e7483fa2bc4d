// How graph pictures look: DOT quoting and HTML-like labels, the style of each kind of node and
// cluster (params, captures, constants, kernels, fused, effects, Cond/While), and source links.
// Needs the IR types. Produces `quote`, `attrList`, `htmlLabel`, `NODE_STYLE`, `CLUSTER_STYLE`,
// `sourceText`, `sourceHref`, `formatValues`.

import type { NodeSource } from '../../ir/graph.js';

/** A DOT double-quoted string (escapes backslashes and quotes; newlines become `\n`). */
export function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

/**
 * An HTML-like DOT label built by `htmlLabel` from escaped text: the only attribute value written
 * into DOT unquoted. Any plain string (a title, a name, a path) is always quoted, whatever it looks like.
 */
export class HtmlLabel {
  constructor(readonly markup: string) {}
}

export type AttrValue = string | number | HtmlLabel | undefined;

/** `[k1=v1, k2=v2]`: strings quoted, numbers as they are, `HtmlLabel`s as `<…>`. */
export function attrList(attrs: Readonly<Record<string, AttrValue>>): string {
  const parts = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(
      ([k, v]) => `${k}=${typeof v === 'number' ? String(v) : v instanceof HtmlLabel ? `<${v.markup}>` : quote(v!)}`,
    );
  return parts.length ? ` [${parts.join(', ')}]` : '';
}

/** Text escaped for HTML/XML content and attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** An HTML-like label: a bold title, then smaller detail lines (all text escaped). */
export function htmlLabel(title: string, details: readonly string[]): HtmlLabel {
  const rest = details.map((d) => `<br/><font point-size="8">${escapeHtml(d)}</font>`).join('');
  return new HtmlLabel(`<b>${escapeHtml(title)}</b>${rest}`);
}

/** `url` if it is a relative reference or an http(s)/file URL; anything else (javascript:, data:, …) is dropped. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme && !/^(https?|file)$/i.test(scheme[1]!)) return undefined;
  // eslint-disable-next-line no-control-regex -- a URL with a control character is refused
  return /[\u0000-\u001f]/.test(url) ? undefined : url;
}

export type NodeKind =
  'param' | 'capture' | 'const' | 'op' | 'fused' | 'effect' | 'cond' | 'while' | 'return' | 'collapsed';

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
  collapsed: { shape: 'box', style: 'rounded,filled,bold', peripheries: 2, fillcolor: '#eff6ff', color: '#1d4ed8' },
};

export type ClusterKind = 'cond' | 'while' | 'branch' | 'loop-part' | 'group';

export const CLUSTER_STYLE: Readonly<Record<ClusterKind, Readonly<Record<string, string | number>>>> = {
  cond: { style: 'rounded,dashed', color: '#16a34a', fontcolor: '#166534' },
  while: { style: 'rounded,dashed', color: '#1d4ed8', fontcolor: '#1e3a8a' },
  branch: { style: 'rounded,filled', color: '#86efac', fillcolor: '#f0fdf4', fontcolor: '#166534' },
  'loop-part': { style: 'rounded,filled', color: '#93c5fd', fillcolor: '#eff6ff', fontcolor: '#1e3a8a' },
  group: { style: 'rounded,filled', color: '#c4b5fd', fillcolor: '#faf5ff', fontcolor: '#5b21b6' },
};

/** Extra style of clusters and control-flow nodes that hold effects. */
export const EFFECT_MARK = { color: '#dc2626', penwidth: 2 } as const;

export interface SourceOptions {
  /** Paths in tooltips and links are made relative to this folder (else only a file's base name is shown). */
  readonly sourceRoot?: string;
  /**
   * Link of a source location. Default: with `sourceRoot`, the relative path with `#L<line>`;
   * without, no links (a picture never carries an absolute path). false: no links.
   */
  readonly sourceUrl?: ((source: NodeSource) => string | undefined) | false;
}

/** Names of the closures converted code wraps bodies in: not the user's functions. */
const GENERATED_FN = /^(?:loop_body|loop_test|if_body|else_body)(?:_\d+)?$/;

/** The file of a source as shown: relative to sourceRoot when inside it, else undefined for a bundle or script URL. */
function sourcePath(s: NodeSource, opts: SourceOptions): { path: string; relative: boolean } | undefined {
  if (!s.file) return undefined;
  // A page's script (a bundle's chunk) says where the bundle is, not where the user's code is.
  if (/^(?:https?|blob|data|autograph):/i.test(s.file)) return undefined;
  const p = (s.file.startsWith('file://') ? decodeURIComponent(s.file.slice('file://'.length)) : s.file).replace(
    /\\/g,
    '/',
  );
  const root = opts.sourceRoot?.replace(/\\/g, '/').replace(/\/+$/, '');
  if (root && p.startsWith(root + '/')) return { path: p.slice(root.length + 1), relative: true };
  if (!p.startsWith('/') && !/^[a-z]:\//i.test(p)) return { path: p, relative: true };
  return { path: p.replace(/^.*\//, ''), relative: false };
}

/**
 * `file.ts:12:5 in fn`: the path relative to sourceRoot (or as the converter wrote it, already
 * relative), else the file's base name; `show` leaves out the column or the function.
 */
export function sourceText(
  s: NodeSource,
  opts: SourceOptions,
  show: { readonly column?: boolean; readonly fn?: boolean } = {},
): string {
  const p = sourcePath(s, opts);
  const file =
    p === undefined ? '<anonymous>' : opts.sourceRoot || !p.path.includes('/') ? p.path : p.path.replace(/^.*\//, '');
  // Vite's SSR loader (vitest) renames imports: `__vite_ssr_import_1__.jit` is the user's `jit`.
  const name = s.functionName?.replace(/__vite_ssr_import_\d+__\./g, '');
  const fn = show.fn !== false && name && !GENERATED_FN.test(name) ? ` in ${name}` : '';
  return `${file}:${s.line}${show.column !== false ? `:${s.column}` : ''}${fn}`;
}

/** Whether a source can be shown at all (a bundle's position cannot). */
export function knownSource(s: NodeSource | undefined): boolean {
  return !!s && s.known !== false && sourcePath(s, {}) !== undefined;
}

export function sourceHref(s: NodeSource, opts: SourceOptions): string | undefined {
  if (opts.sourceUrl === false) return undefined;
  if (opts.sourceUrl) return safeUrl(opts.sourceUrl(s));
  const p = sourcePath(s, opts);
  if (p === undefined || !opts.sourceRoot || !p.relative) return undefined;
  return safeUrl(`${encodeURI(p.path)}#L${s.line}`);
}

/** Short text of Const values (up to 4 shown). */
export function formatValues(values: ArrayLike<unknown>): string {
  const n = values.length;
  const one = (x: unknown) =>
    typeof x === 'string'
      ? JSON.stringify(x)
      : Object.is(x, -0)
        ? '-0'
        : typeof x === 'number'
          ? String(Number(x.toPrecision(5)))
          : String(x);
  if (n === 1) return one(values[0]);
  const shown = Array.from({ length: Math.min(n, 4) }, (_, i) => one(values[i]));
  return `[${shown.join(', ')}${n > 4 ? `, … (${n})` : ''}]`;
}
