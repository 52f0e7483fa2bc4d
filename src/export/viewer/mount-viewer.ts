// The viewer inside a page that bundles autograph-ts (no inline script or style, so it works under
// a CSP like `script-src 'self' 'wasm-unsafe-eval'; style-src 'self'`): the stylesheet is adopted as
// a constructed stylesheet, pictures are drawn on demand by Graphviz (wasm) in the page.
// Needs dot's toDot/renderDot, the viewer's model, states, runtime and CSS. Produces `mountViewer`.

import type { Graph } from '../../ir/graph.js';
import { toDot } from '../dot/to-dot.js';
import { renderDot } from '../dot/to-svg.js';
import { indexGraph } from '../dot/graph-index.js';
import { countNodes } from '../../opt/pass-report.js';
import { buildModel } from './viewer-model.js';
import { COLLAPSE_OVER, defaultCollapsed } from './viewer-states.js';
import { startViewer, type ViewerApi } from './viewer-runtime.js';
import { VIEWER_PARTS } from './viewer-parts.js';
import { VIEWER_CSS } from './viewer-css.js';
import type { ViewerOptions } from './to-html.js';

const adopted = new WeakSet<Document>();

function adoptStyles(doc: Document): void {
  if (adopted.has(doc)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(VIEWER_CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  adopted.add(doc);
}

/** Shows the viewer of `graph` in `element` (which it fills: give it a height, or it takes 680px). */
export async function mountViewer(element: HTMLElement, graph: Graph, opts: ViewerOptions = {}): Promise<ViewerApi> {
  adoptStyles(element.ownerDocument);
  const title = opts.title ?? `graph ${graph.name}`;
  const index = indexGraph(graph, opts);
  const first = defaultCollapsed(index.clusters, countNodes(graph), opts.collapseOver ?? COLLAPSE_OVER);
  const model = buildModel(graph, title, opts.code ?? {}, first, opts);
  if (!element.style.height) element.classList.add('agv-embedded');
  const layouts = {
    draw: (collapsed: readonly string[]) => renderDot(toDot(graph, { ...opts, title, collapsed: new Set(collapsed) })),
  };
  const api = startViewer(element, model, layouts, VIEWER_PARTS);
  await api.ready();
  return api;
}
