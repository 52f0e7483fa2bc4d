// What the pictures and the viewer say about one node: its title (the op; a fused node's chain),
// detail lines (attributes, effects' messages), short attribute text, small constants shown
// inline, value names. Needs the IR. Produces `nodeTitle`, `nodeDetails`, `attrText`,
// `inlineConstant`, `displayName`, `outputName`, `valueType`, `pictureTypes`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { inferListTypes } from '../graph-model/list-types.js';
import { refinedShapes } from './list-lengths.js';
import { FUSED_OP, type FusedStep } from '../../ir/fused.js';
import { LIST_DTYPE, typeToString, type Shape, type TensorType } from '../../ir/types.js';
import { formatValues } from './dot-style.js';
import { labelAttrs } from './op-display.js';
import { OP } from '../../ir/ops.js';

/** Constants with at most this many values are written into the nodes that use them. */
export const INLINE_CONST_MAX = 4;

/** Names the tracer derives from array positions ('0', '[1]') read better as '#0', '#1'. */
export function displayName(name: string): string {
  const m = /^\[?(\d+)\]?$/.exec(name);
  return m ? `#${m[1]}` : name;
}

/** A user-facing output name; the tracer's placeholder 'value' (a bare returned tensor) counts as none. */
export function outputName(name: string | undefined): string | undefined {
  if (name?.startsWith('<return value')) return 'return value'; // the converter's return slot
  return name && name !== 'value' ? displayName(name) : undefined;
}

/** What pictures know of types beyond each value's own: lists' element types, shapes refined by known trip counts. */
export interface PictureTypes {
  readonly lists: ReadonlyMap<Value, TensorType>;
  readonly shapes: ReadonlyMap<Value, Shape>;
}

export function pictureTypes(graph: Graph): PictureTypes {
  return { lists: inferListTypes(graph), shapes: refinedShapes(graph) };
}

/** `float32[2,3]`, or `list<float32[2]>` for a tensor list whose element type is known. */
export function valueType(v: Value, types: PictureTypes): string {
  const el = v.dtype === LIST_DTYPE ? types.lists.get(v) : undefined;
  if (el) return `list<${typeToString(el)}>`;
  const shape = types.shapes.get(v);
  return typeToString(shape ? { dtype: v.dtype, shape } : v);
}

/** The text of a small constant (`2`, `[1, 2]`) if `node` is one to show inside its users. */
export function inlineConstant(node: Node | undefined): string | undefined {
  if (!node || node.op !== OP.Const || !node.options.values) return undefined;
  const vals = node.options.values;
  return vals.length <= INLINE_CONST_MAX ? formatValues(vals) : undefined;
}

/** The op, or for a fused node `Fused: Mod → Equal`. */
export function nodeTitle(node: Node): string {
  return node.op;
}

function short(v: unknown, max = 40): string {
  const text =
    typeof v === 'string'
      ? JSON.stringify(v)
      : JSON.stringify(v, (_, x) => (ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x));
  const s = text === undefined ? String(v) : text;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * `axis=0, activation="relu"`: the attributes worth a label (op-display's rules leave out defaults),
 * or with `all` every attribute (the info panel); a fused node's steps are shown apart.
 */
export function attrText(node: Node, max = 40, all = false): string[] {
  if (node.subgraphs || node.op === FUSED_OP || node.op === OP.Print || node.op === OP.Assert) return [];
  const attrs = all ? Object.entries(node.attrs).filter(([, v]) => v !== undefined && v !== null) : labelAttrs(node);
  return attrs.map(([k, v]) => `${k}=${short(v, max)}`);
}

/** Lines of `text` no longer than `width`, broken after ` → `. */
function wrap(parts: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const p of parts) {
    const next = cur ? `${cur} → ${p}` : p;
    if (cur && next.length > width) {
      lines.push(`${cur} →`);
      cur = p;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Lines under the title: a fused chain, a print's format, an assert's message, a variable written. */
export function nodeDetails(node: Node, variableName: (name: string) => string = (n) => n): string[] {
  if (node.op === FUSED_OP)
    return wrap(
      (node.attrs.steps as readonly FusedStep[]).map((s) => s.op),
      36,
    );
  if (node.op === OP.Print) {
    const parts = (node.attrs.parts ?? []) as readonly ({ text: string } | { tensor: number })[];
    return [
      parts.map((p) => ('text' in p ? p.text : `‹${node.inputs[p.tensor]?.name ?? `input ${p.tensor}`}›`)).join(' '),
    ];
  }
  if (node.op === OP.Assert) return [String(node.attrs.message ?? '')];
  if (node.op === OP.AssignVariable) {
    const name = String(node.attrs.variable);
    const shown = variableName(name);
    return [shown === name ? `→ variable '${name}'` : `→ ${shown}`];
  }
  if (node.op === OP.Const) return [formatValues(node.options.values ?? [])];
  return attrText(node, 24).slice(0, 2);
}

/** The name of input `i` of `node` as the kernel calls it (`x`, `b`), or `#i`. */
export function inputName(node: Node, i: number): string {
  if (node.options.arrayInputs || node.op === FUSED_OP) return `#${i}`;
  return node.inputNames[i] ?? `#${i}`;
}
