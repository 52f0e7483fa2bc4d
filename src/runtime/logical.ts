// Lazy `&&` / `||` for converted code: `ag__.and(() => a, () => b)`. When the left operand is a
// tensor while tracing, the right one is evaluated inside a staged cond (so it stays lazy) and
// the result is a bool tensor; otherwise JS semantics, including returning the operand values.
// Needs trace/control-flow `cond`. Produces `and`, `or`.

import * as tf from '@tensorflow/tfjs-core';
import { cond } from '../trace/control-flow.js';
import { isTensor, isTracing, toBool, toBoolAny, truthy } from './tensors.js';

export function and<A, B>(a: () => A, b: () => B): A | B | unknown {
  const x = a();
  if (!isTensor(x)) return x ? b() : x;
  if (!isTracing()) return truthy(x, 'an && expression') ? b() : x;
  return staged(cond(toBool(x), () => toBoolAny(b()), () => false, { site: { code: '… && …' } }));
}

export function or<A, B>(a: () => A, b: () => B): A | B | unknown {
  const x = a();
  if (!isTensor(x)) return x ? x : b();
  if (!isTracing()) return truthy(x, 'an || expression') ? x : b();
  return staged(cond(toBool(x), () => true, () => toBoolAny(b()), { site: { code: '… || …' } }));
}

/**
 * A tensor-driven `&&`/`||` is a tensor, as in TF, even where both branches gave the same JS value
 * (`t > 1 || true`): a loop condition made of it is staged from the start instead of turning from a
 * JS boolean into a tensor after one iteration (convert/while-cond-became-tensor).
 */
function staged(v: unknown): unknown {
  return isTensor(v) ? v : tf.scalar(Boolean(v), 'bool');
}
