// The viewer's self-contained functions that `startViewer` is handed, by name: the standalone page
// inlines the text of each (to-html.ts), a page that bundles autograph-ts passes them as they are
// (mount-viewer.ts). Needs viewer-page, viewer-legend, viewer-search, viewer-viewport.
// Produces `VIEWER_PARTS`, `partsScript`.

import type { ViewerParts } from './viewer-page.js';
import { buildViewerPage, renderNodeInfo } from './viewer-page.js';
import { renderLegend } from './viewer-legend.js';
import { renderResults, searchNodes } from './viewer-search.js';
import { startViewport } from './viewer-viewport.js';

export const VIEWER_PARTS: ViewerParts = {
  page: buildViewerPage,
  info: renderNodeInfo,
  legend: renderLegend,
  search: searchNodes,
  results: renderResults,
  viewport: startViewport,
};

/** `{ page: (function …), … }`: the parts as a script expression (each function's own text). */
export function partsScript(): string {
  return `{ ${Object.entries(VIEWER_PARTS)
    .map(([name, fn]: [string, () => unknown]) => `${name}: (${fn.toString()})`)
    .join(',\n    ')} }`;
}
