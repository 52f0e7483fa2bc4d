// Common-subexpression elimination: a pure kernel node with the same op, inputs and (deep-equal)
// attrs as an earlier node of its graph is replaced by that node; constants with the same dtype,
// shape and bits merge. Effects, control flow and random kernels are never merged. Recurses into
// subgraphs (each is its own scope). Needs rewrite. Produces `cse(graph)` (mutates and returns it).

import type { Graph, Node } from '../ir/graph.js';
import { kernelOf } from '../ir/kernels/index.js';
import { shapeToString } from '../ir/types.js';
import { isPureKernel, setNodes, Substitution } from './rewrite.js';
import { OP } from '../ir/ops.js';

export function cse(graph: Graph): Graph {
  cseGraph(graph);
  return graph;
}

function cseGraph(g: Graph): void {
  const subst = new Substitution();
  const seen = new Map<string, Node[]>();
  const kept: Node[] = [];
  for (const node of g.nodes) {
    subst.applyTo(node);
    if (node.subgraphs) for (const sub of Object.values(node.subgraphs)) cseGraph(sub);
    const key = keyOf(node);
    if (key !== undefined) {
      const bucket = seen.get(key);
      const twin = bucket && twinOf(node, bucket);
      if (twin) {
        for (let i = 0; i < node.outputs.length; i++) subst.set(node.outputs[i]!, twin.outputs[i]!);
        continue;
      }
      if (bucket) bucket.push(node);
      else seen.set(key, [node]);
    }
    kept.push(node);
  }
  setNodes(g, kept);
  subst.applyToOutputs(g);
}

/** The first node of `bucket` (same key) equal to `node`. */
function twinOf(node: Node, bucket: readonly Node[]): Node | undefined {
  for (const other of bucket) if (sameNode(node, other)) return other;
  return undefined;
}

/** A hash key of what makes two nodes equal, or undefined when the node must stay unique. */
function keyOf(node: Node): string | undefined {
  if (node.op === OP.Const) {
    const vals = node.options.values;
    if (!vals) return undefined;
    const v = node.outputs[0]!;
    return `Const|${v.dtype}|${shapeToString(v.shape)}|${vals.length}|${hashValues(vals)}`;
  }
  if (!isPureKernel(node) || node.outputs.length === 0) return undefined;
  const attrs = stableKey(node.attrs);
  if (attrs === undefined) return undefined;
  let ids = node.inputs.map((v) => v.id);
  if (kernelOf(node.op)?.commutative && ids.length === 2) ids = [...ids].sort((a, b) => a - b);
  const types = node.outputs.map((v) => `${v.dtype}${shapeToString(v.shape)}`).join(',');
  return `${node.op}|${ids.join(',')}|${node.options.arrayInputs ? 'array' : node.inputNames.join(',')}|${types}|${attrs}`;
}

/** Full comparison of two nodes with the same key (constants: every bit of the payload). */
function sameNode(a: Node, b: Node): boolean {
  if (a.op !== OP.Const) return true; // the key holds everything else exactly
  const x = a.options.values!;
  const y = b.options.values!;
  if (x.length !== y.length || Array.isArray(x) !== Array.isArray(y) || x.constructor !== y.constructor) return false;
  if (Array.isArray(x)) return x.every((s, i) => s === (y as string[])[i]);
  const bx = bytes(x as Exclude<typeof x, string[]>);
  const by = bytes(y as Exclude<typeof y, string[]>);
  for (let i = 0; i < bx.length; i++) if (bx[i] !== by[i]) return false;
  return true;
}

function bytes(a: Float32Array | Int32Array | Uint8Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** FNV-1a over the 32-bit words of a payload, then its remaining bytes (strings: over their characters). */
function hashValues(vals: NonNullable<Node['options']['values']>): string {
  let h = 0x811c9dc5;
  if (Array.isArray(vals)) {
    for (const s of vals) {
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
      h = Math.imul(h, 0x01000193);
    }
  } else {
    const b = bytes(vals);
    const words = b.byteOffset % 4 === 0 ? new Int32Array(b.buffer, b.byteOffset, b.length >> 2) : undefined;
    const start = words ? words.length * 4 : 0;
    if (words) for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
    for (let i = start; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/**
 * A canonical string of an attr value: equal strings mean deep-equal attrs (-0 and 0 differ, NaN
 * equals NaN, undefined entries are ignored). Undefined when an attr is not plain data.
 */
export function stableKey(x: unknown): string | undefined {
  if (x === null) return 'null';
  switch (typeof x) {
    case 'number':
      return Object.is(x, -0) ? '-0' : String(x);
    case 'string':
      return JSON.stringify(x);
    case 'boolean':
      return String(x);
    case 'undefined':
      return 'undefined';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (Array.isArray(x) || ArrayBuffer.isView(x)) {
    const parts: string[] = [];
    for (const e of Array.from(x as ArrayLike<unknown>)) {
      const k = stableKey(e);
      if (k === undefined) return undefined;
      parts.push(k);
    }
    return `${ArrayBuffer.isView(x) ? x.constructor.name : ''}[${parts.join(',')}]`;
  }
  const proto = Object.getPrototypeOf(x);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const parts: string[] = [];
  for (const k of Object.keys(x as object).sort()) {
    const v = (x as Record<string, unknown>)[k];
    if (v === undefined) continue;
    const s = stableKey(v);
    if (s === undefined) return undefined;
    parts.push(`${JSON.stringify(k)}:${s}`);
  }
  return `{${parts.join(',')}}`;
}
