// @ts-nocheck -- JS ports of TensorFlow AutoGraph's reference programs (tests/cond_basic_test.py,
// early_return_test.py, nested_control_flow_test.py, basic_ifexp_test.py,
// composite_names_in_control_flow_test.py): plain JS with operators, written to run unchanged on JS
// values and on tensors.
// Programs that are reference scenarios too are test/corpus's, re-exported under the port's names.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../../src/index.js';

// ---- cond_basic -----------------------------------------------------------------------------------
export function ifNoVars(c, v) {
  v.assign(tf.scalar(0, 'int32'));
  if (c) v.assign(v + 1);
  return v + 0;
}
export function ifElseNoVars(c, v) {
  v.assign(tf.scalar(0, 'int32'));
  if (c) v.assign(v + 1);
  else v.assign(v + 2);
  return v + 0;
}
export function ifOneVar(n) {
  let i = 0;
  if (i < n) i += 1;
  return i;
}
export { s14 as ifElseOneVar } from '../../corpus/index.js'; // S14 of the reference scenarios
export function ifTwoVars(n) {
  let i = 0;
  let j = 1;
  if (i < n) {
    i += 1;
    j *= 10;
  }
  return [i, j];
}
export function ifElseTwoVars(n) {
  let i = 0;
  let j = 1;
  if (i < n) {
    i += 1;
    j *= 10;
  } else {
    i += 2;
    j *= 20;
  }
  return [i, j];
}
export { s15 as ifCreatesVar } from '../../corpus/index.js'; // S15 of the reference scenarios
export function ifElseCreatesVar(c) {
  let i;
  if (c) i = 1;
  else i = 2;
  return i;
}
export function elseCreatesVar(c) {
  let i;
  if (c) {
    // nothing
  } else i = 2;
  return i;
}
export { s17 as ifReturnsNull } from '../../corpus/index.js'; // S17 of the reference scenarios
export function ifElseReturnsNull(c) {
  let i;
  let j;
  if (c) {
    i = null;
    j = 1;
  } else {
    i = null;
    j = 2;
  }
  return [i, j];
}
export function elseReturnsNull(c) {
  let i = 1;
  let j = 1;
  if (c) {
    // nothing
  } else {
    i = null;
    j = 2;
  }
  return [i, j];
}
export { s18 as ifLocalVar } from '../../corpus/index.js'; // S18 of the reference scenarios
export function ifElseLocalVar(c) {
  let i = 0;
  if (c) {
    const j = 1; // eslint-disable-line @typescript-eslint/no-unused-vars
  } else {
    const j = 2;
    i = j + 1;
  }
  return i;
}
export function ifLocallyModifiedVar(c) {
  let i = 0;
  let j = 2;
  if (c) {
    j = j + 1;
    i = j + 1;
  }
  return i;
}
export function successiveIfs(n1, n2) {
  let s = 0;
  let i = 0;
  if (i < n1) {
    s = s * 10 + i;
    i += 1;
  }
  i = 0;
  if (i < n2) {
    s = s * 10 + i;
    i += 1;
  }
  return s;
}
export function successiveIfElses(n1, n2) {
  let s = 0;
  let i = 0;
  if (i < n1) {
    s = s * 10 + i;
    i += 1;
  } else {
    s = s * 11 + i;
    i += 2;
  }
  i = 0;
  if (i < n2) {
    s = s * 10 + i;
    i += 1;
  } else {
    s = s * 11 + i;
    i += 2;
  }
  return s;
}
export function nestedIfs(n1, n2) {
  let i = 0;
  let l = 0;
  if (i < n1) {
    let j = 0;
    let s = 0;
    if (j < n2) {
      s = s * 10 + i * j;
      j += 1;
    }
    l = l * 1000 + s;
    i += 1;
  }
  return l;
}
export { s19 as nestedIfTemporarilyUndefinedReturn } from '../../corpus/index.js'; // S19 of the reference scenarios
export function nestedIfElses(n1, n2) {
  let i = 0;
  let l = 0;
  if (i < n1) {
    let j = 0;
    let s = 0;
    if (j < n2) {
      s = s * 10 + i * j;
      j += 1;
    } else {
      s = s * 11 + i * j;
      j += 2;
    }
    l = l * 1000 + s;
    i += 1;
  } else {
    let j = 0;
    let s = 0;
    if (j < n2) {
      s = s * 12 + i * j;
      j += 3;
    } else {
      s = s * 13 + i * j;
      j += 4;
    }
    l = l * 2000 + s;
    i += 1;
  }
  return l;
}

// ---- early_return ---------------------------------------------------------------------------------
export function returnWithDefault(x) {
  if (x > 0) {
    ag.print('x', x);
    return x;
  }
  return x * x;
}
export function returnDependentOnLocal(c) {
  let t = tf.scalar(1, 'int32');
  if (c) return t;
  t = tf.stack([t, t]);
  return tf.sum(t);
}
export function returnPossiblyUndefined(x) {
  if (x > 0) {
    if (x < 5) return x;
  } else {
    return x * x * x;
  }
}
export function nestedIfsReturn(x) {
  if (x > 0) {
    if (x < 5) return x;
    else return x * x;
  } else {
    return x * x * x;
  }
}
export function possibleReturnBeforeLoop(c1, c2, n) {
  if (c1) {
    if (c2) return 1;
  }
  for (const _ of ag.range(n)) {
    // nothing
  }
  return 2;
}
export function returnInTryWithFinally(x) {
  try {
    if (x > 0) return 1;
    else return 0;
  } finally {
    x = x + 1;
  }
}
export function returnWithDefaultInTryWithFinally(x) {
  try {
    if (x > 0) return 1;
    return 0;
  } finally {
    x = x + 1;
  }
}
export function returnInFinally(x) {
  try {
    return 2;
  } finally {
    if (x > 0)
      return 1; // eslint-disable-line no-unsafe-finally
    else return 0; // eslint-disable-line no-unsafe-finally
  }
}
export function returnWithDefaultInFinally(x) {
  try {
    return 2;
  } finally {
    if (x > 0) return 1; // eslint-disable-line no-unsafe-finally
    return 0; // eslint-disable-line no-unsafe-finally
  }
}
export function returnInFinallyDefaultInTry(x) {
  try {
    if (x > 0) return 0;
  } finally {
    return 1; // eslint-disable-line no-unsafe-finally
  }
}
export function raisingHelper() {
  throw new RangeError('raised');
}
export function raiseDuringReturnCaught() {
  try {
    return raisingHelper();
  } catch {
    // swallowed
  }
  return 1;
}
export function raiseDuringReturnCaughtInTailBranch(c) {
  if (c) return 2;
  try {
    return raisingHelper();
  } catch {
    // swallowed
  }
  return 1;
}

// ---- nested_control_flow --------------------------------------------------------------------------
export function independentIfs(x, y) {
  let z = 0;
  if (x > 0) {
    if (y > 0) z = x + y;
  }
  return z;
}
export function dependentInnerIf(x) {
  let y = 0;
  if (x > 0) {
    y = -2 * x;
    if (y > 0) x = -3 * x;
  } else {
    y = 4 * x;
  }
  return [x, y];
}
export function dependentImbalancedInnerIf(x) {
  let y = 0;
  if (x > 0) {
    if (x < 3) {
      y = -2 * x;
      x = -3 * x;
    }
  }
  return [x, y];
}
export function hiddenRaise() {
  throw new RangeError('exception used for control flow');
}
export function ifWithLocalModificationMaskedByException(x) {
  let y = 0;
  if (x > 0) {
    try {
      if (x > 1) hiddenRaise();
      y = 1;
    } catch {
      // swallowed
    }
    if (y == 0) y = 2;
  }
  return y;
}
export function independentInnerFor(a, b) {
  let p = 0;
  for (const _ of a) {
    const tmp = b;
    for (const j of tmp) p += j;
  }
  return p;
}
export function independentInnerWhile(a, b) {
  let p = 0;
  while (a > 0) {
    let tmp = b;
    while (tmp > 0) {
      p += 1;
      tmp -= 1;
    }
    a -= 1;
  }
  return p;
}
export function dependentInnerFor(a, b) {
  let r = 1;
  let s = 0;
  for (const _ of a) {
    r += s;
    const tmp = b;
    for (const j of tmp) s += j;
  }
  return r;
}
export function dependentInnerWhile(a, b) {
  let r = 1;
  while (a > 0) {
    r += 1;
    let tmp = b;
    while (tmp > 0) {
      a -= 1;
      tmp -= 1;
    }
    a -= 1;
  }
  return r;
}
export function ifInFor(a) {
  let k = 0;
  for (const i of a) {
    if (i % 2 > 0) {
      const j = Math.floor(i / 2);
      k += j;
    }
  }
  return k;
}
export function whileContinueInTry(x) {
  let z = 0;
  while (x > 0) {
    x = x - 1;
    try {
      if (x < 5) continue;
      z = z + 1;
    } finally {
      z = z + 10;
    }
  }
  return z;
}
export function whileBreakInTry(x) {
  let z = 0;
  while (x > 0) {
    x = x - 1;
    try {
      if (x < 5) break;
      z = z + 1;
    } finally {
      z = z + 10;
    }
  }
  return z;
}
export function loopInitializingInvariantVariable(n) {
  let a;
  for (const i of ag.range(n)) {
    if (i == 0) a = 1;
    else a = 2;
  }
  return a;
}
export function loopInitializingVariantVariable(n) {
  let a;
  for (const i of ag.range(n)) {
    if (i == 0) a = 1;
    else a = a + 1;
  }
  return a;
}

// ---- basic_ifexp ----------------------------------------------------------------------------------
export function consecutiveConds(x) {
  if (x > 0) x = x < 5 ? -x : x;
  else x = x < 5 ? -2 * x : 1;
  if (x > 0) x = x < 5 ? -x : x;
  else x = x < 5 ? 3 * x : x;
  return x;
}
export function condWithMultipleValues(x) {
  let y;
  let z;
  if (x > 0) {
    x = x < 5 ? -x : x;
    y = x < 5 ? 2 * x : x;
    z = y < 5 ? -y : y;
  } else {
    x = x < 5 ? 2 * x : x;
    y = x < 5 ? -x : x;
    z = y < 5 ? -y : y;
  }
  return [x, y, z];
}

// ---- composite_names_in_control_flow --------------------------------------------------------------
export { s23 as ifBasicDict } from '../../corpus/index.js'; // S23 of the reference scenarios
export function ifBasicList(a) {
  const x = [a, 0];
  if (x[0] > 0) x[1] = 1;
  else x[1] = -1;
  return x;
}
export { s23NoElse as ifImbalanced } from '../../corpus/index.js'; // S23b of the reference scenarios
export function elseImbalanced(a) {
  const x = { a };
  if (x.a > 0) {
    // nothing
  } else x.b = 1;
  return x;
}
export function ifImbalancedNested(a) {
  const x = { a: { a } };
  if (x.a.a > 0) x.a.b = 1;
  return x;
}
export function elseImbalancedNested(a) {
  const x = { a: { a } };
  if (x.a.a > 0) {
    // nothing
  } else x.a.b = 1;
  return x;
}
export function ifBuggy(a) {
  const x = { a: { a } };
  if (x.a.a > 0) x.b.a = 1;
  else x.b.a = -1;
  return x;
}
export function whileBasicDict(x, a, b) {
  const y = { a, b };
  while (x > 0) {
    x -= 1;
    y.a += 1;
  }
  return y;
}
export function whileBasicList(x, a, b) {
  const y = [a, b];
  while (x > 0) {
    x -= 1;
    y[0] += 1;
  }
  return y;
}
export function whileStateOnlyDict(a, b) {
  const y = { a, b };
  while (y.b <= 10) {
    y.a += 1;
    y.b *= 2;
  }
  return y;
}
export function whileStateOnlyList(a, b) {
  const y = [a, b];
  while (y[1] <= 10) {
    y[0] += 1;
    y[1] *= 2;
  }
  return y;
}
export function whileImbalanced(b) {
  const y = { b };
  while (y.b <= 10) {
    y.a = y.b + 1;
    y.b *= 2;
  }
  return y;
}
export function forBasicDict(n, x, a, b) {
  const y = { a, b };
  for (const i of ag.range(n)) {
    x -= 1;
    y.a += i;
  }
  return y;
}
export function forBasicList(n, x, a, b) {
  const y = [a, b];
  for (const i of ag.range(n)) {
    x -= 1;
    y[0] += i;
  }
  return y;
}
export function forStateOnlyDict(n, a, b) {
  const y = { a, b };
  for (const _ of ag.range(n)) y.a += 1;
  return y;
}
export function forImbalanced(n, x) {
  const y = {};
  for (const i of ag.range(n)) {
    x -= i;
    y.a = x;
  }
  return y;
}
