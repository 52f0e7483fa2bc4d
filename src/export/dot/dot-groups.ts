// Boxes of top-level nodes in pictures (an optimizer's update, a model's layer; graph-index finds
// them): expanded, a cluster around their nodes; collapsed, one node that their edges go to.
// Needs dot-style, dot-writer, graph-index. Produces `foldCollapsedGroups`, `groupInside`, `writeGroups`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { attrList, CLUSTER_STYLE } from './dot-style.js';
import type { DotWriter } from './dot-writer.js';
import type { ClusterInfo } from './graph-index.js';

function groups(w: DotWriter): ClusterInfo[] {
  return w.index.clusters.filter((c) => c.kind === 'group');
}

/** Before drawing: the members of collapsed boxes are drawn as their box. */
export function foldCollapsedGroups(w: DotWriter): void {
  for (const c of groups(w))
    if (w.opts.collapsed?.has(c.id)) for (const m of c.members ?? []) w.fold(w.index.id(m), c.id);
}

/** The clusters a top-level node or capture param of `g` is drawn inside: its box, if any. */
export function groupInside(w: DotWriter, g: Graph, x: Node | Value, inside: readonly string[]): readonly string[] {
  const box = g.parent ? undefined : w.index.groupOf(x);
  return box ? [...inside, box.id] : inside;
}

/** After drawing: a cluster around each expanded box's drawn nodes, a node for each collapsed one. */
export function writeGroups(w: DotWriter): void {
  for (const c of groups(w)) {
    if (w.opts.collapsed?.has(c.id)) {
      w.node('  ', c.id, 'collapsed', `▸ ${c.label}`, [`${c.size} ops inside`], [], {
        ...CLUSTER_STYLE.group,
        style: 'rounded,filled,bold',
        tooltip: `${c.label} (collapsed: click to expand)`,
      });
      continue;
    }
    const ids = [...(c.members ?? [])].map((m) => w.index.id(m)).filter((id) => w.drawn(id));
    w.lines.push(`  subgraph cluster_${c.id} {`);
    w.lines.push(
      `    graph${attrList({ ...CLUSTER_STYLE.group, label: c.label, id: `cluster_${c.id}`, class: 'ag-cluster ag-group-cluster', tooltip: c.label })};`,
    );
    w.lines.push(`    ${ids.join('; ')};`);
    w.lines.push('  }');
  }
}
