// Pictures of graphs: DOT text, SVG through Graphviz (wasm), and a collapsible HTML viewer.
// Needs the modules below. Produces the public surface of the picture export.

export { toDot, type DotOptions } from './to-dot.js';
export { toSVG, renderDot } from './to-svg.js';
export { setGraphviz, type GraphvizModule } from './graphviz.js';
export { toHTML, htmlPage } from './to-html.js';
