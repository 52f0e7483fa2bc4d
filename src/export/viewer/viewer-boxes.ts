// What the viewer's model says about clusters beyond the Cond/While nodes themselves: each box of
// top-level nodes (an optimizer's update, a model's layer) as a cluster and as a node of its own
// (the info panel shows it, a click on it collapsed expands it), and the links between a gradient
// loop and the loop it differentiates. Needs dot's graph-index. Produces `viewerCluster`,
// `boxNodes`, `loopLinks`.

import type { GraphIndex, ClusterInfo } from '../dot/graph-index.js';
import type { ViewerCluster, ViewerNode } from './viewer-model.js';
import type { NodeSource } from '../../ir/graph.js';
import { OP } from '../../ir/ops.js';

/** The model's record of cluster `c`; `lineOf` gives a node source's line in the source pane. */
export function viewerCluster(c: ClusterInfo, lineOf: (s: NodeSource | undefined) => { line?: number }): ViewerCluster {
  if (!c.node) return { id: c.id, kind: 'group', label: c.label, size: c.size, effect: false };
  const line = c.node.options.site?.line ?? lineOf(c.node.options.source).line;
  return {
    id: c.id,
    kind: c.node.op === OP.Cond ? 'cond' : 'while',
    label: c.label,
    location: c.location,
    line,
    size: c.size,
    parent: c.parent,
    effect: !!c.node.options.effect,
    forward: c.forward,
  };
}

/** A node per box (what the info panel shows of it). */
export function boxNodes(index: GraphIndex): Omit<ViewerNode, 'search'>[] {
  return index.clusters
    .filter((c) => c.kind === 'group')
    .map((c) => ({
      id: c.id,
      op: 'box',
      kind: 'group',
      title: c.label,
      details: [],
      attrs: [],
      inputs: [],
      outputs: [],
      clusters: [],
    }));
}

/** Links of loop `id`: to the loop it is the gradient of, and from a loop to its gradient loops. */
export function loopLinks(index: GraphIndex, id: string): { readonly label: string; readonly to: string }[] {
  const mine = index.cluster(id);
  const links = mine?.forward ? [{ label: 'gradient of', to: mine.forward }] : [];
  for (const c of index.clusters) if (c.forward === id) links.push({ label: 'its gradient', to: c.id });
  return links;
}
