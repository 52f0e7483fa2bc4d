// Lazy `&&` / `||` for converted code: `ag__.and(() => a, () => b)`. JS semantics: the result is an
// operand (`2 && 3` is 3, `0 || x` is x), with JS truthiness (0, -0, NaN are false). When the left
// operand is a tensor while tracing, the right one is evaluated inside a staged cond (so it stays
// lazy) whose result is the chosen operand; both operands must then be of one dtype and shape
// (`convert/logical-operand-types` otherwise). With `asCondition` (the converter passes it where
// only the truthiness of the result is read: an if/loop/ternary test, `!`) a staged result is the
// bool truthiness, so operands may differ. A right operand that writes variables comes with their
// state (the converter passes getState/setState/names): the staged cond is then an if statement's
// (if-stmt.ts), whose outputs are the value and those variables.
// Needs trace/control-flow `cond`, if-stmt. Produces `and`, `or`.

import * as tf from '@tensorflow/tfjs-core';
import { cond } from '../trace/control-flow.js';
import { isTensor, isTracing, toBool, toBoolAny, truthy } from './tensors.js';
import { locatedError } from './located-error.js';
import { describeLeaf } from '../trace/leaf.js';
import { ifStmt } from './if-stmt.js';

/** What the right operand writes (`k > 0 && (n = n - 1)`): given by the converter. */
type State = readonly [get: () => unknown[], set: (vars: unknown[]) => void, names: readonly string[]];

export function and<A, B>(a: () => A, b: () => B, asCondition = false, ...state: State | []): A | B | unknown {
  const x = a();
  if (!isTensor(x)) return x ? b() : x;
  if (!isTracing()) return truthy(x, 'an && expression') ? b() : x;
  if (state.length) return withState('&&', x, b, asCondition, state);
  if (asCondition)
    return staged(
      cond(
        toBool(x),
        () => toBoolAny(b()),
        () => false,
        { site: { code: '… && …' } },
      ),
    );
  return operand('&&', x, b);
}

export function or<A, B>(a: () => A, b: () => B, asCondition = false, ...state: State | []): A | B | unknown {
  const x = a();
  if (!isTensor(x)) return x ? x : b();
  if (!isTracing()) return truthy(x, 'an || expression') ? x : b();
  if (state.length) return withState('||', x, b, asCondition, state);
  if (asCondition)
    return staged(
      cond(
        toBool(x),
        () => true,
        () => toBoolAny(b()),
        { site: { code: '… || …' } },
      ),
    );
  return operand('||', x, b);
}

/**
 * The staged value of `x && b()` / `x || b()`: x where it decides (falsy for &&, truthy for ||),
 * b() otherwise. A bool x is the literal it must then be, so `p && q` of bools stays a plain Cond.
 */
function operand(op: '&&' | '||', x: tf.Tensor, b: () => unknown): unknown {
  const decided = x.dtype === 'bool' ? op === '||' : x;
  let right: unknown;
  // The then branch is traced first: the check runs in the branch traced second.
  if (op === '&&') {
    return staged(
      cond(
        toBool(x),
        () => (right = b()),
        () => (checkOperands(op, x, right), decided),
        { site: { code: '… && …' } },
      ),
    );
  }
  return staged(
    cond(
      toBool(x),
      () => decided,
      () => {
        right = b();
        checkOperands(op, x, right);
        return right;
      },
      { site: { code: '… || …' } },
    ),
  );
}

/**
 * A staged `x && b()` / `x || b()` whose right operand writes variables: an if statement on x's
 * truthiness whose outputs are the value and those variables.
 */
function withState(
  op: '&&' | '||',
  x: tf.Tensor,
  b: () => unknown,
  asCondition: boolean,
  [get, set, names]: State,
): unknown {
  const decided = asCondition ? false : x.dtype === 'bool' ? op === '||' : x;
  let value: unknown;
  const right = (): void => {
    value = asCondition ? toBoolAny(b()) : b();
    if (!asCondition) checkOperands(op, x, value);
  };
  const left = (): void => {
    value = asCondition ? op === '||' : decided;
  };
  ifStmt(
    toBool(x),
    op === '&&' ? right : left,
    op === '&&' ? left : right,
    () => [value, ...get()],
    (vars) => {
      value = vars[0];
      set(vars.slice(1));
    },
    [`the ${op} expression`, ...names],
    1 + names.length,
    `… ${op} …`,
  );
  return asCondition ? staged(value) : value;
}

/** Both operands must be able to be one tensor: same dtype and shape (a JS number takes x's dtype). */
function checkOperands(op: string, x: tf.Tensor, y: unknown): void {
  const fits = isTensor(y)
    ? y.dtype === x.dtype && y.shape.length === x.shape.length && y.shape.every((d, i) => d === x.shape[i])
    : x.dtype === 'bool'
      ? typeof y === 'boolean'
      : typeof y === 'number' && (x.dtype === 'float32' || (Number.isInteger(y) && Math.abs(y) <= 2147483647));
  if (!fits) throw locatedError('convert/logical-operand-types', { op, left: describeLeaf(x), right: describeLeaf(y) });
}

/**
 * A tensor-driven `&&`/`||` is a tensor, as in TF, even where both branches gave the same JS value
 * (`t > 1 || true`): a loop condition made of it is staged from the start instead of turning from a
 * JS boolean into a tensor after one iteration (convert/while-cond-became-tensor).
 */
function staged(v: unknown): unknown {
  return isTensor(v) ? v : tf.scalar(Boolean(v), 'bool');
}
