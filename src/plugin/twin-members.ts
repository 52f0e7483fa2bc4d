// Twins of the public methods of one class (see twins.ts): a holder object literal, in a static block
// at the top of the class body, with the converted methods under the same keys (so their names are
// the methods' names, and `this`, private names and — the runtime gives the holder the target's
// prototype — `super` mean what they mean in the originals), registered by `ag__twinClass`. Needs
// converted-copy. Produces `classTwins`, `holderMethods`, the helper names.

import * as t from '../convert/util/babel-types.js';
import { babel } from '../convert/util/babel-load.js';
import { some } from '../convert/util/walk.js';
import { convertedCopy, type CopyOptions } from './converted-copy.js';

/** The runtime helpers twinned modules call (imported under these names). */
export const TWIN = 'ag__twin';
export const TWIN_CLASS = 'ag__twinClass';

/** A member's key as a string (for duplicates), or undefined when it is computed from an expression. */
function keyText(m: { key: t.Node; computed?: boolean }): string | undefined {
  if (t.isIdentifier(m.key) && !m.computed) return m.key.name;
  if (t.isStringLiteral(m.key)) return m.key.value;
  if (t.isNumericLiteral(m.key)) return String(m.key.value);
  return undefined;
}

/** `static`-qualified keys of members defined more than once (their twins would be ambiguous). */
function ambiguousKeys(members: readonly t.Node[]): Set<string> {
  const seen = new Map<string, number>();
  for (const m of members) {
    if (!('key' in m)) continue;
    const key = keyText(m as { key: t.Node; computed?: boolean });
    if (key === undefined) continue;
    const slot = `${(m as { static?: boolean }).static ? 'static ' : ''}${key}`;
    seen.set(slot, (seen.get(slot) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n > 1).map(([slot]) => slot));
}

/**
 * The public methods (not accessors, not the constructor) of `cls` that get a holder twin: those with
 * a key that is no computed expression and is defined once. The other members are fused (twins.ts).
 */
export function holderMethods(cls: t.Class): Set<t.ClassMethod> {
  const members = cls.body.body;
  const ambiguous = ambiguousKeys(members);
  const out = new Set<t.ClassMethod>();
  for (const m of members) {
    if (!t.isClassMethod(m) || m.kind !== 'method' || !m.body) continue;
    const key = keyText(m);
    if (key !== undefined && !ambiguous.has(`${m.static ? 'static ' : ''}${key}`)) out.add(m);
  }
  return out;
}

/** The converted copy of a method as a method of the holder, or null. */
function holderMethod(m: t.ClassMethod, copies: CopyOptions): t.ObjectMethod | null {
  const copy = convertedCopy(m, keyText(m)!, copies);
  if (!copy) return null;
  const key = t.cloneNode(m.key as t.Expression, true, false);
  const om = babel('types').objectMethod('method', key, copy.params, copy.body as t.BlockStatement, m.computed);
  return Object.assign(om, { loc: m.loc, start: m.start, end: m.end });
}

export interface ClassTwins {
  /** Puts the static block into the class body (nothing when no method has a twin). */
  readonly apply: () => void;
  /** Twins made. */
  readonly count: number;
}

/** The holder twins of the methods `methods` (of `cls`), registered from a static block. */
export function classTwins(cls: t.Class, methods: ReadonlySet<t.ClassMethod>, copies: CopyOptions): ClassTwins {
  const proto: t.ObjectMethod[] = [];
  const statics: t.ObjectMethod[] = [];
  for (const m of methods) {
    const twin = holderMethod(m, copies);
    if (twin) (m.static ? statics : proto).push(twin);
  }
  const count = proto.length + statics.length;
  const apply = (): void => {
    if (count === 0) return;
    const holder = (ms: t.ObjectMethod[]): t.Expression => (ms.length ? t.objectExpression(ms) : t.nullLiteral());
    const usesSuper = [...proto, ...statics].some((n) => some(n, (x) => t.isSuper(x)));
    const register = t.callExpression(t.identifier(TWIN_CLASS), [
      t.thisExpression(),
      holder(proto),
      holder(statics),
      t.booleanLiteral(usesSuper),
    ]);
    cls.body.body.unshift(babel('types').staticBlock([t.expressionStatement(register)]));
  };
  return { apply, count };
}
