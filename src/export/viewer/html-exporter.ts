// The graph viewer as an exporter plug-in (export/exporter.ts): `html` is one self-contained page
// (cf.toHTML; `ag.save` writes it to one file), and `mount` shows the same viewer inside an element
// of a page that bundles autograph-ts (cf.mountViewer). Both show the optimized graph or, with
// `{ graph: 'trace' }`, the trace, with the user's source and the generated code linked to it.
// Needs to-html, mount-viewer, node-files. Produces `htmlExporter`.

import type { ExportSource, FormatExporter, ViewOptions } from '../exporter.js';
import type { ViewerOptions } from './to-html.js';
import { writeFileAt } from '../node-files.js';
import { toHTML } from './to-html.js';
import { mountViewer } from './mount-viewer.js';

/** The graph, its title and the viewer's options with the code panes filled (the caller's `code` wins). */
async function viewed(source: ExportSource, options: ViewerOptions & ViewOptions) {
  const { graph, title } = source.view(options.graph);
  return { graph, opts: { title, ...options, code: { ...(await source.viewerCode()), ...options.code } } };
}

export const htmlExporter: FormatExporter<'html'> = {
  format: 'html',
  description: 'the graph viewer as one self-contained HTML page (needs @viz-js/viz)',
  produces: 'text',
  saves: 'file',
  extensions: ['.html'],
  async export(source, options) {
    const { graph, opts } = await viewed(source, options);
    return toHTML(graph, opts);
  },
  async save(source, path, options) {
    await writeFileAt('save', path, await htmlExporter.export(source, options));
    return [path];
  },
  async mount(element, source, options) {
    const { graph, opts } = await viewed(source, options);
    return mountViewer(element, graph, opts);
  },
};
