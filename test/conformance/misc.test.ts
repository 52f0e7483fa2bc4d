// @ts-nocheck -- cases built from JS values of several types.
// Conformance: TensorFlow AutoGraph's basic_list, logical_expression, assertion, call_to_*,
// loop_with_variable_type (and its illegal cases), loop_created_variables and
// loop_control_flow_illegal_cases reference tests, ported (see docs/conformance.md for what was left
// out). Each case runs as plain JS (P), through jit on JS values (J) and through jit on tensors (T).
import * as tf from '@tensorflow/tfjs';
import assert from 'node:assert';
import { describe } from 'vitest';
import * as ag from '../../src/index.js';
import * as M from './programs/misc.js';
import { conformance, product } from './harness.js';

const scope = { tf, ag, assert, ...M };
const name = (f, args) => `${f.name}(${args.map((a) => JSON.stringify(a)).join(', ')})`;

describe('basic_list', () => {
  // Lists need tfjs in P as well (ag.stack makes a tensor): P runs the converted code eagerly.
  for (const f of [M.elementAccess, M.elementUpdate])
    conformance(`${f.name}()`, { fn: f, args: [], oracle: 'eager' }, scope);
  conformance('simpleFill(5)', { fn: M.simpleFill, args: [5], oracle: 'eager' }, scope);
  conformance('simpleFill(0)', { fn: M.simpleFill, args: [0], oracle: 'eager' }, scope);
  conformance('nestedFill(5, 3)', { fn: M.nestedFill, args: [5, 3], tensors: [true, false], oracle: 'eager' }, scope);
  conformance('nestedFill(0, 3)', { fn: M.nestedFill, args: [0, 3], tensors: [true, false], oracle: 'eager' }, scope);
  conformance('readWriteLoop(4)', { fn: M.readWriteLoop, args: [4], oracle: 'eager' }, scope);
  for (const n of [0, 2, 4]) conformance(`simpleEmpty(${n})`, { fn: M.simpleEmpty, args: [n], oracle: 'eager' }, scope);
  // TF converts it on Python values only; a JS array written at an index known only at run time is refused.
  conformance(
    'mutation([0 x 10], 10)',
    {
      fn: M.mutation,
      args: () => [new Array(10).fill(0), 10],
      tensors: [false, true],
      tError: { id: 'list/tensor-index', text: 'cannot index a JS array' },
    },
    scope,
  );
  conformance(
    'mutation(tensor [0 x 10], 10)',
    { fn: M.mutation, args: () => [new Array(10).fill(0), 10], tensors: [true, true], skip: { J: 'the same as P' } },
    scope,
  );
  conformance(
    'typeNotAnnotated(3): the element type comes from the first push',
    { fn: M.typeNotAnnotated, args: [3], oracle: 'eager' },
    scope,
  );
});

describe('logical_expression', () => {
  const calls = [
    [M.compositeOrs, false, true, false],
    [M.compositeOrs, false, false, false],
    [M.compositeAnds, true, true, true],
    [M.compositeAnds, true, false, true],
    [M.compositeMixed, false, true, true],
    [M.compositeOrsWithCallable, false, true, false],
    [M.compositeOrsWithCallable, false, false, true],
    [M.compositeOrsWithCallable, false, false, false],
    [M.comparison, 1, 2, 3],
    [M.comparison, 2, 1, 3],
    [M.comparison, 3, 2, 1],
    [M.comparison, 3, 1, 2],
    [M.comparison, 1, 3, 2],
    [M.comparison, 2, 3, 1],
    [M.equality, 1, 1],
    [M.equality, 1, 2],
    [M.inequality, 1, 1],
    [M.inequality, 1, 2],
  ];
  for (const [f, ...args] of calls) conformance(name(f, args), { fn: f, args }, scope);
});

describe('assertion', () => {
  conformance('simpleAssertion(1)', { fn: M.simpleAssertion, args: [1] }, scope);
  // node:assert on a JS 0 throws AssertionError (J too); staged, its failure at run time is one as well.
  conformance('simpleAssertion(0)', { fn: M.simpleAssertion, args: [0] }, scope);
  conformance('agAssertion(1)', { fn: M.agAssertion, args: [1] }, scope);
  conformance('agAssertion(0)', { fn: M.agAssertion, args: [0] }, scope);
});

describe('call_to_user_function, call_to_lambda_function, call_to_builtin_function', () => {
  for (const f of [M.staticFn, M.factoryDynamicFn, M.variableDynamicFn])
    conformance(name(f, [1]), { fn: f, args: [1] }, scope);
  conformance('paramDynamicFn(function1, 1)', { fn: M.paramDynamicFn, args: [M.function1, 1] }, scope);
  conformance(
    'variableDynamicAllowlistedFn(1)',
    { fn: M.variableDynamicAllowlistedFn, args: [1], oracle: 'eager' },
    scope,
  );
  conformance(
    'dynamicFnWithObjectArg(takesObject, 1)',
    { fn: M.dynamicFnWithObjectArg, args: [M.takesObject, 1] },
    scope,
  );
  for (const x of [1, -2]) conformance(name(M.inlineLambda, [x]), { fn: M.inlineLambda, args: [x] }, scope);
  conformance('externalLambda(1, x => x == 0)', { fn: M.externalLambda, args: [1, (x) => x == 0] }, scope);
  conformance('objectCall(1)', { fn: M.objectCall, args: [1] }, scope);
  conformance(
    'lengthOf([1, 2])',
    { fn: M.lengthOf, args: [[1, 2]], skip: { T: 'a tensor has no length (its shape[0] is the JS analogue)' } },
    scope,
  );
  for (const x of [[], [1, 2, 3]])
    conformance(
      name(M.nestedCall, [x]),
      { fn: M.nestedCall, args: [x], skip: { T: 'Array.prototype.keys of a tensor does not exist' } },
      scope,
    );
  // Number(x) reads a value: on a tensor known only at run time JS's builtin has none to read.
  conformance(
    'nestedCast(2.5)',
    { fn: M.nestedCast, args: [2.5], tError: { id: 'trace/tensor-in-js-operator' } },
    scope,
  );
});

describe('call_to_print_function', () => {
  conformance('lonePrint(1)', { fn: M.lonePrint, args: [1] }, scope);
  conformance('lonePrint([1, 2, 3])', { fn: M.lonePrint, args: [[1, 2, 3]] }, scope);
  conformance('printMultipleValues(1)', { fn: M.printMultipleValues, args: [1] }, scope);
  conformance('printMultipleValues([1, 2, 3])', { fn: M.printMultipleValues, args: [[1, 2, 3]] }, scope);
  conformance('multiplePrints(1, 2)', { fn: M.multiplePrints, args: [1, 2] }, scope);
  conformance('multiplePrints([1, 2, 3], 4)', { fn: M.multiplePrints, args: [[1, 2, 3], 4] }, scope);
  conformance('printWithNonTfValues(1)', { fn: M.printWithNonTfValues, args: [1] }, scope);
  conformance('printWithNonTfValues([1, 2, 3])', { fn: M.printWithNonTfValues, args: [[1, 2, 3]] }, scope);
  conformance('printInCond(0)', { fn: M.printInCond, args: [0] }, scope);
  conformance('printInCond(1)', { fn: M.printInCond, args: [1] }, scope);
  conformance('agPrint(0)', { fn: M.agPrint, args: [0] }, scope);
});

describe('loop_with_variable_type (shape invariants)', () => {
  const fns = [
    M.whileGrowingVector,
    M.forGrowingVector,
    M.whileGrowingMatrixRows,
    M.whileGrowingMatrixCols,
    M.whileShapeInsideIf,
  ];
  for (const [f, n] of product(fns, [0, 1, 2])) conformance(name(f, [n]), { fn: f, args: [n], oracle: 'eager' }, scope);
  for (const n of [0, 1, 2, 5])
    conformance(name(M.whileShapeAndBreak, [n]), { fn: M.whileShapeAndBreak, args: [n], oracle: 'eager' }, scope);
});

describe('loop_with_variable_type_illegal_cases', () => {
  const staged = (id, text) => ({ skip: { P: 'staged only', J: 'staged only' }, tError: { id, text } });
  conformance(
    'whileWithVariablePyType()',
    { fn: M.whileWithVariablePyType, args: [], ...staged('convert/while-cond-became-tensor') },
    scope,
  );
  conformance(
    'whileWithVariableDtype()',
    {
      fn: M.whileWithVariableDtype,
      args: [],
      oracle: 'eager',
      ...staged('convert/loop-var-dtype-changed', "'n' has dtype int32 before the loop, but dtype float32 after"),
    },
    scope,
  );
  for (const f of [M.forWithVariableDtype, M.forWithVariableDtypeAndEarlyStopping]) {
    conformance(
      `${f.name}(tensor [1, 2, 3])`,
      {
        fn: f,
        args: [[1, 2, 3]],
        oracle: 'eager',
        ...staged('convert/loop-var-dtype-changed', "'n' has dtype int32 before the loop, but dtype float32 after"),
      },
      scope,
    );
  }
  conformance(
    'whileWithVariableShape()',
    {
      fn: M.whileWithVariableShape,
      args: [],
      oracle: 'eager',
      ...staged('convert/loop-var-shape-changed', "'t' has shape [1] before the loop, but shape [2] after"),
    },
    scope,
  );
  conformance(
    'forWithVariableShape(tensor [1, 2, 3])',
    {
      fn: M.forWithVariableShape,
      args: [[1, 2, 3]],
      oracle: 'eager',
      ...staged('convert/loop-var-shape-changed', "'t' has shape [1] before the loop, but shape [2] after"),
    },
    scope,
  );
  conformance(
    'forWithShapeInvariantViolation(tensor [1, 2, 3])',
    {
      fn: M.forWithShapeInvariantViolation,
      args: [[1, 2, 3]],
      oracle: 'eager',
      ...staged(
        'while/shape-invariant',
        "'t' has shape [2] after one iteration, which does not fit its shape invariant [1]",
      ),
    },
    scope,
  );
  conformance(
    'whileWithVariableStructure()',
    { fn: M.whileWithVariableStructure, args: [], oracle: 'eager', ...staged('while/structure-changed', "'s'") },
    scope,
  );
  conformance(
    'forWithVariableStructure(tensor [1, 2, 3])',
    {
      fn: M.forWithVariableStructure,
      args: [[1, 2, 3]],
      oracle: 'eager',
      ...staged('while/structure-changed', "'s' has structure [*] before the loop, but [*,*] after one iteration"),
    },
    scope,
  );
});

describe('loop_created_variables', () => {
  for (const [f, n] of product([M.whileCreatesVarStaticShape, M.whileCreatesNestedVarStaticShape], [1, 2])) {
    conformance(name(f, [n]), { fn: f, args: [n], oracle: 'eager' }, scope);
  }
  for (const f of [M.whileCreatesVarStaticShape, M.whileCreatesNestedVarStaticShape]) {
    conformance(
      `${f.name}(0): must iterate when staged`,
      { fn: f, args: [0], oracle: 'eager', tError: { id: 'convert/loop-must-iterate', text: "'v'" } },
      scope,
    );
  }
});

describe('loop_control_flow_illegal_cases', () => {
  // A break on a tensor inside a loop over a JS array: refused when a later iteration would depend on
  // it (TF refuses every case). With one element, or when both branches return (the return flag is
  // then a JS true, not a tensor), it is legal here and gives plain JS's answer.
  for (const [l, f] of product([[1], [1, 2], [1, 2, 3]], [M.tfBreakInJsFor, M.tfReturnInJsFor])) {
    const refused = f === M.tfBreakInJsFor && l.length > 1;
    conformance(
      name(f, [l]),
      {
        fn: f,
        args: [l],
        tensors: [false],
        oracle: 'eager',
        skip: { T: 'a JS array: J is the staged case' },
        ...(refused ? { jError: { id: 'convert/js-loop-tensor-break' } } : {}),
      },
      scope,
    );
  }
  for (const x of [1, 2, 3]) {
    conformance(
      name(M.tfBreakInJsWhile, [x]),
      {
        fn: M.tfBreakInJsWhile,
        args: [x],
        tensors: [false],
        oracle: 'eager',
        skip: { T: 'a JS number: J is the staged case' },
        jError: { id: 'convert/js-loop-tensor-break' },
      },
      scope,
    );
  }
});
