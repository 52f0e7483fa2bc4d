// What the HTML viewer knows about a graph, as plain data (JSON in the page): per drawn node its op,
// types, attributes, inputs and outputs (by id), source line and code; per cluster (Cond/While, or a
// box: an optimizer's update, a layer) its label, location, size and nesting; the user's source and
// the generated code, line by line, with the source line of each generated line; the legend. Ids are
// those of the pictures (graph-index). Needs the IR, dot's graph-index, node-text, op-display and
// legend, viewer-boxes. Produces `buildModel`, `ViewerModel`, `ViewerCode`.

import type { Graph, Node, NodeSource, Value } from '../../ir/graph.js';
import { knownSource, sourceText, type SourceOptions } from '../dot/dot-style.js';
import { indexGraph } from '../dot/graph-index.js';
import {
  attrText,
  displayName,
  inlineConstant,
  inputName,
  nodeDetails,
  nodeTitle,
  outputName,
  pictureTypes,
  valueType,
} from '../dot/node-text.js';
import { OP } from '../../ir/ops.js';
import { legendEntries, type LegendEntries } from '../dot/legend.js';
import { isNoOp } from '../dot/op-display.js';
import { boxNodes, loopLinks, viewerCluster } from './viewer-boxes.js';
import type { NodeKind } from '../dot/dot-style.js';

/** The code shown beside the graph. */
export interface ViewerCode {
  /** The user's function as written; `firstLine` is the line number of its first line (in `file`). */
  readonly source?: { readonly text: string; readonly file?: string; readonly firstLine: number };
  /** The generated code; per line (0-based), the source line it came from, in the same numbering. */
  readonly generated?: { readonly text: string; readonly sourceLines?: readonly (number | null)[] };
}

export interface ViewerNode {
  readonly id: string;
  readonly op: string;
  readonly kind: string;
  readonly title: string;
  readonly details: readonly string[];
  readonly attrs: readonly (readonly [string, string])[];
  readonly inputs: readonly { readonly name: string; readonly from?: string; readonly text: string }[];
  readonly outputs: readonly { readonly name?: string; readonly type: string; readonly to: readonly string[] }[];
  /** `collatz.ts:5`, where known. */
  readonly where?: string;
  /** The line in the source pane, when the node comes from the function shown there. */
  readonly line?: number;
  /** The text of the source line. */
  readonly code?: string;
  /** Enclosing clusters, outermost first. */
  readonly clusters: readonly string[];
  /** Lower-case text the search box matches. */
  readonly search: string;
  /** Related clusters (a gradient loop's forward loop). */
  readonly links?: readonly { readonly label: string; readonly to: string }[];
}

export interface ViewerCluster {
  readonly id: string;
  readonly kind: 'cond' | 'while' | 'group';
  readonly label: string;
  readonly location?: string;
  readonly line?: number;
  readonly size: number;
  readonly parent?: string;
  readonly effect: boolean;
  /** For a gradient loop, the loop it differentiates. */
  readonly forward?: string;
}

export interface ViewerModel {
  readonly title: string;
  readonly nodes: readonly ViewerNode[];
  readonly clusters: readonly ViewerCluster[];
  readonly source?: { readonly file?: string; readonly firstLine: number; readonly lines: readonly string[] };
  readonly generated?: { readonly lines: readonly string[]; readonly sourceLines: readonly (number | null)[] };
  /** Clusters collapsed when the page opens. */
  readonly collapsed: readonly string[];
  /** What the shapes and lines the pictures use mean. */
  readonly legend: LegendEntries;
}

const normPath = (f: string): string =>
  (f.startsWith('file://') ? decodeURIComponent(f.slice('file://'.length)) : f).replace(/\\/g, '/');
/** One file, also where one path is relative (a function converted in place records its file relative to the project). */
const samePath = (a: string, b: string): boolean =>
  a === b || (a !== '' && b !== '' && (a.endsWith(`/${b}`) || b.endsWith(`/${a}`)));

/** The marked line of a code frame (`> 12 |   text`). */
function frameLine(frame: string | undefined): string | undefined {
  const m = frame
    ?.split('\n')
    .map((l) => /^>\s*\d+\s*\|(.*)$/.exec(l))
    .find(Boolean);
  return m ? m[1]!.replace(/^ /, '') : undefined;
}

export function buildModel(
  graph: Graph,
  title: string,
  code: ViewerCode,
  collapsed: readonly string[],
  opts: SourceOptions = {},
): ViewerModel {
  const index = indexGraph(graph, opts);
  /** `v` as pictures draw it: through no-op nodes (plain edges) and loop invariants (drawn once, outside). */
  const through = (v: Value): Value => {
    const outer = index.invariant(v);
    if (outer) return through(outer);
    return v.node && isNoOp(v.node) ? through(v.node.inputs[0]!) : v;
  };
  const lists = pictureTypes(graph);
  const src = code.source;
  const srcLines = src?.text.split('\n');
  const lineOf = (s: NodeSource | undefined): { line?: number; code?: string } => {
    if (!s || !knownSource(s)) return {};
    const file = s.file ? normPath(s.file) : '';
    const same =
      src && srcLines && (src.file ? samePath(normPath(src.file), file) : file.endsWith('(converted function source)'));
    const k = s.line - (src?.firstLine ?? 0);
    if (same && k >= 0 && k < srcLines!.length) return { line: s.line, code: srcLines![k]!.trim() };
    return { code: frameLine(s.frame)?.trim() };
  };

  // Who uses each value (ids of drawn nodes; a Cond/While by its own id).
  const users = new Map<Value, string[]>();
  const use = (v: Value, id: string) => users.set(v, [...(users.get(v) ?? []), id]);
  const collectUses = (g: Graph, retId: string): void => {
    for (const node of g.nodes) {
      if (!isNoOp(node)) node.inputs.forEach((v) => use(through(v), index.id(node)));
      for (const [label, sub] of Object.entries(node.subgraphs ?? {}))
        collectUses(sub, `${index.id(node)}_${label}_ret`);
    }
    g.outputs.forEach((v) => use(through(v), retId));
  };
  collectUses(graph, 'ret');

  const nodes: ViewerNode[] = [];
  const producerText = (value: Value): { from?: string; text: string } => {
    const v = through(value);
    const inline = v.node && inlineConstant(v.node);
    if (inline !== undefined) return { text: inline };
    const from = v.node ? index.id(v.node) : index.id(v);
    const name = v.node
      ? `${nodeTitle(v.node)}${v.node.outputs.length > 1 ? ` #${v.index}` : ''}`
      : displayName(v.name ?? 'input');
    return { from, text: `${name}: ${valueType(v, lists)}` };
  };
  const outputsOf = (vs: readonly Value[]) =>
    vs.map((v) => ({
      name: v.name ? displayName(v.name) : undefined,
      type: valueType(v, lists),
      to: [...new Set(users.get(v) ?? [])],
    }));
  const push = (n: Omit<ViewerNode, 'search'>): void => {
    const search = [
      n.op,
      n.title,
      ...n.details,
      ...n.outputs.map((o) => o.name ?? ''),
      ...n.inputs.map((i) => i.name),
      n.where ?? '',
      n.code ?? '',
    ]
      .join(' ')
      .toLowerCase();
    nodes.push({ ...n, search });
  };

  const visit = (g: Graph, clusters: readonly string[], top: boolean, retId: string): void => {
    g.params.forEach((p, i) => {
      if (index.invariant(p)) return; // drawn once, outside the loop
      const name = p.name ? displayName(p.name) : `arg${i}`;
      push({
        id: index.id(p),
        op: top ? 'input' : 'param',
        kind: 'param',
        title: name,
        details: [valueType(p, lists)],
        attrs: [],
        inputs: [],
        outputs: outputsOf([p]),
        clusters,
      });
    });
    const boxed = (x: Node | Value): readonly string[] => (top && index.groupOf(x) ? [index.groupOf(x)!.id] : clusters);
    for (const c of g.captures) {
      if (index.invariant(c.param)) continue;
      const named = c.source.kind === 'variable' ? index.variableName(c.source.variable.name) : undefined;
      const from =
        c.source.kind === 'variable'
          ? `variable '${c.source.variable.name}'`
          : c.source.kind === 'tensor'
            ? 'tensor'
            : 'outer value';
      const title =
        named && c.source.kind === 'variable' && named !== c.source.variable.name ? named : (c.param.name ?? 'capture');
      push({
        id: index.id(c.param),
        op: 'capture',
        kind: 'capture',
        title,
        details: [valueType(c.param, lists), from],
        attrs: [],
        inputs: [],
        outputs: outputsOf([c.param]),
        clusters: boxed(c.param),
      });
    }
    for (const node of g.nodes) {
      if (!node.subgraphs && (inlineConstant(node) !== undefined || isNoOp(node))) continue; // drawn inside its users, or as an edge
      push(describe(node, boxed(node)));
      for (const [label, sub] of Object.entries(node.subgraphs ?? {}))
        visit(sub, [...clusters, index.id(node)], false, `${index.id(node)}_${label}_ret`);
    }
    push({
      id: retId,
      op: 'return',
      kind: 'return',
      title: top ? 'outputs' : 'return',
      details: [],
      attrs: [],
      clusters,
      inputs: g.outputs.map((v, i) => ({
        name: outputName(g.outputNames[i] ?? v.name) ?? `#${i}`,
        ...producerText(v),
      })),
      outputs: [],
    });
  };

  const describe = (node: Node, clusters: readonly string[]): Omit<ViewerNode, 'search'> => {
    const s = node.options.source;
    const where = s && knownSource(s) ? sourceText(s, opts, { column: false }) : undefined;
    const cf = node.subgraphs ? index.cluster(index.id(node)) : undefined;
    const operandNames = node.subgraphs
      ? Object.values(node.subgraphs)[0]!.params.map((p) => (p.name ? displayName(p.name) : undefined))
      : [];
    const offset = node.op === OP.Cond ? 1 : 0;
    return {
      id: index.id(node),
      op: node.op,
      kind: cf
        ? node.op === OP.Cond
          ? 'cond'
          : 'while'
        : node.op === OP.Const
          ? 'const'
          : node.options.effect
            ? 'effect'
            : node.op === OP.Fused
              ? 'fused'
              : 'op',
      title: cf ? cf.label : nodeTitle(node),
      details: cf ? [] : nodeDetails(node, index.variableName),
      links: cf ? loopLinks(index, cf.id) : undefined,
      attrs: attrText(node, 200, true).map((a) => {
        const k = a.indexOf('=');
        return [a.slice(0, k), a.slice(k + 1)] as const;
      }),
      inputs: node.inputs.map((v, i) => ({
        name: cf ? (i < offset ? 'pred' : (operandNames[i - offset] ?? `#${i - offset}`)) : inputName(node, i),
        ...producerText(v),
      })),
      outputs: outputsOf(node.outputs),
      where: cf?.location ?? where,
      ...lineOf(s),
      clusters,
    };
  };
  visit(graph, [], true, 'ret');
  boxNodes(index).forEach(push);

  const clusters: ViewerCluster[] = index.clusters.map((c) => viewerCluster(c, lineOf));
  const gen = code.generated;
  return {
    title,
    nodes,
    clusters,
    source:
      src && srcLines
        ? {
            file: src.file ? sourceText({ file: src.file, line: 0, column: 0 }, opts).replace(/:0:0$/, '') : undefined,
            firstLine: src.firstLine,
            lines: srcLines,
          }
        : undefined,
    generated: gen
      ? { lines: gen.text.split('\n'), sourceLines: gen.text.split('\n').map((_, i) => gen.sourceLines?.[i] ?? null) }
      : undefined,
    collapsed,
    legend: modelLegend(nodes, clusters.length > 0),
  };
}

/** The legend of what the pictures of these nodes draw. */
function modelLegend(nodes: readonly ViewerNode[], clusters: boolean): LegendEntries {
  const kinds = new Set(nodes.map((n) => n.kind as NodeKind));
  if (clusters) kinds.add('collapsed');
  const effects = nodes.filter((n) => n.kind === 'effect').length;
  return legendEntries(
    kinds,
    new Set(['solid', ...(clusters ? (['dashed'] as const) : []), ...(effects > 1 ? (['dotted'] as const) : [])]),
  );
}
