// The standalone HTML viewer: one self-contained file (no network) holding the viewer's stylesheet
// and script inline, its model as JSON, and the pictures of a few collapse states as SVG templates;
// its own Content-Security-Policy allows exactly those inline script and style blocks by hash and
// nothing else. Needs dot's toDot/renderDot and graph-index, the viewer's model, states, runtime, parts
// and CSS. Produces `toHTML(graph, opts)`, `ViewerOptions`.

import type { Graph } from '../../ir/graph.js';
import { toDot, type DotOptions } from '../dot/to-dot.js';
import { renderDot } from '../dot/to-svg.js';
import { escapeHtml } from '../dot/dot-style.js';
import { indexGraph } from '../dot/graph-index.js';
import { countNodes } from '../../opt/pass-report.js';
import { buildModel, type ViewerCode } from './viewer-model.js';
import { COLLAPSE_OVER, defaultCollapsed, layoutStates, MAX_LAYOUTS } from './viewer-states.js';
import { startViewer } from './viewer-runtime.js';
import { partsScript } from './viewer-parts.js';
import { VIEWER_CSS } from './viewer-css.js';

export interface ViewerOptions extends DotOptions {
  /** The user's source and the generated code, shown beside the graph. */
  readonly code?: ViewerCode;
  /** The page opens with its largest Cond/While collapsed while more than this many nodes are drawn (default 40). */
  readonly collapseOver?: number;
  /** At most this many collapse states are drawn into the page (default 24; others fold in place). */
  readonly maxLayouts?: number;
}

/** Past this many characters of pictures, no further collapse state is drawn into the page (the first two always are). */
const LAYOUT_BUDGET = 2_000_000;

/** JSON safe inside a <script> element (no `</script>`, no `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let bin = '';
  for (const b of new Uint8Array(digest)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** The inline script: the viewer's function and the lines that start it on this page's data. */
function bootScript(): string {
  // Loaders that keep function names (tsx) wrap nested functions in `__name(fn, "name")`.
  return `var __name = function (f) { return f; };
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var model = JSON.parse($('ag-model').textContent);
  var states = JSON.parse($('ag-states').textContent);
  var key = function (s) { return s.slice().sort().join(','); };
  var layouts = { states: states, draw: function (c) {
    for (var i = 0; i < states.length; i++) if (key(states[i]) === key(c)) return $('ag-layout-' + i).innerHTML;
    return $('ag-layout-0').innerHTML;
  } };
  var parts = ${partsScript()};
  window.agViewer = (${startViewer.toString()})($('ag-viewer'), model, layouts, parts);
})();`;
}

export async function toHTML(graph: Graph, opts: ViewerOptions = {}): Promise<string> {
  const title = opts.title ?? `graph ${graph.name}`;
  const index = indexGraph(graph, opts);
  const first = defaultCollapsed(index.clusters, countNodes(graph), opts.collapseOver ?? COLLAPSE_OVER);
  const states = layoutStates(index.clusters, first, opts.maxLayouts ?? MAX_LAYOUTS);
  const svgs: string[] = [];
  let size = 0;
  for (const s of states) {
    if (svgs.length >= 2 && size > LAYOUT_BUDGET) break; // the viewer folds other states in place
    const svg = await renderDot(toDot(graph, { ...opts, title, collapsed: new Set(s) }));
    svgs.push(
      svg
        .replace(/^<\?xml[^>]*>\s*/, '')
        .replace(/<!DOCTYPE[^>]*>\s*/i, '')
        .replace(/<!--[\s\S]*?-->\s*/g, ''),
    );
    size += svgs[svgs.length - 1]!.length;
  }
  states.length = svgs.length;
  const model = buildModel(graph, title, opts.code ?? {}, first, opts);
  const script = bootScript();
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${await sha256(script)}'`,
    `style-src 'sha256-${await sha256(VIEWER_CSS)}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${VIEWER_CSS}</style>`,
    '</head>',
    '<body>',
    `<div id="ag-viewer"><noscript>${escapeHtml(title)}: this viewer needs JavaScript.</noscript></div>`,
    `<script type="application/json" id="ag-model">${scriptJson(model)}</script>`,
    `<script type="application/json" id="ag-states">${scriptJson(states)}</script>`,
    ...svgs.map((svg, i) => `<template id="ag-layout-${i}">${svg}</template>`),
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
