// Exporters as plug-ins: the `Exporter` contract (a format's name, its files, what it produces, how
// it exports a concrete function and saves it) and the registry of formats. The installers of
// src/install/ register the package's own formats (onnx, graph-model, dot, svg, html); a new format
// is a folder of export/ holding its `Exporter` and one `registerExporter` line there. cf.toONNX &
// co., `cf.export(format)`, `ag.save(cf, path, { format })` and the CLI find them here, so a browser
// bundle carries only the formats it installs (`autograph-ts/export`, `autograph-ts/viewer`).
// Needs the catalogue; the formats' option and result types (types only, no exporter code).
// Produces `Exporter`, `ExportSource`, `ExportFormats`, `registerExporter`, `exporterFor`,
// `exportFormats`, `withoutExporters`, `GraphView`, `ViewOptions`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../ir/graph.js';
import type { OnnxExportOptions } from './onnx/export-onnx.js';
import type { GraphModelExportOptions } from './graph-model/export-graph-model.js';
import type { DotOptions } from './dot/dot-writer.js';
import type { ViewerOptions } from './viewer/to-html.js';
import type { ViewerCode } from './viewer/viewer-model.js';
import type { ViewerApi } from './viewer/viewer-runtime.js';
import { agError } from '../errors/catalogue.js';

/**
 * Which graph a view shows: the one the executor runs (default), the trace as recorded, or (for
 * text) the trace followed by what each optimizer pass changed.
 */
export type GraphView = 'optimized' | 'trace' | 'passes';

export interface ViewOptions {
  readonly graph?: GraphView;
}

// A new format adds its line here (types only), so that cf.export and ag.save type its options.
/**
 * The export formats of the package, with the options each takes and what it produces
 * (`cf.export(format, options)` and `ag.save(cf, path, { format, options })` are typed by this map).
 */
export interface ExportFormats {
  /** An ONNX model (opset 18, IR version 8), as bytes. */
  onnx: { options: OnnxExportOptions; result: Uint8Array };
  /** A TF.js GraphModel: model.json's topology and the weights, in memory (`tf.io.ModelArtifacts`). */
  'graph-model': { options: GraphModelExportOptions; result: tf.io.ModelArtifacts };
  /** Graphviz DOT text of the graph's picture. */
  dot: { options: DotOptions & ViewOptions; result: string };
  /** The picture as SVG (Graphviz in wasm). */
  svg: { options: DotOptions & ViewOptions; result: Promise<string> };
  /** The graph viewer as one self-contained HTML page; it can also be mounted in a page's element. */
  html: { options: ViewerOptions & ViewOptions; result: Promise<string>; mounted: ViewerApi };
}

/** The name of an export format: `'onnx'`, `'graph-model'`, `'dot'`, `'svg'` or `'html'`. */
export type ExportFormat = keyof ExportFormats;

/** What an exporter reads of a concrete function (api/ builds it; export/ does not import api/). */
export interface ExportSource {
  /** The function's name (the ONNX graph's name). */
  readonly name: string;
  /** The graph as traced: what ONNX and GraphModel export. */
  readonly graph: Graph;
  /** The graph a picture shows for `view` (default: the optimized graph) and its title. */
  view(view: GraphView | undefined): { readonly graph: Graph; readonly title: string };
  /** The user's source and the generated code, for the viewer's panes ({} when unknown). */
  viewerCode(): Promise<ViewerCode>;
}

/** One export format, as a plug-in: what `registerExporter` takes. */
export interface Exporter<Options = object, Result = unknown, Mounted = unknown> {
  /** Its name in `cf.export(format)`, `ag.save(cf, path, { format })` and the CLI's `--format`. */
  readonly format: string;
  /** What it makes, in a few words (the CLI's help, error hints). */
  readonly description: string;
  /** What `export` returns: binary bytes, text, or an in-memory model of several files. */
  readonly produces: 'bytes' | 'text' | 'artifacts';
  /** What `save` writes at the path it is given: that one file, or a folder of files. */
  readonly saves: 'file' | 'folder';
  /** The endings of the files it writes, the usual one first (`.onnx`). */
  readonly extensions: readonly string[];
  /** The format of `source` (text and bytes in memory; a Promise where it draws asynchronously). */
  export(source: ExportSource, options: Options): Result;
  /** Writes the format at `path` (Node only: `export/node-only` elsewhere); resolves to the paths written. */
  save(source: ExportSource, path: string, options: Options): Promise<string[]>;
  /** Where the format can also be shown inside an element of a page (html: the viewer). */
  mount?(element: HTMLElement, source: ExportSource, options: Options): Promise<Mounted>;
}

type MountedOf<K extends ExportFormat> = ExportFormats[K] extends { mounted: infer M } ? M : never;

/** The exporter of a format of the map, typed by its line there (`mount` required where it has `mounted`). */
export type FormatExporter<K extends ExportFormat> = Exporter<
  ExportFormats[K]['options'],
  ExportFormats[K]['result'],
  MountedOf<K>
> &
  ([MountedOf<K>] extends [never]
    ? unknown
    : Required<Pick<Exporter<ExportFormats[K]['options'], ExportFormats[K]['result'], MountedOf<K>>, 'mount'>>);

const EVERY = "import 'autograph-ts/export'";
const PICTURES = "import 'autograph-ts/viewer' (pictures only) or 'autograph-ts/export' (every exporter)";

/** The package's own formats: what a bundle that left one out imports to install it (the error's hint). */
const PACKAGE_FORMATS: Readonly<Record<string, { readonly what: string; readonly imports: string }>> = {
  onnx: { what: 'the ONNX exporter', imports: EVERY },
  'graph-model': { what: 'the GraphModel exporter', imports: EVERY },
  dot: { what: 'the graph pictures (DOT/SVG/HTML viewer)', imports: PICTURES },
  svg: { what: 'the graph pictures (DOT/SVG/HTML viewer)', imports: PICTURES },
  html: { what: 'the graph pictures (DOT/SVG/HTML viewer)', imports: PICTURES },
};

let installed = new Map<string, Exporter>();

/** Adds (or replaces) the exporter of `exporter.format`: what the installers of src/install/ call. */
export function registerExporter(exporter: Exporter<never, unknown, unknown>): void {
  installed.set(exporter.format, exporter as Exporter);
}

/** The names of the formats installed, sorted. */
export function exportFormats(): string[] {
  return [...installed.keys()].sort();
}

/**
 * The installed exporter of `format`. `export/exporter-missing` (naming `call` and the import that
 * installs it) for a format of the package a bundle left out; `export/unknown-format` for any other.
 */
export function exporterFor<K extends ExportFormat>(format: K, call: string): FormatExporter<K>;
export function exporterFor(format: string, call: string): Exporter;
export function exporterFor(format: string, call: string): Exporter {
  const e = installed.get(format);
  if (e) return e;
  const own = Object.hasOwn(PACKAGE_FORMATS, format) ? PACKAGE_FORMATS[format] : undefined;
  if (own) throw agError('export/exporter-missing', { method: call, what: own.what, imports: own.imports });
  throw agError('export/unknown-format', {
    call,
    format: String(format),
    known:
      exportFormats()
        .map((f) => `'${f}'`)
        .join(', ') || 'none',
  });
}

/**
 * @internal Runs `run` as a bundle without exporters would (the Node entry installs them all): how
 * the error catalogue's tests cause `export/exporter-missing` in Node.
 */
export function withoutExporters<T>(run: () => T): T {
  const kept = installed;
  installed = new Map();
  try {
    return run();
  } finally {
    installed = kept;
  }
}
