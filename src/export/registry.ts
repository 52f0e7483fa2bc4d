// Where ConcreteFunction finds the exporters (ONNX, TF.js GraphModel, DOT/SVG/HTML pictures and the
// viewer): the installers of src/install/ put them here. The Node entry installs them all; browser
// bundles only through `autograph-ts/export` or `autograph-ts/viewer`, so a page that only runs its
// functions carries none of them. Needs no exporter itself (types only).
// Produces `installExporters`, `exporter`, `withoutExporters`.

import type { exportOnnx } from './onnx/export-onnx.js';
import type { exportGraphModel } from './graph-model/export-graph-model.js';
import type { toDot } from './dot/to-dot.js';
import type { toSVG } from './dot/to-svg.js';
import type { toHTML } from './viewer/to-html.js';
import type { mountViewer } from './viewer/mount-viewer.js';
import { agError } from '../errors/catalogue.js';

export interface Exporters {
  readonly onnx: { readonly exportOnnx: typeof exportOnnx };
  readonly graphModel: { readonly exportGraphModel: typeof exportGraphModel };
  readonly pictures: { readonly toDot: typeof toDot; readonly toSVG: typeof toSVG; readonly toHTML: typeof toHTML; readonly mountViewer: typeof mountViewer };
}

/** What a bundle imports to install each kind (the error's hint says it). */
const IMPORTS: Record<keyof Exporters, string> = {
  onnx: "import 'autograph-ts/export'",
  graphModel: "import 'autograph-ts/export'",
  pictures: "import 'autograph-ts/viewer' (pictures only) or 'autograph-ts/export' (every exporter)",
};

const WHAT: Record<keyof Exporters, string> = { onnx: 'the ONNX exporter', graphModel: 'the GraphModel exporter', pictures: 'the graph pictures (DOT/SVG/HTML viewer)' };

let installed: Partial<Exporters> = {};

/** Called by the installers (src/install/). */
export function installExporters(e: Partial<Exporters>): void {
  installed = { ...installed, ...e };
}

/** The installed exporter of `kind`; `export/exporter-missing` (naming `method`) in a bundle that left it out. */
export function exporter<K extends keyof Exporters>(kind: K, method: string): Exporters[K] {
  const e = installed[kind];
  if (!e) throw agError('export/exporter-missing', { method, what: WHAT[kind], imports: IMPORTS[kind] });
  return e as Exporters[K];
}

/**
 * @internal Runs `run` as a bundle without exporters would (the Node entry installs them all): how
 * the error catalogue's tests cause `export/exporter-missing` in Node.
 */
export function withoutExporters<T>(run: () => T): T {
  const kept = installed;
  installed = {};
  try {
    return run();
  } finally {
    installed = kept;
  }
}
