// Stable names for what a picture of a graph shows: an id per node, param and capture (the same
// whichever clusters are collapsed, so the viewer can match pictures and its model), and per
// cluster — a Cond/While, or a box of top-level nodes (an optimizer's update, a model's layer) —
// its label (the user's statement), location, size, parent cluster; a gradient loop's forward loop;
// display names of variables (`m(Wx)` for an optimizer's slot); loop invariants, drawn once outside. Needs the IR, dot-style,
// optimizer-group, layer-groups, op-display, node-text.
// Produces `indexGraph` → `GraphIndex`, `constructLabel`, `constructLocation`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { sourceText, type SourceOptions } from './dot-style.js';
import { OP } from '../../ir/ops.js';
import { findOptimizerGroup } from './optimizer-group.js';
import { findLayerGroups } from './layer-groups.js';
import { isNoOp } from './op-display.js';
import { inlineConstant } from './node-text.js';

export interface ClusterInfo {
  /** `n<k>`: the id of the Cond/While node; `g<k>` for a box of nodes. */
  readonly id: string;
  readonly kind: 'cond' | 'while' | 'group';
  /** The Cond/While node (none for a box). */
  readonly node?: Node;
  /** A box's nodes and capture params. */
  readonly members?: ReadonlySet<Node | Value>;
  /** For a gradient loop, the cluster of the loop it differentiates. */
  readonly forward?: string;
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
  /** The box a top-level node or capture param is drawn in, if any. */
  groupOf(x: Node | Value): ClusterInfo | undefined;
  /** How pictures name variable `name` (`m(Wx)` for a slot of Adam; else the name). */
  variableName(name: string): string;
  /**
   * For a param of a loop's subgraph that only carries a value from outside unchanged (a loop
   * invariant, a captured outer value), that outer value: pictures draw it once, outside.
   */
  invariant(v: Value): Value | undefined;
}

/** What a Cond/While node stages, as the user wrote it. */
export function constructLabel(node: Node): string {
  return node.options.site?.code ?? (node.op === OP.While ? 'while' : node.op === OP.Cond ? 'if' : node.op);
}

/** `collatz.ts:3`: from the converter's site where it knew the file, else from the node's source. */
export function constructLocation(node: Node, opts: SourceOptions): string | undefined {
  const site = node.options.site;
  if (site?.file && site.line !== undefined)
    return `${sourceText({ file: site.file, line: site.line, column: 0 }, opts, { column: false, fn: false })}`;
  const s = node.options.source;
  return s ? sourceText(s, opts, { column: false, fn: false }) : undefined;
}

/** Whether a picture draws `node` as a node of its own (not inside its users, not as a plain edge). */
export function drawnNode(node: Node): boolean {
  return !!node.subgraphs || (inlineConstant(node) === undefined && !isNoOp(node));
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
  const invariants = new Map<Value, Value>();
  let k = 0;
  const visit = (g: Graph, parent: string | undefined): void => {
    for (const p of g.params) ids.set(p, `n${k++}`);
    for (const c of g.captures) ids.set(c.param, `n${k++}`);
    for (const node of g.nodes) {
      const id = `n${k++}`;
      ids.set(node, id);
      if (!node.subgraphs) continue;
      const size = Object.values(node.subgraphs).reduce((a, s) => a + nodesIn(s), 0);
      clusters.push({
        id,
        kind: node.op === OP.Cond ? 'cond' : 'while',
        node,
        parent,
        size,
        label: constructLabel(node),
        location: constructLocation(node, opts),
      });
      if (node.op === OP.While) noteInvariants(node, invariants);
      for (const sub of Object.values(node.subgraphs)) visit(sub, id);
    }
  };
  visit(graph, undefined);
  const groupOf = new Map<Node | Value, ClusterInfo>();
  const addGroup = (label: string, members: ReadonlySet<Node | Value>): void => {
    const size = [...members].filter((m) => !('op' in m) || drawnNode(m)).length;
    if (size < 2) return;
    const info: ClusterInfo = {
      id: `g${clusters.filter((c) => c.kind === 'group').length}`,
      kind: 'group',
      members,
      size,
      label,
    };
    clusters.push(info);
    for (const m of members) groupOf.set(m, info);
  };
  const optimizer = findOptimizerGroup(graph);
  if (optimizer) addGroup(optimizer.label, new Set<Node | Value>([...optimizer.nodes, ...optimizer.captures]));
  for (const layer of findLayerGroups(graph, new Set(groupOf.keys())))
    addGroup(`layer ${layer.name}`, new Set<Node | Value>([...layer.nodes, ...layer.captures]));
  const withForward = clusters.map((c) => (c.kind === 'while' ? { ...c, forward: forwardOf(c, clusters) } : c));
  const byId = new Map(withForward.map((c) => [c.id, c]));
  return {
    id(x) {
      const id = ids.get(x);
      if (id === undefined) throw new Error('internal: a picture met a node outside its graph');
      return id;
    },
    clusters: withForward,
    cluster: (id) => byId.get(id),
    groupOf: (x) => byId.get(groupOf.get(x)?.id ?? ''),
    variableName: (name) => optimizer?.names.get(name) ?? name,
    invariant: (v) => {
      let out = invariants.get(v);
      for (let next = out && invariants.get(out); next; next = invariants.get(next)) out = next;
      return out;
    },
  };
}

/** Params of While `node`'s subgraphs that carry an outer value unchanged: invariants, outer captures. */
function noteInvariants(node: Node, into: Map<Value, Value>): void {
  const { cond, body } = node.subgraphs!;
  node.outputs.forEach((_, k) => {
    if (body!.outputs[k] !== body!.params[k]) return;
    into.set(body!.params[k]!, node.inputs[k]!);
    into.set(cond!.params[k]!, node.inputs[k]!);
  });
  // Operands past the loop variables are invariants by construction.
  for (let k = node.outputs.length; k < node.inputs.length; k++) {
    if (body!.params[k]) into.set(body!.params[k]!, node.inputs[k]!);
    if (cond!.params[k]) into.set(cond!.params[k]!, node.inputs[k]!);
  }
  for (const sub of [cond!, body!])
    for (const c of sub.captures) if (c.source.kind === 'outer') into.set(c.param, c.source.value);
}

/** The loop a gradient loop (`gradient of for (…)`) differentiates: the loop of the same statement and line. */
function forwardOf(c: ClusterInfo, all: readonly ClusterInfo[]): string | undefined {
  const site = c.node?.options.site;
  if (!site?.code.startsWith('gradient of ')) return undefined;
  const code = site.code.slice('gradient of '.length);
  return all.find(
    (f) => f.kind === 'while' && f.node?.options.site?.code === code && f.node.options.site.line === site.line,
  )?.id;
}
