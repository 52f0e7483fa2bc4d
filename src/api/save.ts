// `save(cf, path, { format })`: writes a concrete function in an installed export format — an ONNX
// file, a TF.js GraphModel folder (model.json + weights), a DOT, SVG or HTML file — through that
// format's exporter plug-in (export/exporter.ts). Needs the exporter registry. Produces `save`.

import type { ConcreteFunction } from './concrete-function.js';
import { exporterFor, type ExportFormat, type ExportFormats } from '../export/exporter.js';

export interface SaveOptions<K extends ExportFormat = ExportFormat> {
  /** `'onnx'`, `'graph-model'` (a folder), `'dot'`, `'svg'` or `'html'`. */
  readonly format: K;
  /** The format's own options (those of `cf.export(format, options)`). */
  readonly options?: ExportFormats[K]['options'];
}

/**
 * Writes `cf` to `path` (a file, or a folder for a GraphModel); resolves to the paths written. An
 * unknown format is `export/unknown-format`.
 */
export async function save<K extends ExportFormat>(
  cf: ConcreteFunction,
  path: string,
  opts: SaveOptions<K>,
): Promise<string[]> {
  return exporterFor(opts.format, 'save').save(cf.exportSource(), path, opts.options ?? {});
}
