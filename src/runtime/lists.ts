// `ag__.listPush(z, ...xs)`: what `z.push(...xs)` becomes in converted code; appends and returns
// the list (a JS array, or the TensorList the trace layer made of it inside staged code). A JS
// array declared with setElementType only takes tensors of its declared dtype (and shape).
// `listPop`/`popped` are what `z.pop()` becomes. Needs converted-call (a user object with a push
// method), the list registry. Produces `listPush`, `listPop`, `popped`, `aliasOf`.

import { callMethod } from './converted-call.js';
import { declaredType, noteAliased } from '../trace/list-registry.js';
import { isTensor } from '../trace/context.js';
import { shapeToString, sameShape } from '../ir/types.js';
import { locatedError } from './located-error.js';

// The runtime's own references (user code may replace Array.prototype's iterator or methods).
const apply = Reflect.apply;

function checkDeclared(list: unknown[], xs: readonly unknown[]): void {
  const type = declaredType(list);
  if (!type) return;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (!isTensor(x)) continue;
    if (x.dtype !== type.dtype || (type.shape && !sameShape(x.shape, type.shape))) {
      const expected = `${type.dtype}${type.shape ? shapeToString(type.shape) : ''}`;
      throw locatedError('list/element-mismatch', { expected, got: `${x.dtype}${shapeToString(x.shape)}` });
    }
  }
}

export function listPush(list: unknown, ...xs: unknown[]): unknown {
  if (Array.isArray(list)) {
    checkDeclared(list, xs);
    // The array's own push, as `z.push(x)` calls it, without iterating `xs` (the user's iterator).
    apply(list.push, list, xs);
    return list;
  }
  callMethod(list, 'push', xs);
  return list;
}

/** The element each list's last `listPop` took, until `popped` reads it. */
const lastPopped = new WeakMap<object, unknown>();

/** `z.pop()` in converted code, first half: pops (a JS array in place, a staged list by a node); returns the list. */
export function listPop(list: unknown): unknown {
  const x = Array.isArray(list) ? list.pop() : callMethod(list, 'pop', []);
  if (list !== null && (typeof list === 'object' || typeof list === 'function')) lastPopped.set(list, x);
  return list;
}

/** `z.pop()` in converted code, second half: the element the last `listPop(z)` took. */
export function popped(list: unknown): unknown {
  if (list === null || (typeof list !== 'object' && typeof list !== 'function')) return undefined;
  const x = lastPopped.get(list);
  lastPopped.delete(list);
  return x;
}

/**
 * `ag__.aliasOf(z)`: where converted code stores a pushed or popped array elsewhere (`{ z }`,
 * `[z]`, `const t = z`, `o.p = z`): the array is noted, so that a staged statement which turns
 * `z` into a list warns that those references keep the array as it was. Returns `z`.
 */
export function aliasOf<T>(z: T): T {
  if (Array.isArray(z)) noteAliased(z);
  return z;
}
