// The fields of objects a function writes that its caller can see: of its receiver (`this.v = …` in
// a method) and of its parameters (`state.n = …`). A call made while a staged if or loop is traced
// reports them (runtime/field-writes.ts), so that the construct carries those fields as state, as
// it carries its own writes. Read from the function's source (converted or not), cached per text.
// Needs parse-function, scopes, activity. Produces `fieldWritesOf`, `FieldWrites`.

import * as t from '../util/babel-types.js';
import { parseFunction } from '../parse-function.js';
import { analyzeScopes } from './scopes.js';
import { activityOf } from './activity.js';

export interface FieldWrites {
  /** Paths under `this` it writes (`this.v` → ['v']). */
  readonly thisPaths: readonly (readonly string[])[];
  /** True for an arrow: its `this` is the one it closed over, not the call's receiver. */
  readonly lexicalThis?: boolean;
  /** Paths under a parameter it writes, by the parameter's index (`s.n = …` → [0, ['n']]). */
  readonly paramPaths: readonly (readonly [number, readonly string[]])[];
}

const NONE: FieldWrites = { thisPaths: [], paramPaths: [] };
const cache = new Map<string, FieldWrites>();

/** The field writes of the function whose text is `source` (none when it cannot be read). */
export function fieldWritesOf(source: string): FieldWrites {
  let w = cache.get(source);
  if (w) return w;
  try {
    w = analyze(parseFunction(source, 'f').node);
  } catch {
    w = NONE;
  }
  if (cache.size > 2048) cache.clear();
  cache.set(source, w);
  return w;
}

function analyze(fn: t.Function): FieldWrites {
  if (!t.isBlockStatement(fn.body)) return NONE;
  const info = analyzeScopes(fn);
  const { modified } = activityOf(fn.body.body, info);
  const params = fn.params.map((p) => (t.isIdentifier(p) ? info.refs.get(p)?.binding : undefined));
  // A parameter assigned anywhere no longer names the argument: its fields are not the caller's.
  const reassigned = new Set(
    [...modified.values()].filter((s) => s.path.length === 0 && s.binding).map((s) => s.binding),
  );
  const thisPaths: string[][] = [];
  const paramPaths: [number, string[]][] = [];
  for (const s of modified.values()) {
    if (s.path.length === 0) continue;
    if (s.isThis) {
      thisPaths.push([...s.path]);
      continue;
    }
    const i = s.binding ? params.indexOf(s.binding) : -1;
    if (i >= 0 && !reassigned.has(s.binding)) paramPaths.push([i, [...s.path]]);
  }
  if (!thisPaths.length && !paramPaths.length) return NONE;
  return t.isArrowFunctionExpression(fn) ? { thisPaths, paramPaths, lexicalThis: true } : { thisPaths, paramPaths };
}
