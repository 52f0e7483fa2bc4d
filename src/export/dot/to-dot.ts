// Draws a graph as Graphviz DOT: one node per param, capture, constant and kernel, labelled by op and
// output type; dataflow edges; Cond/While as clusters holding their subgraphs (nested), with a
// merge node for their outputs; effects in program order; tooltips and links to the source line.
// Every element carries `ag-in-<cluster>` classes so the HTML viewer can collapse clusters.
// Needs the IR and dot-style. Produces `toDot(graph, opts) → string`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { FUSED_OP, type FusedStep } from '../../ir/fused.js';
import { LIST_DTYPE, typeToString, type TensorType } from '../../ir/types.js';
import { inferListTypes } from '../graph-model/list-types.js';
import { attrList, CLUSTER_STYLE, EFFECT_MARK, formatValues, htmlLabel, NODE_STYLE, quote, sourceHref, sourceText, type NodeKind, type SourceOptions } from './dot-style.js';

export interface DotOptions extends SourceOptions {
  /** Title drawn above the graph (default: `graph <name>`). */
  readonly title?: string;
  /** Layout direction (default TB, top to bottom). */
  readonly rankdir?: 'TB' | 'LR';
}

interface Producer {
  readonly id: string;
  /** Edge label naming which output, for nodes with several. */
  readonly port?: string;
}

const SUBGRAPH_LABEL: Readonly<Record<string, string>> = { then: 'then', else: 'else', cond: 'cond', body: 'body' };

class DotWriter {
  readonly lines: string[] = [];
  private readonly edges: string[] = [];
  private readonly producers = new Map<Value, Producer>();
  /** Cluster ids each DOT node is inside (what hides it when one collapses). */
  private readonly within = new Map<string, readonly string[]>();
  private nodeCount = 0;
  private clusterCount = 0;

  constructor(
    readonly opts: DotOptions,
    private readonly lists: ReadonlyMap<Value, TensorType>,
  ) {}

  /** `float32[2,3]`, or `list<float32[2]>` for a tensor list. */
  type(v: Value): string {
    const el = v.dtype === LIST_DTYPE ? this.lists.get(v) : undefined;
    return el ? `list<${typeToString(el)}>` : typeToString(v);
  }

  node(indent: string, kind: NodeKind, title: string, details: readonly string[], inside: readonly string[], extra: Record<string, string | undefined> = {}): string {
    const id = `n${this.nodeCount++}`;
    this.within.set(id, inside);
    const cls = ['ag-node', `ag-${kind}`, ...inside.map((c) => `ag-in-${c}`)].join(' ');
    this.lines.push(`${indent}${id}${attrList({ ...NODE_STYLE[kind], label: htmlLabel(title, details), class: cls, ...extra })};`);
    return id;
  }

  clusterId(): string {
    return `cluster_${this.clusterCount++}`;
  }

  bind(v: Value, p: Producer): void {
    this.producers.set(v, p);
  }

  /** The DOT node that produces `v`. */
  idOf(v: Value): string {
    const p = this.producers.get(v);
    if (!p) throw new Error(`internal: toDot met value #${v.id} before its definition`);
    return p.id;
  }

  /** A dataflow edge from the producer of `v`. */
  edgeFrom(v: Value, to: string, extra: Record<string, string | number | undefined> = {}): void {
    this.edge(this.idOf(v), to, { label: this.producers.get(v)!.port, ...extra });
  }

  edge(from: string, to: string, extra: Record<string, string | number | undefined> = {}): void {
    const cls = [...new Set([...(this.within.get(from) ?? []), ...(this.within.get(to) ?? [])])].map((c) => `ag-in-${c}`);
    this.edges.push(`  ${from} -> ${to}${attrList({ ...extra, class: ['ag-edge', ...cls].join(' ') })};`);
  }

  finish(): string {
    return [...this.lines, ...this.edges, '}', ''].join('\n');
  }
}

/** Graphviz DOT text of `graph`. */
export function toDot(graph: Graph, opts: DotOptions = {}): string {
  const w = new DotWriter(opts, inferListTypes(graph));
  const title = opts.title ?? `graph ${graph.name}`;
  w.lines.push(`digraph ${quote(graph.name)} {`);
  w.lines.push(`  graph${attrList({ label: title, labelloc: 't', fontname: 'Helvetica', fontsize: 12, rankdir: opts.rankdir ?? 'TB', class: 'ag-graph', nodesep: 0.3, ranksep: 0.35 })};`);
  w.lines.push(`  node${attrList({ fontname: 'Helvetica', fontsize: 10, margin: '0.18,0.05' })};`);
  w.lines.push(`  edge${attrList({ fontname: 'Helvetica', fontsize: 8, color: '#4b5563', arrowsize: 0.6 })};`);
  writeBody(w, graph, '  ', [], true);
  return w.finish();
}

/** Writes params, captures, nodes and the return node of `g`; returns the return node's id. */
function writeBody(w: DotWriter, g: Graph, indent: string, inside: readonly string[], top: boolean): string {
  g.params.forEach((p, i) => {
    w.bind(p, { id: w.node(indent, 'param', p.name ? display(p.name) : `arg${i}`, [w.type(p)], inside) });
  });
  for (const c of g.captures) {
    const from = c.source.kind === 'variable' ? `variable '${c.source.variable.name}'` : c.source.kind === 'tensor' ? 'tensor' : 'outer value';
    const id = w.node(indent, 'capture', `capture ${c.param.name ?? ''}`.trim(), [w.type(c.param), from], inside, { tooltip: `captured ${from}` });
    w.bind(c.param, { id });
  }
  const effects: string[] = [];
  for (const node of g.nodes) {
    const id = node.subgraphs ? writeControlFlow(w, node, indent, inside) : writeKernel(w, node, indent, inside);
    if (node.options.effect) effects.push(id);
  }
  const outs = g.outputs.map((v, i) => {
    const name = outputName(g.outputNames[i] ?? v.name);
    return name ? `${name}: ${w.type(v)}` : g.outputs.length > 1 ? `#${i}: ${w.type(v)}` : w.type(v);
  });
  const ret = w.node(indent, 'return', top ? 'outputs' : 'return', outs, inside);
  g.outputs.forEach((v) => w.edgeFrom(v, ret));
  for (let i = 1; i < effects.length; i++) {
    w.edge(effects[i - 1]!, effects[i]!, { style: 'dotted', color: EFFECT_MARK.color, constraint: 'false', tooltip: 'effect order' });
  }
  return ret;
}

function writeKernel(w: DotWriter, node: Node, indent: string, inside: readonly string[]): string {
  const types = node.outputs.map((v, k) => (node.outputs.length > 1 ? `#${k} ${w.type(v)}` : w.type(v)));
  let kind: NodeKind = node.options.effect ? 'effect' : 'op';
  let details = types;
  if (node.op === 'Const') {
    kind = 'const';
    details = [`${formatValues(node.options.values ?? [])}  ${types[0] ?? ''}`];
  } else if (node.op === FUSED_OP) {
    kind = 'fused';
    details = [(node.attrs.steps as readonly FusedStep[]).map((s) => s.op).join(' → '), ...types];
  } else if (node.op === 'Print') {
    const parts = (node.attrs.parts ?? []) as readonly ({ text: string } | { tensor: number })[];
    details = [parts.map((p) => ('text' in p ? p.text : `‹${node.inputs[p.tensor]?.name ?? `input ${p.tensor}`}›`)).join(' ')];
  } else if (node.op === 'Assert') {
    details = [String(node.attrs.message ?? '')];
  } else if (node.op === 'AssignVariable') {
    details = [`→ variable '${String(node.attrs.variable)}'`];
  }
  const id = w.node(indent, kind, node.op, details, inside, sourceAttrs(w.opts, node, kernelTooltip(node)));
  node.inputs.forEach((v) => w.edgeFrom(v, id));
  node.outputs.forEach((v, k) => w.bind(v, { id, port: node.outputs.length > 1 ? `#${k}` : undefined }));
  return id;
}

function writeControlFlow(w: DotWriter, node: Node, indent: string, inside: readonly string[]): string {
  const isCond = node.op === 'Cond';
  const cid = w.clusterId();
  const src = node.options.source ? `  ·  ${sourceText(node.options.source, w.opts)}` : '';
  const effect = node.options.effect ? { color: EFFECT_MARK.color, penwidth: EFFECT_MARK.penwidth } : {};
  const cls = ['ag-cluster', `ag-${isCond ? 'cond' : 'while'}-cluster`, ...inside.map((c) => `ag-in-${c}`)].join(' ');
  w.lines.push(`${indent}subgraph ${cid} {`);
  w.lines.push(`${indent}  graph${attrList({ ...CLUSTER_STYLE[isCond ? 'cond' : 'while'], ...effect, label: `${node.op}${node.options.effect ? ' (effects)' : ''}${src}`, class: cls, tooltip: clusterTooltip(w, node) })};`);
  const returns = new Map<string, string>();
  for (const [label, sub] of Object.entries(node.subgraphs!)) {
    const sid = w.clusterId();
    const subCls = ['ag-cluster', ...[...inside, cid].map((c) => `ag-in-${c}`)].join(' ');
    w.lines.push(`${indent}  subgraph ${sid} {`);
    w.lines.push(`${indent}    graph${attrList({ ...CLUSTER_STYLE[isCond ? 'branch' : 'loop-part'], label: SUBGRAPH_LABEL[label] ?? label, class: subCls, tooltip: `${label} of ${clusterTooltip(w, node)}` })};`);
    returns.set(label, writeBody(w, sub, `${indent}    `, [...inside, cid, sid], false));
    w.lines.push(`${indent}  }`);
  }
  const max = node.attrs.maximumIterations;
  const details = [...node.outputs.map((v) => `${v.name ? `${display(v.name)}: ` : ''}${w.type(v)}`), ...(max !== undefined ? [`at most ${String(max)} iterations`] : [])];
  // The merge node stays visible when its own cluster collapses (it is not marked as inside it).
  const merge = w.node(`${indent}  `, isCond ? 'cond' : 'while', node.op, details, inside, sourceAttrs(w.opts, node, `${node.op} outputs`));
  w.lines.push(`${indent}}`);

  const subs = Object.values(node.subgraphs!);
  const operands = isCond ? node.inputs.slice(1) : node.inputs;
  if (isCond) w.edgeFrom(node.inputs[0]!, merge, { label: 'pred', penwidth: 1.4 });
  operands.forEach((v, i) => {
    for (const sub of subs) {
      const p = sub.params[i];
      if (p) w.edgeFrom(v, w.idOf(p), { style: 'dashed', color: '#9ca3af' });
    }
  });
  const color = isCond ? '#16a34a' : '#1d4ed8';
  for (const [label, ret] of returns) {
    const edgeLabel = isCond ? label : label === 'body' ? 'next' : 'continue?';
    w.edge(ret, merge, { style: label === 'cond' ? 'dotted' : 'dashed', color, label: edgeLabel, fontcolor: color });
  }
  node.outputs.forEach((v, k) => w.bind(v, { id: merge, port: node.outputs.length > 1 ? (v.name ? display(v.name) : `#${k}`) : undefined }));
  return merge;
}

/** A user-facing output name; the tracer's placeholder 'value' (a bare returned tensor) counts as none. */
function outputName(name: string | undefined): string | undefined {
  return name && name !== 'value' ? display(name) : undefined;
}

/** Names the tracer derives from array positions ('0', '[1]') read better as '#0', '#1'. */
function display(name: string): string {
  const m = /^\[?(\d+)\]?$/.exec(name);
  return m ? `#${m[1]}` : name;
}

function sourceAttrs(opts: DotOptions, node: Node, head: string): Record<string, string | undefined> {
  const s = node.options.source;
  if (!s) return { tooltip: head };
  const href = sourceHref(s, opts);
  return { tooltip: `${head}\n${sourceText(s, opts)}`, URL: href, target: href ? '_blank' : undefined };
}

function kernelTooltip(node: Node): string {
  const skip = new Set(['steps']);
  const attrs = Object.entries(node.attrs)
    .filter(([k, v]) => v !== undefined && !skip.has(k))
    .map(([k, v]) => `${k}=${short(v)}`);
  return attrs.length ? `${node.op} {${attrs.join(', ')}}` : node.op;
}

function clusterTooltip(w: DotWriter, node: Node): string {
  const s = node.options.source;
  return s ? `${node.op} at ${sourceText(s, w.opts)}` : node.op;
}

function short(v: unknown): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v, (_, x) => (ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x));
  return text === undefined ? String(v) : text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
