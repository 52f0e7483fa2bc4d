// Draws a graph as Graphviz DOT, top to bottom: params, captures and kernels as nodes (small
// constants written into the nodes that use them), dataflow edges, and each Cond/While as a cluster
// labelled with the user's statement (`while (a != 1) · collatz.ts:3`): an entry node where its
// operands come in, its subgraphs (a loop's condition above its body), and an exit node with its
// outputs; or, collapsed, one node. Every element carries `ag-in-<cluster>` classes and stable ids
// (graph-index) for the HTML viewer. Needs the IR, dot-style, dot-writer, node-text, graph-index.
// Produces `toDot(graph, opts) → string`.

import type { Capture, Graph, Node, Value } from '../../ir/graph.js';
import {
  attrList,
  CLUSTER_STYLE,
  EFFECT_MARK,
  knownSource,
  quote,
  sourceHref,
  sourceText,
  type AttrValue,
  type NodeKind,
} from './dot-style.js';
import { DotWriter, type DotOptions } from './dot-writer.js';
import { indexGraph } from './graph-index.js';
import { foldCollapsedGroups, groupInside, writeGroups } from './dot-groups.js';
import { isNoOp } from './op-display.js';
import {
  attrText,
  displayName,
  inlineConstant,
  inputName,
  nodeDetails,
  nodeTitle,
  outputName,
  pictureTypes,
} from './node-text.js';

export type { DotOptions } from './dot-writer.js';

const PART_LABEL: Readonly<Record<string, string>> = { then: 'then', else: 'else', cond: 'condition', body: 'body' };
import { OP } from '../../ir/ops.js';

/** Graphviz DOT text of `graph`. */
export function toDot(graph: Graph, opts: DotOptions = {}): string {
  const w = new DotWriter(opts, indexGraph(graph, opts), pictureTypes(graph));
  const title = opts.title ?? `graph ${graph.name}`;
  w.lines.push(`digraph ${quote(graph.name)} {`);
  w.lines.push(
    `  graph${attrList({ label: title, labelloc: 't', fontname: 'Helvetica', fontsize: 12, rankdir: opts.rankdir ?? 'TB', class: 'ag-graph', nodesep: 0.3, ranksep: 0.3, newrank: 'true' })};`,
  );
  w.lines.push(`  node${attrList({ fontname: 'Helvetica', fontsize: 10, margin: '0.14,0.04' })};`);
  w.lines.push(`  edge${attrList({ fontname: 'Helvetica', fontsize: 8, color: '#4b5563', arrowsize: 0.6 })};`);
  foldCollapsedGroups(w);
  writeBody(w, graph, '  ', [], 'ret', true);
  writeGroups(w);
  return w.finish();
}

/** Whether `v` is used inside `g` (by a node or as an output), so its param is worth drawing. */
function usedIn(g: Graph, v: Value): boolean {
  return g.outputs.includes(v) || g.nodes.some((n) => n.inputs.includes(v));
}

/** Writes params, captures, nodes and the return node of `g`; returns the return node's id and its params' ids. */
function writeBody(
  w: DotWriter,
  g: Graph,
  indent: string,
  inside: readonly string[],
  retId: string,
  top: boolean,
  retTitle = top ? 'outputs' : 'return',
): { ret: string; params: Map<Value, string> } {
  const params = new Map<Value, string>();
  g.params.forEach((p, i) => {
    if (!top && !usedIn(g, p)) return;
    if (drawnOutside(w, p)) return;
    const id = w.node(indent, w.index.id(p), 'param', p.name ? displayName(p.name) : `arg${i}`, [w.type(p)], inside);
    params.set(p, id);
    w.bind(p, { id });
  });
  for (const c of g.captures) {
    if (drawnOutside(w, c.param)) continue;
    const { title, from } = captureText(w, c);
    const id = w.node(
      indent,
      w.index.id(c.param),
      'capture',
      title,
      [w.type(c.param), from],
      groupInside(w, g, c.param, inside),
      { tooltip: `captured ${from}` },
    );
    params.set(c.param, id);
    w.bind(c.param, { id });
  }
  const effects: string[] = [];
  for (const node of g.nodes) {
    const id = node.subgraphs
      ? writeControlFlow(w, node, indent, inside)
      : writeKernel(w, node, indent, groupInside(w, g, node, inside));
    if (id && node.options.effect) effects.push(id);
  }
  const outs = g.outputs.map((v, i) => {
    const name = outputName(g.outputNames[i] ?? v.name);
    const inline = w.producer(v).inline;
    const value = inline !== undefined ? ` = ${inline}` : '';
    return name
      ? `${name}: ${w.type(v)}${value}`
      : g.outputs.length > 1
        ? `#${i}: ${w.type(v)}${value}`
        : `${w.type(v)}${value}`;
  });
  const ret = w.node(indent, retId, 'return', retTitle, outs, inside);
  g.outputs.forEach((v) => w.edgeFrom(v, ret));
  for (let i = 1; i < effects.length; i++) {
    w.edge(effects[i - 1]!, effects[i]!, {
      style: 'dotted',
      color: EFFECT_MARK.color,
      constraint: 'false',
      tooltip: 'effect order',
    });
  }
  return { ret, params };
}

/** `b = 2` lines for the inputs of `node` that are constants written into it. */
function inlineInputs(w: DotWriter, node: Node): string[] {
  return node.inputs.flatMap((v, i) => {
    const inline = w.producer(v).inline;
    return inline === undefined ? [] : [`${inputName(node, i)} = ${inline}`];
  });
}

/** A loop invariant or outer capture: bound to its outer value's node (edges come straight from there), not drawn. */
function drawnOutside(w: DotWriter, p: Value): boolean {
  const outer = w.index.invariant(p);
  if (!outer) return false;
  w.bind(p, w.producer(outer));
  return true;
}

/** A capture's title (`capture Wx`, `capture m(Wx)` for an optimizer's slot) and where it comes from. */
function captureText(w: DotWriter, c: Capture): { title: string; from: string } {
  if (c.source.kind !== 'variable')
    return {
      title: `capture ${c.param.name ?? ''}`.trim(),
      from: c.source.kind === 'tensor' ? 'tensor' : 'outer value',
    };
  const name = c.source.variable.name;
  const shown = w.index.variableName(name);
  return {
    title: `capture ${shown !== name ? shown : (c.param.name ?? name)}`,
    from: shown !== name ? `optimizer slot, variable '${name}'` : `variable '${name}'`,
  };
}

function writeKernel(w: DotWriter, node: Node, indent: string, inside: readonly string[]): string | undefined {
  const id = w.index.id(node);
  const inline = w.opts.inlineConstants === false ? undefined : inlineConstant(node);
  if (inline !== undefined) {
    w.bind(node.outputs[0]!, { inline });
    return undefined;
  }
  if (isNoOp(node)) {
    w.bind(node.outputs[0]!, w.producer(node.inputs[0]!)); // drawn as a plain edge
    return undefined;
  }
  const types = node.outputs.map((v, k) => (node.outputs.length > 1 ? `#${k} ${w.type(v)}` : w.type(v)));
  const kind: NodeKind =
    node.op === OP.Const ? 'const' : node.options.effect ? 'effect' : node.op === OP.Fused ? 'fused' : 'op';
  const details = [...nodeDetails(node, w.index.variableName), ...inlineInputs(w, node), ...types];
  w.node(indent, id, kind, nodeTitle(node), details, inside, sourceAttrs(w.opts, node, kernelTooltip(node)));
  node.inputs.forEach((v) => w.edgeFrom(v, id));
  node.outputs.forEach((v, k) => w.bind(v, { id, port: node.outputs.length > 1 ? `#${k}` : undefined }));
  return id;
}

/** Names of a Cond/While's operands: the params of its first subgraph (loop variables, branch inputs). */
function operandNames(node: Node): string[] {
  const sub = Object.values(node.subgraphs!)[0]!;
  const ops = node.op === OP.Cond ? node.inputs.slice(1) : node.inputs;
  return ops.map((_, i) => {
    const p = sub.params[i];
    return p?.name ? displayName(p.name) : `#${i}`;
  });
}

function clusterTitle(w: DotWriter, node: Node): string {
  const c = w.index.cluster(w.index.id(node))!;
  return `${c.label}${c.location ? `  ·  ${c.location}` : ''}${node.options.effect ? '  (effects)' : ''}`;
}

function writeControlFlow(w: DotWriter, node: Node, indent: string, inside: readonly string[]): string {
  const isCond = node.op === OP.Cond;
  const id = w.index.id(node);
  const info = w.index.cluster(id)!;
  const names = operandNames(node);
  const operands = isCond ? node.inputs.slice(1) : node.inputs;
  const inlineOps = operands.flatMap((v, i) => {
    const inline = w.producer(v).inline;
    return inline === undefined ? [] : [`${names[i]} = ${inline}`];
  });
  const outDetails = node.outputs.map((v) => `${v.name ? `${displayName(v.name)}: ` : ''}${w.type(v)}`);
  const max = node.attrs.maximumIterations;
  const effect = node.options.effect ? { color: EFFECT_MARK.color, penwidth: EFFECT_MARK.penwidth } : {};
  const bindOutputs = () =>
    node.outputs.forEach((v, k) =>
      w.bind(v, { id, port: node.outputs.length > 1 ? (v.name ? displayName(v.name) : `#${k}`) : undefined }),
    );

  if (w.opts.collapsed?.has(id)) {
    const details = [...(info.location ? [info.location] : []), `${info.size} ops inside`, ...inlineOps, ...outDetails];
    w.node(indent, id, 'collapsed', `▸ ${info.label}`, details, inside, {
      color: isCond ? '#16a34a' : '#1d4ed8',
      fillcolor: isCond ? '#f0fdf4' : '#eff6ff',
      ...effect,
      ...sourceAttrs(w.opts, node, `${clusterTitle(w, node)} (collapsed: click to expand)`),
    });
    if (isCond) w.edgeFrom(node.inputs[0]!, id, { label: 'pred', penwidth: 1.4 });
    operands.forEach((v) => w.edgeFrom(v, id));
    outerCaptures(node).forEach((v) => w.edgeFrom(v, id, { style: 'dashed', color: '#9ca3af' }));
    bindOutputs();
    return id;
  }

  const cid = `cluster_${id}`;
  const here = [...inside, id];
  const cls = ['ag-cluster', `ag-${isCond ? 'cond' : 'while'}-cluster`, ...inside.map((c) => `ag-in-${c}`)].join(' ');
  w.lines.push(`${indent}subgraph ${cid} {`);
  w.lines.push(
    `${indent}  graph${attrList({ ...CLUSTER_STYLE[isCond ? 'cond' : 'while'], ...effect, label: clusterTitle(w, node), id: cid, class: cls, tooltip: clusterTitle(w, node) })};`,
  );
  // Entry: where the operands (and the predicate) come in. It belongs to the cluster (hidden when it collapses).
  const entry = `${id}_in`;
  const vars = names.filter((_, i) => w.producer(operands[i]!).inline === undefined);
  const entryDetails = [
    ...(vars.length ? [vars.join(', ')] : []),
    ...inlineOps,
    ...(max !== undefined ? [`at most ${String(max)} iterations`] : []),
  ];
  w.node(`${indent}  `, entry, isCond ? 'cond' : 'while', isCond ? 'if' : 'while', entryDetails, here, {
    ...effect,
    tooltip: `${node.op}: ${clusterTitle(w, node)}`,
  });
  const parts: { label: string; ret: string; params: Map<Value, string>; sub: Graph }[] = [];
  for (const [label, sub] of Object.entries(node.subgraphs!)) {
    const sid = `${id}_${label}`;
    const subCls = ['ag-cluster', 'ag-part', ...here.map((c) => `ag-in-${c}`)].join(' ');
    w.lines.push(`${indent}  subgraph cluster_${sid} {`);
    w.lines.push(
      `${indent}    graph${attrList({ ...CLUSTER_STYLE[isCond ? 'branch' : 'loop-part'], label: PART_LABEL[label] ?? label, id: `cluster_${sid}`, class: subCls, tooltip: `${PART_LABEL[label] ?? label} of ${clusterTitle(w, node)}` })};`,
    );
    // A loop's parts end in what they hand on: the condition decides, the body makes the next values.
    const retTitle = isCond ? 'return' : label === 'cond' ? 'loop while true' : 'next iteration';
    const { ret, params } = writeBody(w, sub, `${indent}    `, here, `${sid}_ret`, false, retTitle);
    parts.push({ label, ret, params, sub });
    w.lines.push(`${indent}  }`);
  }
  // Exit: the node's outputs; what the rest of the graph uses. Stays visible when the cluster collapses in place.
  w.node(`${indent}  `, id, isCond ? 'cond' : 'while', isCond ? 'end if' : 'end while', outDetails, inside, {
    ...effect,
    ...sourceAttrs(w.opts, node, `${node.op} outputs: ${clusterTitle(w, node)}`),
  });
  w.lines.push(`${indent}}`);

  if (isCond) w.edgeFrom(node.inputs[0]!, entry, { label: 'pred', penwidth: 1.4 });
  operands.forEach((v) => w.edgeFrom(v, entry));
  const captured = outerCaptures(node);
  captured.forEach((v) => w.edgeFrom(v, entry, { style: 'dashed', color: '#9ca3af' }));
  const color = isCond ? '#16a34a' : '#1d4ed8';
  for (const part of parts) {
    part.sub.params.forEach((p) => {
      const pid = part.params.get(p);
      if (pid) w.edge(entry, pid, { style: 'dashed', color: '#9ca3af', arrowhead: 'none' });
    });
    part.sub.captures.forEach((c) => {
      const pid = part.params.get(c.param);
      if (pid && c.source.kind === 'outer')
        w.edge(entry, pid, { style: 'dashed', color: '#9ca3af', arrowhead: 'none' });
    });
  }
  if (isCond) {
    for (const part of parts) w.edge(part.ret, id, { style: 'dashed', color });
  } else {
    const condPart = parts.find((p) => p.label === 'cond');
    const bodyPart = parts.find((p) => p.label === 'body');
    if (condPart && bodyPart) {
      // Entry, condition, body, exit, top to bottom: invisible edges order them. No arrow runs back
      // up or around the body (the parts' return nodes say where their values go).
      const firstOfBody = [...bodyPart.params.values()];
      (firstOfBody.length ? firstOfBody : [bodyPart.ret]).forEach((b) => w.edge(condPart.ret, b, { style: 'invis' }));
      w.edge(bodyPart.ret, id, { style: 'invis' });
    }
    w.edge(entry, id, { style: 'invis' });
  }
  bindOutputs();
  return id;
}

/** Values of enclosing graphs that the subgraphs of `node` capture. */
function outerCaptures(node: Node): Value[] {
  const out = new Set<Value>();
  for (const sub of Object.values(node.subgraphs!))
    for (const c of sub.captures) if (c.source.kind === 'outer') out.add(c.source.value);
  return [...out];
}

function sourceAttrs(opts: DotOptions, node: Node, head: string): Record<string, AttrValue> {
  const s = node.options.source;
  if (!s || !knownSource(s)) return { tooltip: head };
  const href = sourceHref(s, opts);
  return { tooltip: `${head}\n${sourceText(s, opts)}`, URL: href, target: href ? '_blank' : undefined };
}

function kernelTooltip(node: Node): string {
  const attrs = attrText(node, 60);
  return attrs.length ? `${node.op} {${attrs.join(', ')}}` : node.op;
}
