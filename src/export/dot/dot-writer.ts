// The DOT text being written: node lines (with the `ag-*` classes and the clusters each node is
// inside, for the viewer), dataflow edges (each with its value's name and type as a tooltip), and
// which DOT node produces each value; the legend of what it drew. Needs dot-style, node-text,
// legend. Produces `DotWriter`, `DotOptions`.

import type { Value } from '../../ir/graph.js';
import { attrList, htmlLabel, NODE_STYLE, type AttrValue, type NodeKind, type SourceOptions } from './dot-style.js';
import type { GraphIndex } from './graph-index.js';
import { legendDot, legendEntries, type EdgeStyle } from './legend.js';
import { displayName, valueType, type PictureTypes } from './node-text.js';

export interface DotOptions extends SourceOptions {
  /** Title drawn above the graph (default: `graph <name>`). */
  readonly title?: string;
  /** Layout direction (default TB, top to bottom). */
  readonly rankdir?: 'TB' | 'LR';
  /** Cond/While nodes drawn as one node each, by id (`indexGraph(graph).clusters[k].id`). */
  readonly collapsed?: ReadonlySet<string>;
  /** Show constants of up to 4 values inside the nodes that use them (default true). */
  readonly inlineConstants?: boolean;
  /** Draw a legend of the node shapes and line styles the picture uses (default: toSVG true, toDot false). */
  readonly legend?: boolean;
}

export interface Producer {
  /** The DOT node, or undefined for a constant written into its users. */
  readonly id?: string;
  /** Edge label naming which output, for nodes with several. */
  readonly port?: string;
  /** An inlined constant's text. */
  readonly inline?: string;
}

export class DotWriter {
  readonly lines: string[] = [];
  private readonly edges: string[] = [];
  private readonly producers = new Map<Value, Producer>();
  /** Cluster ids each DOT node is inside (what hides it when one collapses in place). */
  private readonly within = new Map<string, readonly string[]>();
  /** Node kinds and line styles drawn (what the legend explains). */
  private readonly kinds = new Set<NodeKind>();
  private readonly styles = new Set<EdgeStyle>();
  /** Nodes drawn as the collapsed box they are in: their id → the box's. */
  private readonly folded = new Map<string, string>();
  private readonly edgeKeys = new Set<string>();

  constructor(
    readonly opts: DotOptions,
    readonly index: GraphIndex,
    private readonly types: PictureTypes,
  ) {}

  type(v: Value): string {
    return valueType(v, this.types);
  }

  node(
    indent: string,
    id: string,
    kind: NodeKind,
    title: string,
    details: readonly string[],
    inside: readonly string[],
    extra: Record<string, AttrValue> = {},
  ): string {
    this.within.set(id, inside);
    if (this.folded.has(id)) return id;
    this.kinds.add(kind);
    const cls = ['ag-node', `ag-${kind}`, ...inside.map((c) => `ag-in-${c}`)].join(' ');
    this.lines.push(
      `${indent}${id}${attrList({ ...NODE_STYLE[kind], label: htmlLabel(title, details), id, class: cls, ...extra })};`,
    );
    return id;
  }

  bind(v: Value, p: Producer): void {
    this.producers.set(v, p);
  }

  producer(v: Value): Producer {
    const p = this.producers.get(v);
    if (!p) throw new Error(`internal: toDot met value #${v.id} before its definition`);
    return p;
  }

  /** A dataflow edge from the producer of `v` (none for an inlined constant); hovering it shows the value's name and type. */
  edgeFrom(v: Value, to: string, extra: Record<string, AttrValue> = {}): void {
    const p = this.producer(v);
    const name = v.name ? `${displayName(v.name)}: ` : '';
    if (p.id) this.edge(p.id, to, { label: p.port, tooltip: `${name}${this.type(v)}`, ...extra });
  }

  /** Draws the node `id` as the (collapsed) box `box`: its line is left out, its edges go to the box. */
  fold(id: string, box: string): void {
    this.folded.set(id, box);
  }

  /** Whether node `id` has a line of its own. */
  drawn(id: string): boolean {
    return this.within.has(id) && !this.folded.has(id);
  }

  edge(rawFrom: string, rawTo: string, extra: Record<string, AttrValue> = {}): void {
    const from = this.folded.get(rawFrom) ?? rawFrom;
    const to = this.folded.get(rawTo) ?? rawTo;
    if (from !== rawFrom || to !== rawTo) {
      // Into, out of or within a collapsed box: one edge per pair, none within.
      const key = `${from}->${to}:${String(extra.label ?? '')}`;
      if (from === to || this.edgeKeys.has(key)) return;
      this.edgeKeys.add(key);
    }
    const style = extra.style === undefined ? 'solid' : String(extra.style);
    if (style === 'solid' || style === 'dashed' || style === 'dotted') this.styles.add(style);
    const cls = [...new Set([...(this.within.get(from) ?? []), ...(this.within.get(to) ?? [])])].map(
      (c) => `ag-in-${c}`,
    );
    this.edges.push(`  ${from} -> ${to}${attrList({ ...extra, class: ['ag-edge', ...cls].join(' ') })};`);
  }

  finish(): string {
    const legend = this.opts.legend ? legendDot(legendEntries(this.kinds, this.styles), 'ret') : [];
    return [...this.lines, ...this.edges, ...legend, '}', ''].join('\n');
  }
}
