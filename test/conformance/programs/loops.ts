// @ts-nocheck -- JS ports of TensorFlow AutoGraph's reference programs (tests/loop_basic_test.py,
// loop_control_flow_test.py, loop_scoping_test.py, loop_with_function_call_test.py): plain JS
// with operators, written to run unchanged on JS values and on tensors.
// Programs that are reference scenarios too are test/corpus's, re-exported under the port's names.
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../../src/index.js';

// ---- loop_basic -----------------------------------------------------------------------------------
export function whileNoVars(n, v) {
  v.assign(tf.scalar(0, 'int32'));
  while (v < n) v.assign(v + 1);
  return v + 0;
}
export function forNoVars(l, v) {
  v.assign(tf.scalar(0, 'int32'));
  for (const _ of l) v.assign(v + 1);
  return v + 0;
}
export { s1 as whileOneVar } from '../../corpus/index.js'; // S1 of the reference scenarios
export function forOneVar(l) {
  let i = 0;
  for (i of l) {
    // nothing
  }
  return i;
}
export function whileTwoVars(n) {
  let s = 0;
  let i = 0;
  while (i < n) {
    s = s * 10 + i;
    i += 1;
  }
  return s;
}
export { s2 as forTwoVars } from '../../corpus/index.js'; // S2 of the reference scenarios
export { s4 as whileCreatesVar } from '../../corpus/index.js'; // S4 of the reference scenarios
export { s3 as forCreatesVar } from '../../corpus/index.js'; // S3 of the reference scenarios
export function successiveWhileLoops(n1, n2) {
  let s = 0;
  let i = 0;
  while (i < n1) {
    s = s * 10 + i;
    i += 1;
  }
  i = 0;
  while (i < n2) {
    s = s * 10 + i;
    i += 1;
  }
  return s;
}
export function successiveForLoops(l1, l2) {
  let s = 0;
  for (const i of l1) s = s * 10 + i;
  for (const i of l2) s = s * 10 + i;
  return s;
}
export function nestedWhileLoops(n1, n2) {
  let i = 0;
  const l = [];
  ag.setElementType(l, 'int32', []);
  while (i < n1) {
    let j = 0;
    let s = 0;
    while (j < n2) {
      s = s * 10 + i * j;
      j += 1;
    }
    l.push(s);
    i += 1;
  }
  return ag.stack(l);
}
export function nestedForLoops(m) {
  const l = [];
  ag.setElementType(l, 'int32', []);
  for (const i of m) {
    let s = 0;
    for (const j of i) s = s * 10 + j;
    l.push(s);
  }
  return ag.stack(l);
}

// ---- loop_control_flow ----------------------------------------------------------------------------
export { s5 as continueInSingleFor } from '../../corpus/index.js'; // S5 of the reference scenarios
export function continueInSingleWhile(x) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    if (x % 2 > 0) continue;
    s += x;
  }
  return s;
}
export function continueInInnerFor(m) {
  let s = 0;
  for (const l of m) {
    for (const c of l) {
      if (c % 2 > 0) continue;
      s += c;
    }
  }
  return s;
}
export function continueInInnerWhile(x, y) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    while (y > 0) {
      y -= 1;
      if ((x + y) % 2 > 0) continue;
      s += x + y;
    }
  }
  return s;
}
export { s6 as breakInSingleFor } from '../../corpus/index.js'; // S6 of the reference scenarios
export { s11 as unconditionalReturnInSingleFor } from '../../corpus/index.js'; // S11 of the reference scenarios
export function effectivelyUnconditionalReturnInSingleFor(l) {
  let s = 0;
  for (const c of l) {
    s += c;
    if (c % 2 > 0) return s;
    else return -s;
  }
  return s;
}
export function unconditionalReturnInSingleWhile(x) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    s += x;
    return s;
  }
  return s;
}
export { s12 as effectivelyUnconditionalReturnInSingleWhile } from '../../corpus/index.js'; // S12 of the reference scenarios
export { s7 as breakInSingleWhile } from '../../corpus/index.js'; // S7 of the reference scenarios
export function breakInInnerFor(m) {
  let s = 0;
  for (const l of m) {
    for (const c of l) {
      if (c % 2 > 0) break;
      s += c;
    }
  }
  return s;
}
export function breakInInnerWhile(x, y) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    while (y > 0) {
      y -= 1;
      if ((x + y) % 2 == 0) break;
      s += x + y;
    }
  }
  return s;
}
export function breakContinueInInnerFor(m) {
  let s = 0;
  for (const l of m) {
    for (const c of l) {
      if (c % 2 > 0) break;
      else continue;
      s += c; // eslint-disable-line no-unreachable
    }
  }
  return s;
}
export function breakContinueInInnerWhile(x, y) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    while (y > 0) {
      y -= 1;
      if ((x + y) % 2 > 0) break;
      else continue;
      s += x + y; // eslint-disable-line no-unreachable
    }
  }
  return s;
}
export function breakFollowedByCondInSingleWhile(x) {
  while (x > 0) {
    if (x == 2) break;
    if (x > 0) x -= 1;
  }
  return x;
}
export function multipleBreaksInSingleWhile(n) {
  let s = 1;
  let i = 0;
  while (i < n) {
    i += 1;
    if (i > 10 * n) break;
    if (i == n) break;
    s = s * 10 + i;
  }
  return [i, s];
}

// ---- loop_scoping ---------------------------------------------------------------------------------
export function forWithLocalVar(l) {
  let s = 0;
  for (const i of l) {
    const x = i + 2;
    s = s * 10 + x;
  }
  return s;
}
export function whileWithLocalVar(x) {
  let s = 0;
  while (x > 0) {
    const y = x + 2;
    s = s * 10 + y;
    x -= 1;
  }
  return s;
}
export function forWithLambdaIterLocalVar(l) {
  const fns = [];
  const results = [];
  for (const i of l) fns.push(() => i + i);
  for (const f of fns) results.push(f());
  return results;
}
export function whileInitializesLocalVar(x) {
  let s = 0;
  let y;
  while (x > 0) {
    if (x > 0) y = 0;
    else y += 1;
    s = s * 10 + y;
    x -= 1;
  }
  return s;
}
export function forDefinesVar(l) {
  let x;
  for (const i of l) x = i + 2;
  return x;
}
export function whileDefinesVar(x) {
  let y;
  while (x > 0) {
    y = x + 2;
    x -= 1;
  }
  return y;
}
export function forReusesIterate(l) {
  let i = 7;
  let s = 0;
  for (i of l) s = s * 10 + i;
  return [i, s];
}
export function forAltersIterate(l) {
  let i = 7;
  let s = 0;
  for (i of l) {
    i = 3 * i + 1;
    s = s * 10 + i;
  }
  return [i, s];
}
export function forAltersIterateRange(n) {
  let i = 7;
  let s = 0;
  for (i of ag.range(n)) {
    i = 3 * i + 1;
    s = s * 10 + i;
  }
  return [i, s];
}
export function forWithLocalVarRange(n) {
  let s = 0;
  for (const i of ag.range(n)) {
    const x = i + 2;
    s = s * 10 + x;
  }
  return s;
}

// ---- loop_with_function_call ----------------------------------------------------------------------
export function whileWithCallInCond(n, fn) {
  let i = 0;
  let s = 0;
  while (i < fn(n)) {
    s = s * 10 + i;
    i += 1;
  }
  return s;
}
export function forWithCallInTarget(l, fn) {
  let s = 0;
  for (const i of fn(l)) s = s * 10 + i;
  return s;
}
export function whileWithLocalCallInCond(n) {
  function localFn(x) {
    return x * 3;
  }
  let i = 0;
  let s = 0;
  while (i < localFn(n)) {
    s = s * 10 + i;
    i += 1;
  }
  return s;
}
export function whileWithCall(n, fn) {
  let i = 0;
  let s = 0;
  while (i < n) {
    s = s * 10 + fn(i);
    i += 1;
  }
  return s;
}
export function forWithCall(l, fn) {
  let s = 0;
  for (const i of l) s = s * 10 + fn(i);
  return s;
}
export function whileWithLocalCall(n) {
  const localFn = (x) => x * 3;
  let i = 0;
  let s = 0;
  while (i < n) {
    s = s * 10 + localFn(i);
    i += 1;
  }
  return s;
}
export function forWithLocalCall(l) {
  function localFn(x) {
    return x * 3;
  }
  let s = 0;
  for (const i of l) s = s * 10 + localFn(i);
  return s;
}
export function globalFn(x) {
  return x * 2;
}
export class TestClass {
  method(x) {
    return x * 4;
  }
}
export function whileWithClosureCall(n) {
  let i = 0;
  function iViaClosure() {
    return i + 2;
  }
  i = 0;
  let s = 0;
  while (i < n) {
    s = s * 10 + iViaClosure();
    i += 1;
  }
  return s;
}
export function forWithClosureCall(l) {
  let i = 0;
  function iViaClosure() {
    return i + 2;
  }
  let s = 0;
  for (i of l) s = s * 10 + iViaClosure();
  return [s, i];
}
export function whileWithLambdaClosureCall(n) {
  let i = 0;
  let s = 0;
  const iViaClosure = () => i + 2;
  while (i < n) {
    s = s * 10 + iViaClosure();
    i += 1;
  }
  return s;
}
export function forWithLambdaClosureCall(l) {
  let i = 0;
  let s = 0;
  const iViaClosure = () => i + 2;
  for (i of l) s = s * 10 + iViaClosure();
  return [s, i];
}
export function* generator(n) {
  for (let i = 0; i < n; i++) yield i;
}
