// Lazy `&&` / `||` for converted code: `ag__.and(() => a, () => b)`. When the left operand is a
// tensor while tracing, the right one is evaluated inside a staged cond (so it stays lazy) and
// the result is a bool tensor; otherwise JS semantics, including returning the operand values.
// Needs trace/control-flow `cond`. Produces `and`, `or`.

import { cond } from '../trace/control-flow.js';
import { isTensor, isTracing, toBool, toBoolAny, truthy } from './tensors.js';

export function and<A, B>(a: () => A, b: () => B): A | B | unknown {
  const x = a();
  if (!isTensor(x)) return x ? b() : x;
  if (!isTracing()) return truthy(x, 'an && expression') ? b() : x;
  return cond(toBool(x), () => toBoolAny(b()), () => false);
}

export function or<A, B>(a: () => A, b: () => B): A | B | unknown {
  const x = a();
  if (!isTensor(x)) return x ? x : b();
  if (!isTracing()) return truthy(x, 'an || expression') ? x : b();
  return cond(toBool(x), () => true, () => toBoolAny(b()));
}
