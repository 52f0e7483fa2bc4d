// Stable names for what a picture of a graph shows: an id per node, param and capture (the same
// whichever clusters are collapsed, so the viewer can match pictures and its model), and per
// Cond/While its cluster — label (the user's statement), location, size, parent cluster.
// Needs the IR and dot-style. Produces `indexGraph` → `GraphIndex`, `constructLabel`, `constructLocation`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { sourceText, type SourceOptions } from './dot-style.js';
import { OP } from '../../ir/ops.js';

export interface ClusterInfo {
  /** `n<k>`: the id of the Cond/While node. */
  readonly id: string;
  readonly node: Node;
  /** The enclosing cluster, if any. */
  readonly parent?: string;
  /** Nodes inside (all levels). */
  readonly size: number;
  /** `while (a != 1)`, or `while` / `if` for the functional forms. */
  readonly label: string;
  /** `collatz.ts:3`, where known. */
  readonly location?: string;
}

export interface GraphIndex {
  /** Id of a node or of a param/capture value. */
  id(x: Node | Value): string;
  readonly clusters: readonly ClusterInfo[];
  cluster(id: string): ClusterInfo | undefined;
}

/** What a Cond/While node stages, as the user wrote it. */
export function constructLabel(node: Node): string {
  return node.options.site?.code ?? (node.op === OP.While ? 'while' : node.op === OP.Cond ? 'if' : node.op);
}

/** `collatz.ts:3`: from the converter's site where it knew the file, else from the node's source. */
export function constructLocation(node: Node, opts: SourceOptions): string | undefined {
  const site = node.options.site;
  if (site?.file && site.line !== undefined) return `${sourceText({ file: site.file, line: site.line, column: 0 }, opts, { column: false, fn: false })}`;
  const s = node.options.source;
  return s ? sourceText(s, opts, { column: false, fn: false }) : undefined;
}

function nodesIn(g: Graph): number {
  let n = 0;
  for (const node of g.nodes) {
    n++;
    for (const sub of Object.values(node.subgraphs ?? {})) n += nodesIn(sub);
  }
  return n;
}

export function indexGraph(graph: Graph, opts: SourceOptions = {}): GraphIndex {
  const ids = new Map<Node | Value, string>();
  const clusters: ClusterInfo[] = [];
  let k = 0;
  const visit = (g: Graph, parent: string | undefined): void => {
    for (const p of g.params) ids.set(p, `n${k++}`);
    for (const c of g.captures) ids.set(c.param, `n${k++}`);
    for (const node of g.nodes) {
      const id = `n${k++}`;
      ids.set(node, id);
      if (!node.subgraphs) continue;
      const size = Object.values(node.subgraphs).reduce((a, s) => a + nodesIn(s), 0);
      clusters.push({ id, node, parent, size, label: constructLabel(node), location: constructLocation(node, opts) });
      for (const sub of Object.values(node.subgraphs)) visit(sub, id);
    }
  };
  visit(graph, undefined);
  const byId = new Map(clusters.map((c) => [c.id, c]));
  return {
    id(x) {
      const id = ids.get(x);
      if (id === undefined) throw new Error('internal: a picture met a node outside its graph');
      return id;
    },
    clusters,
    cluster: (id) => byId.get(id),
  };
}
