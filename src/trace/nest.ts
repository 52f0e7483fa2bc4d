// Nested structures of arrays and plain objects, flattened to leaves and rebuilt, like TF's `nest`.
// Needs nothing. Produces `flatten(structure, rootNames?)` → leaves, their paths, and `rebuild`.
// Leaves are everything that is not a plain array or a plain object (tensors, numbers, null …);
// arrays declared as lists (setElementType) are leaves too.

import { isDeclaredList } from './list-registry.js';

export interface Flat {
  readonly leaves: unknown[];
  /** Readable path of each leaf: `x`, `x[1]`, `state.h` … */
  readonly paths: string[];
  /** Builds a structure of the same shape from new leaves (in the same order). */
  rebuild(leaves: readonly unknown[]): unknown;
  /** A description of the nesting, equal for structures of the same shape. */
  readonly signature: string;
}

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (x === null || typeof x !== 'object') return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

type Shape = { kind: 'leaf' } | { kind: 'array'; items: Shape[] } | { kind: 'object'; keys: string[]; items: Shape[] };

/** Flattens `structure`. With `rootNames`, the top level is an array whose items are named by them. */
export function flatten(
  structure: unknown,
  rootNames?: readonly (string | undefined)[],
  opts: { listsAsLeaves?: boolean } = {},
): Flat {
  const listLeaves = opts.listsAsLeaves ?? true;
  const leaves: unknown[] = [];
  const paths: string[] = [];
  const walk = (x: unknown, path: string): Shape => {
    if (Array.isArray(x) && !(listLeaves && isDeclaredList(x))) {
      return { kind: 'array', items: x.map((item, i) => walk(item, `${path}[${i}]`)) };
    }
    if (isPlainObject(x)) {
      const keys = Object.keys(x);
      return { kind: 'object', keys, items: keys.map((k) => walk(x[k], path ? `${path}.${k}` : k)) };
    }
    leaves.push(x);
    paths.push(path || 'value');
    return { kind: 'leaf' };
  };
  let shape: Shape;
  if (rootNames && Array.isArray(structure)) {
    shape = { kind: 'array', items: structure.map((item, i) => walk(item, rootNames[i] ?? `[${i}]`)) };
  } else {
    shape = walk(structure, '');
  }
  const rebuild = (newLeaves: readonly unknown[]): unknown => {
    let k = 0;
    const build = (s: Shape): unknown => {
      if (s.kind === 'leaf') return newLeaves[k++];
      if (s.kind === 'array') return s.items.map(build);
      const out: Record<string, unknown> = {};
      s.keys.forEach((key, i) => (out[key] = build(s.items[i]!)));
      return out;
    };
    return build(shape);
  };
  return { leaves, paths, rebuild, signature: describe(shape) };
}

function describe(s: Shape): string {
  if (s.kind === 'leaf') return '*';
  if (s.kind === 'array') return `[${s.items.map(describe).join(',')}]`;
  return `{${s.keys.map((k, i) => `${k}:${describe(s.items[i]!)}`).join(',')}}`;
}
