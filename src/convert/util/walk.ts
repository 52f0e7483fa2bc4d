// A small generic AST walker over @babel/types' VISITOR_KEYS (the passes do not need
// @babel/traverse's path machinery). Needs @babel/types. Produces `walk`, `some`, `transform`, `isFunctionNode`.

import * as t from './babel-types.js';

export type Visit = (node: t.Node, parent: t.Node | null, key: string) => boolean | void;

/** Pre-order walk; `visit` returning false skips the node's children. */
export function walk(node: t.Node, visit: Visit, parent: t.Node | null = null, key = ''): void {
  if (visit(node, parent, key) === false) return;
  const keys = t.VISITOR_KEYS[node.type];
  if (keys === undefined) return;
  const rec = node as unknown as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const child = rec[k];
    if (child === null || typeof child !== 'object') continue;
    if (Array.isArray(child)) {
      for (let j = 0; j < child.length; j++) {
        const c: unknown = child[j];
        if (c !== null && typeof c === 'object') walk(c as t.Node, visit, node, k);
      }
    } else {
      walk(child as t.Node, visit, node, k);
    }
  }
}

/** Whether `test` holds for `node` or a node below it (pre-order, stops at the first). */
export function some(node: t.Node, test: (n: t.Node) => boolean): boolean {
  if (test(node)) return true;
  const keys = t.VISITOR_KEYS[node.type];
  if (keys === undefined) return false;
  const rec = node as unknown as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) {
    const child = rec[keys[i]!];
    if (child === null || typeof child !== 'object') continue;
    if (Array.isArray(child)) {
      for (let j = 0; j < child.length; j++) {
        const c: unknown = child[j];
        if (c !== null && typeof c === 'object' && some(c as t.Node, test)) return true;
      }
    } else if (some(child as t.Node, test)) {
      return true;
    }
  }
  return false;
}

/** What a transform callback may return: keep (undefined), replace by one node, or splice many. */
export type Replacement = t.Node | t.Node[] | undefined;
export interface TransformCtx {
  parent: t.Node | null;
  key: string;
  /** True when the node sits in an array (a statement list); only then may it become several nodes. */
  inList: boolean;
}
export type Transformer = (node: t.Node, ctx: TransformCtx) => Replacement;

/**
 * Post-order rewrite: children first, then `fn` on the node. `skip` stops descent (e.g. into nested
 * functions a pass handles separately).
 */
export function transform(
  node: t.Node,
  fn: Transformer,
  skip: (n: t.Node) => boolean = () => false,
  ctx: TransformCtx = { parent: null, key: '', inList: false },
): Replacement {
  if (!skip(node)) {
    const keys = t.VISITOR_KEYS[node.type] ?? [];
    const rec = node as unknown as Record<string, unknown>;
    for (const k of keys) {
      const child = rec[k];
      if (Array.isArray(child)) {
        // A new list only from the first replaced item on; until then the items stay where they are.
        let out: unknown[] | undefined;
        const inList: TransformCtx = { parent: node, key: k, inList: true };
        for (let i = 0; i < child.length; i++) {
          const c: unknown = child[i];
          const r = c && typeof c === 'object' ? transform(c as t.Node, fn, skip, inList) : undefined;
          if (r === undefined) {
            out?.push(c);
            continue;
          }
          out ??= child.slice(0, i);
          if (Array.isArray(r)) out.push(...r);
          else out.push(r);
        }
        if (out) rec[k] = out;
      } else if (child && typeof child === 'object') {
        const r = transform(child as t.Node, fn, skip, { parent: node, key: k, inList: false });
        if (r !== undefined) {
          if (Array.isArray(r)) rec[k] = r.length === 1 ? r[0] : t.blockStatement(r as t.Statement[]);
          else rec[k] = r;
        }
      }
    }
  }
  return fn(node, ctx);
}

export function isFunctionNode(n: t.Node): n is t.Function {
  return t.isFunction(n);
}

/** Wraps a statement as a block statement's body list. */
export function asList(s: t.Statement | null | undefined): t.Statement[] {
  if (!s) return [];
  return t.isBlockStatement(s) ? s.body : [s];
}
