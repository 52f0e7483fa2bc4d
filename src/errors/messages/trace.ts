// Catalogue entries of tracing and functional control flow (src/trace).
// Needs message-def. Produces `traceMessages`.

import { defineMessages } from './message-def.js';
import { docsLink } from './docs-link.js';

export const traceMessages = defineMessages({
  'trace/kernel-unsupported': {
    kind: 'staging',
    text: (p: { kernel: string }) => `not supported while tracing yet: ${p.kernel}`,
    hint: () => 'run this part eagerly (call it outside the jit function), or file an issue naming the kernel',
    example: 'a custom kernel registered with tf.registerKernel, called inside a jit function',
  },
  'trace/unknown-batch': {
    kind: 'staging',
    text: (p: { params: string }) =>
      `tfjs concatenated no tensors while tracing with an unknown dimension (${p.params}): code that splits its ` +
      `input into batches along that dimension, as tfjs-layers' model.predict and model.evaluate do, makes no batch ` +
      `when the dimension is unknown`,
    hint: () =>
      'call model.apply(x) (or model.execute(x, outputNames)) inside the jit function: it traces with an unknown batch ' +
      'size; or give the batch size in the signature (ag.spec([32, 10]) instead of ag.spec([null, 10]))',
    example: 'model.predict(x) in a jit function traced with ag.spec([null, 10])',
  },
  'trace/shape-rule-failed': {
    kind: 'staging',
    text: (p: { kernel: string; shapes: string; reason: string }) =>
      `${p.kernel} cannot be applied to inputs ${p.shapes}: ${p.reason}`,
    example: 'tf.matMul of a [2,3] and a [2,3] tensor',
  },
  'trace/symbolic-read': {
    kind: 'staging',
    text: (p: { what: string }) =>
      `cannot read the value of a symbolic tensor (${p.what}) while tracing: inside a jit function tensors are ` +
      `placeholders of a graph and have no values yet`,
    hint: () =>
      'compute with tensor ops instead of reading values (use ag.print to show values at run time, ' +
      'ag.cond / if statements on tensors to branch), or read the value from the result of the jit call; ' +
      "jit(fn, { onSymbolicRead: 'eager' }) runs such a function eagerly instead",
    example: 'x.dataSync() inside a jit function',
  },
  'trace/tensor-in-js-operator': {
    kind: 'staging',
    text: () =>
      'a tensor meets a JS operator (a comparison, arithmetic) or becomes a string in code that is not converted: ' +
      'JS reads its value for that, and while tracing a tensor has none',
    hint: () =>
      'this code runs as written (autograph: false, a function of a package, or one that could not be converted, ' +
      'which was warned about): use tf ops there, e.g. tf.greater(x, 0) for x > 0 and tf.add(x, 1) for x + 1',
    example: 'ag.jit((x) => (x > 0 ? x : tf.neg(x)), { autograph: false })',
  },
  'trace/symbolic-escaped': {
    kind: 'usage',
    text: () =>
      'a symbolic tensor from a jit trace was used after the trace ended (it was stored outside the function)',
    hint: () => 'return tensors from the jit function instead of storing them in outer variables',
    example: 'let kept; ag.jit(x => { kept = tf.keep(x.add(1)); return x })(t); kept.mul(2)',
  },
  'trace/foreign-value': {
    kind: 'staging',
    text: (p: { graph: string }) =>
      `a tensor made inside '${p.graph}' is used outside it (for example a tensor created in a staged branch or loop body and stored in an outer variable)`,
    hint: () => 'return the value from the branch or make it a loop variable',
    example: 'const box = []; ag.cond(p, () => { box[0] = x.mul(2); return x }, () => x); tf.add(y, box[0])',
  },
  'trace/not-a-tensor-capture': {
    kind: 'staging',
    text: (p: { kernel: string }) => `${p.kernel} received an input that is not a tfjs tensor`,
    example: "tf.engine().runKernel('Add', { a: x, b: 3 }, {})",
  },
  'cond/pred-not-scalar': {
    kind: 'staging',
    text: (p: { shape: string }) => `the condition of a staged if/cond must be a scalar, but it has shape ${p.shape}`,
    hint: () => 'reduce it first, e.g. with tf.all(x) or tf.any(x)',
    example: 'if (x > 0) { \u2026 } with x of shape [2], inside a jit function',
  },
  'cond/structure-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' must have the same nested structure in the main and else branches: ${p.main} in the main branch, but ${p.other} in the else branch`,
    example: 'ag.cond(p, () => [x, x], () => [x])',
  },
  'cond/dtype-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' has dtype ${p.main} in the main branch, but dtype ${p.other} in the else branch`,
    hint: () => 'cast one of them, e.g. with tf.cast(x, dtype), so both branches agree',
    example: "let y = x; if (tf.sum(x) > 0) y = tf.cast(x, 'int32'); return y",
  },
  'cond/shape-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' has shape ${p.main} in the main branch, but shape ${p.other} in the else branch`,
    example: 'let y = x; if (tf.sum(x) > 0) y = tf.ones([3]); return y  // x has shape [2]',
  },
  'cond/null-in-branch': {
    kind: 'staging',
    text: (p: { name: string; branch: 'main' | 'else'; value: string }) =>
      `'${p.name}' is None/null at the end of the ${p.branch} branch (${p.value}); a staged if must produce a tensor or a JS value in both branches`,
    hint: () => 'give the variable a value of the same type in both branches',
    example: 'ag.cond(p, () => x, () => null)',
  },
  'cond/unsupported-output': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' is ${p.main} in the main branch and ${p.other} in the else branch; a staged if can only merge tensors, numbers and booleans that differ`,
    example: "let label = 'small'; if (tf.sum(x) > 0) label = 'large'; return label",
  },
  'while/cond-not-scalar': {
    kind: 'staging',
    text: (p: { shape: string }) => `the condition of a staged loop must be a scalar, but it has shape ${p.shape}`,
    hint: () => 'reduce it first, e.g. with tf.all(x) or tf.any(x)',
    example: 'ag.whileLoop(v => v.less(10), v => [v.add(1)], [tf.ones([2])])',
  },
  'while/dtype-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has dtype ${p.before} before the loop, but dtype ${p.after} after one iteration`,
    hint: (p: { name: string; before: string; after: string }) =>
      `initialize '${p.name}' with a value of dtype ${p.after} before the loop, or cast it inside the loop`,
    example: "ag.whileLoop(v => tf.sum(v) < 10, v => [tf.cast(v, 'int32')], [x])",
  },
  'while/shape-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has shape ${p.before} before the loop, but shape ${p.after} after one iteration`,
    hint: () => 'a loop variable must keep its shape; accumulate growing results in a list (push, then ag.stack)',
    example: 'ag.whileLoop(v => tf.sum(v) < 10, v => [tf.concat([v, v])], [x])',
  },
  'while/structure-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has structure ${p.before} before the loop, but ${p.after} after one iteration`,
    example: 'ag.whileLoop(v => c, v => [[x, x]], [x])',
  },
  'while/shape-invariant': {
    kind: 'staging',
    text: (p: { name: string; invariant: string; got: string }) =>
      `'${p.name}' has ${p.got}, which does not fit its shape invariant ${p.invariant}`,
    hint: () =>
      'a shape invariant keeps the rank and every dimension that is not null; use null for the dimensions that change',
    example: 'ag.setLoopOptions({ shapeInvariants: [[v, [null]]] }) with v of shape [2, 2]',
  },
  'while/bad-loop-var': {
    kind: 'staging',
    text: (p: { name: string; type: string }) =>
      `'${p.name}' is a loop variable of a staged loop, but it holds ${p.type}; loop variables must be tensors, numbers or booleans (or arrays/objects of them)`,
    example: 'ag.whileLoop((v, f) => c, (v, f) => [v.add(1), f], [x, () => 1])',
  },
  'trace/variable-created-again': {
    kind: 'staging',
    text: (p: { name: string }) =>
      `jit functions only support tf.Variables created on the first call (variable '${p.name}' is created again while tracing a new signature)`,
    hint: () => 'create the variable once (outside the jit function, or only if it does not exist yet) and reuse it',
    example: 'ag.jit(x => x.add(tf.variable(tf.zeros([1])))) called with a second signature',
  },
  'trace/variable-init-input': {
    kind: 'staging',
    text: (p: { name: string; input: string }) =>
      `variable '${p.name}' is created inside a jit function with an initial value computed from its argument '${p.input}'`,
    hint: () => 'initialize it from constants or captured tensors, or create it outside the jit function',
    example: 'tf.variable(x.mul(2)) inside a jit function with argument x',
  },
  'trace/variable-init-staged': {
    kind: 'staging',
    text: (p: { name: string }) =>
      `variable '${p.name}' is created inside a staged loop from a value the loop computes`,
    hint: () =>
      'give it an initial value made from constants or tensors from outside the loop, or create it before the loop',
    example: 'while (i < n) { const v = tf.variable(tf.mul(acc, 2)); \u2026 }',
  },
  'trace/async-function': {
    kind: 'usage',
    text: (p: { name: string }) => `${p.name} returned a Promise: jit functions must be synchronous`,
    hint: () => 'await outside the jit function; inside, use only synchronous tfjs ops',
    example: 'ag.jit(async (x) => x, { autograph: false })(t)',
  },
  'list/unknown-element-type': {
    kind: 'staging',
    text: () => 'cannot stack a list without knowing its element type; use ag.setElementType(list, dtype, shape)',
    example: 'const z = []; for (let i = 0; i < n; i++) {} ag.stack(z)',
  },
  'list/element-mismatch': {
    kind: 'staging',
    text: (p: { expected: string; got: string }) =>
      `a tensor list of ${p.expected} elements cannot take an element of ${p.got}`,
    example: "ag.setElementType(z, 'float32', [2]); z.push(tf.ones([3]))",
  },
  'list/not-a-list': {
    kind: 'usage',
    text: (p: { got: string }) => `expected an array or a tensor list, got ${p.got}`,
    example: 'ag.stack(3)',
  },
  'list/tensor-index': {
    kind: 'staging',
    text: (p: { what: string; container: string }) => `cannot index ${p.container} with ${p.what}`,
    hint: () =>
      'a JS array is indexed at trace time: make it a staged list (ag.setElementType(z, dtype, shape) before the loop that pushes to it) ' +
      'and index that, or stack it (ag.stack(z)) and take tf.gather(stacked, i)',
    example: 'const z = [a, b]; return z[tf.argMax(x)]',
  },
  'trace/tensor-attribute': {
    kind: 'staging',
    text: (p: { kernel: string; attr: string }) =>
      `the ${p.kernel} op takes '${p.attr}' as a JS number fixed when the graph is made, but got a tensor (known only when the graph runs)`,
    hint: (p: { kernel: string }) =>
      p.kernel === 'Range'
        ? 'to loop over it, iterate ag.range(n) (a staged counter: for (const i of ag.range(n))); to make the tensor 0..n-1, ' +
          'push the counter to a list in that loop and stack it (ag.stack), or keep n a JS number'
        : 'pass a JS number (read it outside the jit function, or make it an argument of JS type, which traces per value)',
    example: "ag.jit(n => tf.range(0, n))(tf.scalar(5, 'int32'))",
  },
  'list/branch-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `list '${p.name}' holds ${p.main} elements on one side and ${p.other} elements on the other`,
    example: 'ag.stack(ag.cond(p, () => floatList, () => intList))',
  },
  'runtime/assert-failed': {
    kind: 'runtime',
    text: (p: { message: string }) => `assertion failed: ${p.message}`,
    example: "ag.assert(tf.greater(x, 0), 'x must be positive') called with x = 0",
  },
  'while/max-iterations': {
    kind: 'usage',
    text: (p: { value: string }) => `maximumIterations must be a non-negative integer, got ${p.value}`,
    example: 'ag.whileLoop(c, b, vars, { maximumIterations: -1 })',
  },
  'trace/random-frozen': {
    kind: 'staging',
    text: (p: { op: string }) =>
      `tf.${p.op} without a seed is called here from code autograph-ts does not convert (a jit function with ` +
      `autograph: false, a doNotConvert function, or a library such as tfjs-layers): its arguments are unknown to the ` +
      `trace, so its values would be drawn once, while tracing, and be the same on every call`,
    hint: () =>
      'call it from converted code (jit converts the functions it calls), pass a seed (then every call gives the ' +
      'same values, as eagerly), or draw outside the jit function and pass the tensor in',
    example: 'ag.jit(x => x.add(tf.randomNormal([2])), { autograph: false })',
  },
  'trace/differs-from-js': {
    kind: 'usage',
    text: (p: { what: string; sites: string }) =>
      `this traced function can give other values than plain JavaScript: ${p.what} (at ${p.sites})`,
    hint: () =>
      `${docsLink('limitations.md', 'javascript-semantics')} lists these differences; keep such values in range, compute this part in plain JS, or read a list through the variable the staged statement changed`,
    example: 'Math.cbrt(x) on a tensor inside a jit function (warned once per trace)',
  },
});
