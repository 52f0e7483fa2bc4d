// @ts-nocheck -- JS ports of TensorFlow AutoGraph's reference programs (tests/basic_list_test.py,
// logical_expression_test.py, assertion_test.py, call_to_user_function_test.py,
// call_to_lambda_function_test.py, call_to_builtin_function_test.py, call_to_print_function_test.py,
// loop_with_variable_type_test.py and its illegal cases, loop_created_variables_test.py,
// loop_control_flow_illegal_cases_test.py): plain JS with operators.
import * as tf from '@tensorflow/tfjs';
import assert from 'node:assert';
import * as ag from '../../../src/index.js';

// ---- basic_list -----------------------------------------------------------------------------------
export function typeNotAnnotated(n) {
  const l = [];
  for (const i of ag.range(n)) l.push(i);
  return ag.stack(l);
}
export function elementAccess() {
  const l = [];
  l.push(1);
  l.push(2);
  l.push(3);
  ag.setElementType(l, 'int32');
  return 2 * l[1];
}
export function elementUpdate() {
  const l = [];
  l.push(1);
  l.push(2);
  l.push(3);
  ag.setElementType(l, 'int32');
  l[1] = 5;
  return ag.stack(l);
}
export function simpleFill(n) {
  const l = [];
  ag.setElementType(l, 'int32', []);
  for (const i of ag.range(n)) l.push(i);
  return ag.stack(l);
}
export function nestedFill(m, n) {
  const mat = [];
  ag.setElementType(mat, 'int32', [n]);
  for (const _ of ag.range(m)) {
    const l = [];
    ag.setElementType(l, 'int32', []);
    for (const j of ag.range(n)) l.push(j);
    mat.push(ag.stack(l));
  }
  return ag.stack(mat);
}
export function readWriteLoop(n) {
  const l = [];
  l.push(1);
  l.push(1);
  ag.setElementType(l, 'int32', []);
  for (const i of ag.range(2, n)) {
    l.push(l[i - 1] + l[i - 2]);
    l[i - 2] = -l[i - 2];
  }
  return ag.stack(l);
}
export function simpleEmpty(n) {
  const l = [];
  l.push(1);
  l.push(2);
  l.push(3);
  l.push(4);
  ag.setElementType(l, 'int32', []);
  let s = 0;
  for (const _ of ag.range(n)) s += l.pop();
  return [ag.stack(l), s];
}
export function mutation(t, n) {
  for (const i of ag.range(n)) t[i] = i;
  return t;
}

// ---- logical_expression ---------------------------------------------------------------------------
export function compositeOrsWithCallable(x, y, z) {
  const z1 = () => z;
  return x || y || z1();
}
export function compositeOrs(x, y, z) {
  return x || y || z;
}
export function compositeAnds(x, y, z) {
  return x && y && z;
}
export function compositeMixed(x, y, z) {
  return x || y || (z && y && z);
}
export function equality(x, y) {
  return x == y;
}
export function inequality(x, y) {
  return x != y;
}
export function comparison(x, y, z) {
  return x < y && y < z;
}

// ---- assertion ------------------------------------------------------------------------------------
export function simpleAssertion(x) {
  assert(x > 0);
  return x;
}
export function agAssertion(x) {
  ag.assert(x > 0, 'x must be positive');
  return x;
}

// ---- call_to_user_function ------------------------------------------------------------------------
export function function1(x) {
  return x * x * x;
}
export function function2(x) {
  return -1 * x + 11;
}
export function factory(n) {
  if (n == 1) return function1;
  return function2;
}
export function staticFn(x) {
  const a = function1(x);
  const b = function2(x);
  return a + b;
}
export function factoryDynamicFn(x) {
  let f = factory(1);
  const a = f(x);
  f = factory(2);
  const b = f(x);
  return a + b;
}
export function paramDynamicFn(f, x) {
  return f(x);
}
export function variableDynamicFn(x) {
  let f = function1;
  const a = f(x);
  f = function2;
  const b = f(x);
  return a + b;
}
export function variableDynamicAllowlistedFn(x) {
  const f = tf.neg;
  return f(f(x));
}
export function dynamicFnWithObjectArg(f, x) {
  return f({ x });
}
export function takesObject({ x }) {
  return x * 2;
}

// ---- call_to_lambda_function ----------------------------------------------------------------------
export function inlineLambda(x) {
  const l = (x) => (x > 0 ? x * x : -x);
  return l(x);
}
export function externalLambda(x, l) {
  return l(x);
}

// ---- call_to_builtin_function ---------------------------------------------------------------------
export function objectCall(x) {
  return Object.assign({}, { foo: x });
}
export function lengthOf(x) {
  return x.length;
}
export function nestedCall(x) {
  return Array.from(x.keys());
}
export function nestedCast(x) {
  return Number(Math.trunc(x));
}

// ---- call_to_print_function -----------------------------------------------------------------------
export function lonePrint(x) {
  console.log(x);
}
export function printMultipleValues(x) {
  console.log('x is', x);
}
export function multiplePrints(x, y) {
  ag.print('x is', x);
  ag.print('y is', y);
}
export function printWithNonTfValues(x) {
  console.log('x is', x, { foo: 'bar' });
}
export function printInCond(x) {
  if (x == 0) console.log(x);
}
export function agPrint(x) {
  ag.print(x);
}

// ---- loop_with_variable_type ----------------------------------------------------------------------
export function whileGrowingVector(n) {
  let v = tf.tensor1d([0, 0], 'int32');
  let i = 0;
  while (i < n) {
    ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
    v = tf.concat([v, tf.reshape(tf.cast(i, 'int32'), [1])], 0);
    i += 1;
  }
  return v;
}
export function forGrowingVector(n) {
  let v = tf.tensor1d([0, 0], 'int32');
  for (const i of ag.range(n)) {
    ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
    v = tf.concat([v, tf.reshape(tf.cast(i, 'int32'), [1])], 0);
  }
  return v;
}
export function whileGrowingMatrixRows(n) {
  let m = tf.tensor2d([[0]], [1, 1], 'int32');
  let i = 0;
  while (i < n) {
    ag.setLoopOptions({ shapeInvariants: [[m, [null, 1]]] });
    m = tf.concat([m, tf.reshape(tf.cast(i, 'int32'), [1, 1])], 0);
    i += 1;
  }
  return m;
}
export function whileGrowingMatrixCols(n) {
  let m = tf.tensor2d([[0, 0]], [1, 2], 'int32');
  let i = 0;
  while (i < n) {
    ag.setLoopOptions({ shapeInvariants: [[m, [1, null]]] });
    m = tf.concat([m, tf.reshape(tf.cast(i, 'int32'), [1, 1])], 1);
    i += 1;
  }
  return m;
}
export function whileShapeInsideIf(n) {
  let v = tf.tensor1d([0, 0], 'int32');
  let i = 0;
  if (n > 1) {
    while (i < n) {
      ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
      v = tf.concat([v, tf.reshape(tf.cast(i, 'int32'), [1])], 0);
      i += 1;
    }
  } else {
    v = tf.tensor1d([1, 2, 3], 'int32');
  }
  return v;
}
export function whileShapeAndBreak(n) {
  let v = tf.tensor1d([0, 0], 'int32');
  let i = 0;
  while (i < n) {
    ag.setLoopOptions({ shapeInvariants: [[v, [null]]] });
    v = tf.concat([v, tf.reshape(tf.cast(i, 'int32'), [1])], 0);
    i += 1;
    if (i > 3) break;
  }
  return v;
}

// ---- loop_with_variable_type_illegal_cases --------------------------------------------------------
export function whileWithVariablePyType() {
  const n = tf.scalar(0, 'int32');
  let c = true;
  while (c) c = tf.scalar(true, 'bool');
  return n;
}
export function whileWithVariableDtype() {
  let n = tf.scalar(0, 'int32');
  while (tf.scalar(true, 'bool')) n = tf.scalar(0, 'float32');
  return n;
}
export function forWithVariableDtype(l) {
  let n = tf.scalar(0, 'int32');
  for (const _ of l) n = tf.scalar(0, 'float32');
  return n;
}
export function forWithVariableDtypeAndEarlyStopping(l) {
  let n = tf.scalar(0, 'int32');
  for (const _ of l) {
    n = tf.scalar(0, 'float32');
    break;
  }
  return n;
}
export function whileWithVariableShape() {
  let t = tf.tensor1d([1], 'int32');
  while (tf.scalar(true, 'bool')) t = tf.tensor1d([1, 1], 'int32');
  return t;
}
export function forWithVariableShape(l) {
  let t = tf.tensor1d([1], 'int32');
  for (const _ of l) t = tf.tensor1d([1, 1], 'int32');
  return t;
}
export function forWithShapeInvariantViolation(l) {
  let t = tf.tensor1d([1], 'int32');
  for (const _ of l) {
    ag.setLoopOptions({ shapeInvariants: [[t, [1]]] });
    t = tf.tensor1d([1, 2], 'int32');
  }
  return t;
}
export function whileWithVariableStructure() {
  let s = { a: tf.scalar(0, 'int32') };
  while (tf.scalar(true, 'bool')) s = tf.scalar(7);
  return s;
}
export function forWithVariableStructure(l) {
  let s = [tf.scalar(0, 'int32')];
  for (const _ of l) s = [...s, tf.scalar(0, 'int32')];
  return s;
}

// ---- loop_created_variables -----------------------------------------------------------------------
export function whileCreatesVarStaticShape(n) {
  let i = 0;
  let v;
  while (i < n) {
    v = tf.zeros([1, 2, 3]);
    i += 1;
  }
  return v;
}
export function whileCreatesNestedVarStaticShape(n) {
  let i = 0;
  let v;
  while (i < n) {
    v = { a: tf.zeros([1, 2, 3]), b: tf.ones([1, 2, 3]) };
    i += 1;
  }
  return [v.a, v.b];
}

// ---- loop_control_flow_illegal_cases --------------------------------------------------------------
export function tfBreakInJsFor(l) {
  let s = 0;
  for (const c of l) {
    if (tf.greater(c % 2, 0)) break;
    s += c;
  }
  return s;
}
export function tfReturnInJsFor(l) {
  let s = 0;
  for (const c of l) {
    if (tf.greater(c % 2, 0)) return s;
    else return s;
  }
  return s;
}
export function tfBreakInJsWhile(x) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    if (tf.greater(x % 2, 0)) break;
    s += x;
  }
  return s;
}
