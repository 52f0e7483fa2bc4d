// Unit tests of the analyses: scopes (binding resolution, roles, free names, captures), activity
// (modified/read symbols, composites, locals excluded) and liveness (live-in/out of ifs and loops).
import { describe, expect, it } from 'vitest';
import * as t from '@babel/types';
import { parseFunction } from '../../src/convert/parse-function.js';
import { analyzeScopes } from '../../src/convert/analysis/scopes.js';
import { activityOf } from '../../src/convert/analysis/activity.js';
import { analyzeLiveness } from '../../src/convert/analysis/liveness.js';
import { walk } from '../../src/convert/util/walk.js';

const parse = (src: string) => parseFunction(src, 'f').node;
function first<T extends t.Node>(root: t.Node, is: (n: t.Node) => n is T): T {
  let found: T | undefined;
  walk(root, (n) => {
    if (!found && is(n)) found = n;
  });
  return found!;
}
const names = (m: Map<string, { name: string }>) => [...m.values()].map((s) => s.name).sort();

describe('scopes', () => {
  it('resolves shadowing by block scope and reports free names with their properties', () => {
    const fn = parse('function f(x) { let i = 7; for (let i = 0; i < x; i++) { tf.add(i, x) } return i + y }');
    const info = analyzeScopes(fn);
    expect([...info.free.keys()].sort()).toEqual(['tf', 'y']);
    expect([...info.free.get('tf')!]).toEqual(['add']);
    const ids = [...info.refs.entries()].filter(([id]) => id.name === 'i');
    const bindings = new Set(ids.map(([, r]) => r.binding));
    expect(bindings.size).toBe(2); // the outer i and the loop's i
  });
  it('classifies reads, writes, read-writes and declarations', () => {
    const fn = parse('function f(a) { let b; b = a; a += 1; [a, b] = [b, a]; return b }');
    const roles = [...analyzeScopes(fn).refs.entries()].map(([id, r]) => `${id.name}:${r.role}`);
    expect(roles).toEqual(expect.arrayContaining(['a:decl', 'b:decl', 'b:write', 'a:read', 'a:readwrite', 'a:write']));
  });
  it('records bindings captured by nested functions', () => {
    const fn = parse('function f(a) { let c = 0; const g = () => c + 1; return g() + a }');
    const info = analyzeScopes(fn);
    expect([...info.captured].map((b) => b.name)).toEqual(['c']);
  });
  it('resolves a function expression name and var hoisting', () => {
    const fn = parse('function f(n) { if (n) { var v = 1 } return v + f(n - 1) }');
    expect([...analyzeScopes(fn).free.keys()]).toEqual([]);
  });
});

describe('activity', () => {
  it('modified symbols of an if: outer variables and composites, not branch locals', () => {
    const fn = parse('function f(c, x) { let i = 0; if (c) { const j = 1; i = j; x.b = 2; this.k = 3 } return i }');
    const info = analyzeScopes(fn);
    const ifs = first(fn, t.isIfStatement);
    expect(names(activityOf([ifs], info).modified)).toEqual(['i', 'this.k', 'x.b']);
    expect(names(activityOf([ifs], info).read)).toEqual(['c', 'j', 'this', 'x']);
  });
  it('writes inside closures count for the enclosing statement', () => {
    const fn = parse('function f(l) { let s = 0; for (const x of l) { l.forEach((y) => { s += y }) } return s }');
    const info = analyzeScopes(fn);
    expect(names(activityOf([first(fn, t.isForOfStatement)], info).modified)).toEqual(['s']);
  });
});

describe('liveness', () => {
  it('live-out of an if: only what is read later', () => {
    const fn = parse('function f(c) { let a = 0, b = 0; if (c) { a = 1; b = 2 } return a }');
    const info = analyzeScopes(fn);
    const live = analyzeLiveness(fn, info);
    const ifs = first(fn, t.isIfStatement);
    const out = [...live.liveOut.get(ifs)!];
    const nameOf = (k: string) =>
      [...info.refs.values()].find((r) => r.binding && `#${r.binding.id}` === k)?.binding?.name;
    expect(out.map(nameOf)).toEqual(['a']);
  });
  it('a loop head sees variables read in the next iteration', () => {
    const fn = parse(
      'function f(n) { let i = 0, t = 0, s = 0; while (i < n) { t = i * 2; s = s + t; i = i + 1 } return s }',
    );
    const info = analyzeScopes(fn);
    const live = analyzeLiveness(fn, info);
    const loop = first(fn, t.isWhileStatement);
    const nameOf = (k: string) =>
      [...info.refs.values()].find((r) => r.binding && `#${r.binding.id}` === k)?.binding?.name;
    expect([...live.liveHead.get(loop)!].map(nameOf).sort()).toEqual(['i', 'n', 's']); // t is a body temporary
  });
});
