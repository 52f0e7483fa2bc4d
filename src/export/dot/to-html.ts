// The HTML graph viewer: one self-contained page (inline SVG, CSS and script, no external
// resources) whose Cond/While clusters collapse and expand when their title is clicked.
// Needs to-svg and viewer-assets. Produces `toHTML(graph, opts) → Promise<string>`, `htmlPage(svg, title)`.

import type { Graph } from '../../ir/graph.js';
import type { DotOptions } from './to-dot.js';
import { toSVG } from './to-svg.js';
import { VIEWER_CSS, VIEWER_SCRIPT } from './viewer-assets.js';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page around an SVG produced by `toSVG` (its XML prolog and doctype are dropped). */
export function htmlPage(svg: string, title: string): string {
  const inline = svg.replace(/^<\?xml[^>]*>\s*/, '').replace(/^<!DOCTYPE[^>]*>\s*/i, '').replace(/^<!--[\s\S]*?-->\s*/g, '');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${VIEWER_CSS}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeHtml(title)}</h1>`,
    '<span class="hint">Click a Cond/While or branch title to collapse or expand it; hover a node for its source line.</span>',
    '<button id="ag-expand-all" type="button">Expand all</button>',
    '<button id="ag-collapse-all" type="button">Collapse all</button>',
    '</header>',
    `<main id="ag-graph">${inline}</main>`,
    `<script>${VIEWER_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export async function toHTML(graph: Graph, opts: DotOptions = {}): Promise<string> {
  const title = opts.title ?? `graph ${graph.name}`;
  return htmlPage(await toSVG(graph, opts), title);
}
