// Pictures of graphs: DOT text, SVG through Graphviz (wasm), and the HTML viewer (a standalone page,
// or mounted in a page). Needs the modules below. Produces the public surface of the picture export.

export { toDot, type DotOptions } from './to-dot.js';
export { toSVG, renderDot } from './to-svg.js';
export { setGraphviz, type GraphvizModule } from './graphviz.js';
export { toHTML, type ViewerOptions } from '../viewer/to-html.js';
export { mountViewer } from '../viewer/mount-viewer.js';
export type { ViewerCode } from '../viewer/viewer-model.js';
export type { ViewerApi } from '../viewer/viewer-runtime.js';
