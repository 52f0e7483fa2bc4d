// The graph's pictures as exporter plug-ins (export/exporter.ts): `dot` (Graphviz DOT text, cf.toDot)
// and `svg` (drawn by Graphviz in wasm, cf.toSVG), of the optimized graph or, with
// `{ graph: 'trace' }`, of the trace; `ag.save` writes the text to one file.
// Needs to-dot, to-svg, node-files. Produces `dotExporter`, `svgExporter`.

import type { FormatExporter } from '../exporter.js';
import { writeFileAt } from '../node-files.js';
import { toDot } from './to-dot.js';
import { toSVG } from './to-svg.js';

export const dotExporter: FormatExporter<'dot'> = {
  format: 'dot',
  description: "Graphviz DOT text of the graph's picture",
  produces: 'text',
  saves: 'file',
  extensions: ['.dot', '.gv'],
  export(source, options) {
    const { graph, title } = source.view(options.graph);
    return toDot(graph, { title, ...options });
  },
  async save(source, path, options) {
    await writeFileAt('save', path, dotExporter.export(source, options));
    return [path];
  },
};

export const svgExporter: FormatExporter<'svg'> = {
  format: 'svg',
  description: "the graph's picture as SVG (needs @viz-js/viz)",
  produces: 'text',
  saves: 'file',
  extensions: ['.svg'],
  async export(source, options) {
    const { graph, title } = source.view(options.graph);
    return toSVG(graph, { title, ...options });
  },
  async save(source, path, options) {
    await writeFileAt('save', path, await svgExporter.export(source, options));
    return [path];
  },
};
