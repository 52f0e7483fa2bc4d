// The warnings a new trace gives about values it computes other than plain JavaScript
// (`trace/differs-from-js`, docs/limitations.md "JavaScript semantics"), one per class and trace,
// naming what the user wrote and every line: Math functions composed of float32 operations (noted
// while tracing), JS arrays stored elsewhere that a staged statement turned into lists, and, when
// the trace is made on the wasm backend, int32 kernels tfjs-wasm computes
// through float32. Needs the trace's notes, exec/wasm-int32, the catalogue. Produces `traceWarnings`.

import { agError } from '../errors/catalogue.js';
import { resolvedSource, type Graph, type NodeSource } from '../ir/graph.js';
import { takeJsDifferences } from '../trace/js-differences.js';
import { wasmInt32Sites } from '../exec/wasm-int32.js';

const COMPOSED =
  'tfjs has no kernel for these Math functions, so they are composed of float32 operations and can differ from JS in the last bits';
const WASM_INT32 =
  'on the wasm backend tfjs-wasm computes these int32 kernels through float32 (Pow saturates where JS wraps, a product wraps exactly where JS rounds it beyond 2^53), so integers beyond ±2^24 (16777216) give other results than JS';

/** The warnings (messages) for the trace of `graph`, made on tfjs backend `backend` for `executor`. */
export function traceWarnings(graph: Graph, backend: string, executor: string): string[] {
  const out: string[] = [];
  const notes = takeJsDifferences(graph);
  // One warning per reason: composed Math functions, and each other kind of note.
  const reasons = new Map<string, { what: string; source: NodeSource | undefined }[]>();
  for (const d of notes) {
    const why = d.why ?? COMPOSED;
    let sites = reasons.get(why);
    if (!sites) reasons.set(why, (sites = []));
    sites.push({ what: d.what, source: d.source });
  }
  for (const [why, sites] of reasons) out.push(message(why, sites));
  // The onnxruntime executor runs none of tfjs-wasm's kernels.
  if (backend === 'wasm' && executor !== 'onnxruntime') {
    const sites = wasmInt32Sites(graph, executor === 'compiled');
    if (sites.length)
      out.push(
        message(
          WASM_INT32,
          sites.map((s) => ({ what: `int32 ${s.kernel}`, source: s.source })),
        ),
      );
  }
  return out;
}

function message(why: string, sites: readonly { what: string; source: NodeSource | undefined }[]): string {
  const names = [...new Set(sites.map((s) => s.what))].sort();
  const known = new Map<string, NodeSource>();
  for (const s of sites) {
    const r = resolvedSource(s.source);
    if (r) known.set(`${r.file ?? '<anonymous>'}:${r.line}:${r.column}`, r);
  }
  const at = [...known.keys()].join(', ') || 'a line the trace could not locate';
  return agError('trace/differs-from-js', { what: `${names.join(', ')}: ${why}`, sites: at }, [...known.values()][0])
    .message;
}
