// Notes, made while a function is traced, of places where the staged code can compute something
// other than plain JavaScript and the graph does not show it (docs/limitations.md, "JavaScript
// semantics"): Math functions tfjs has no kernel for, composed of float32 operations. The caller of
// the trace (jit) reads them once the trace ends and warns once per trace. Needs the trace context
// and user-frame. Produces `noteJsDifference`, `takeJsDifferences`, `JsDifference`.

import type { Graph, NodeSource } from '../ir/graph.js';
import { rootGraph } from './context.js';
import { userFrame } from './user-frame.js';

export interface JsDifference {
  /** What the user wrote, e.g. `Math.cbrt`. */
  readonly what: string;
  readonly source: NodeSource | undefined;
}

const notes = new WeakMap<Graph, JsDifference[]>();

/** Notes that the user's code here (`what`) can differ from JS; outside a trace it does nothing. */
export function noteJsDifference(what: string): void {
  const g = rootGraph();
  if (!g) return;
  let list = notes.get(g);
  if (!list) notes.set(g, (list = []));
  list.push({ what, source: userFrame() });
}

/** The notes of the trace of `g` (its root graph), removed. */
export function takeJsDifferences(g: Graph): JsDifference[] {
  const list = notes.get(g) ?? [];
  notes.delete(g);
  return list;
}
