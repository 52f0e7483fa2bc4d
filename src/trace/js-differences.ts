// Notes, made while a function is traced, of places where the staged code can compute something
// other than plain JavaScript and the graph does not show it (docs/limitations.md, "JavaScript
// semantics"): Math functions tfjs has no kernel for, composed of float32 operations, and JS arrays
// stored elsewhere that a staged statement turns into lists (the copies keep the old items). The caller of
// the trace (jit) reads them once the trace ends and warns once per trace. Needs the trace context
// and user-frame. Produces `noteJsDifference`, `noteListOfAliased`, `takeJsDifferences`, `JsDifference`.

import type { Graph, NodeSource } from '../ir/graph.js';
import { rootGraph } from './context.js';
import { userFrame } from './user-frame.js';
import { isAliased } from './list-registry.js';

export interface JsDifference {
  /** What the user wrote, e.g. `Math.cbrt`. */
  readonly what: string;
  readonly source: NodeSource | undefined;
  /** Why it differs, where it is not a composed Math function. */
  readonly why?: string;
}

const notes = new WeakMap<Graph, JsDifference[]>();

/** Notes that the user's code here (`what`) can differ from JS (`why`: other than a composed Math function); outside a trace it does nothing. */
export function noteJsDifference(what: string, why?: string): void {
  const g = rootGraph();
  if (!g) return;
  let list = notes.get(g);
  if (!list) notes.set(g, (list = []));
  list.push({ what, source: userFrame(), why });
}

const ALIASED_LIST =
  'a staged if or loop appends to or pops from this JS array, so it becomes a staged list; a reference to it stored before (in an object, an array or another variable) keeps the JS array with its old items';

/** A JS array becoming a staged list here; noted where converted code also stored it elsewhere (`ag__.aliasOf`). */
export function noteListOfAliased(arr: unknown[], name?: string): void {
  if (isAliased(arr)) noteJsDifference(name ? `the array '${name}'` : 'a JS array', ALIASED_LIST);
}

/** The notes of the trace of `g` (its root graph), removed. */
export function takeJsDifferences(g: Graph): JsDifference[] {
  const list = notes.get(g) ?? [];
  notes.delete(g);
  return list;
}
