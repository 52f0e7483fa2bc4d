// Catalogue entries of tracing and functional control flow (src/trace).
// Needs message-def. Produces `traceMessages`.

import { defineMessages } from './message-def.js';

export const traceMessages = defineMessages({
  'trace/kernel-unsupported': {
    kind: 'staging',
    text: (p: { kernel: string }) => `not supported while tracing yet: ${p.kernel}`,
    hint: () => 'run this part eagerly (call it outside the jit function), or file an issue naming the kernel',
    example: 'a custom kernel registered with tf.registerKernel, called inside a jit function',
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
      'ag.cond / if statements on tensors to branch), or read the value from the result of the jit call',
    example: 'x.dataSync() inside a jit function',
  },
  'trace/symbolic-escaped': {
    kind: 'usage',
    text: () =>
      'a symbolic tensor from a jit trace was used after the trace ended (it was stored outside the function)',
    hint: () => 'return tensors from the jit function instead of storing them in outer variables',
  },
  'trace/foreign-value': {
    kind: 'staging',
    text: (p: { graph: string }) =>
      `a tensor made inside '${p.graph}' is used outside it (for example a tensor created in a staged branch or loop body and stored in an outer variable)`,
    hint: () => 'return the value from the branch or make it a loop variable',
  },
  'trace/not-a-tensor-capture': {
    kind: 'staging',
    text: (p: { kernel: string }) => `${p.kernel} received an input that is not a tfjs tensor`,
  },
  'cond/pred-not-scalar': {
    kind: 'staging',
    text: (p: { shape: string }) => `the condition of a staged if/cond must be a scalar, but it has shape ${p.shape}`,
    hint: () => 'reduce it first, e.g. with tf.all(x) or tf.any(x)',
  },
  'cond/structure-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' must have the same nested structure in the main and else branches: ${p.main} in the main branch, but ${p.other} in the else branch`,
  },
  'cond/dtype-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' has dtype ${p.main} in the main branch, but dtype ${p.other} in the else branch`,
    hint: () => 'cast one of them, e.g. with tf.cast(x, dtype), so both branches agree',
  },
  'cond/shape-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' has shape ${p.main} in the main branch, but shape ${p.other} in the else branch`,
  },
  'cond/null-in-branch': {
    kind: 'staging',
    text: (p: { name: string; branch: 'main' | 'else'; value: string }) =>
      `'${p.name}' is None/null at the end of the ${p.branch} branch (${p.value}); a staged if must produce a tensor or a JS value in both branches`,
    hint: () => 'give the variable a value of the same type in both branches',
  },
  'cond/unsupported-output': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `'${p.name}' is ${p.main} in the main branch and ${p.other} in the else branch; a staged if can only merge tensors, numbers and booleans that differ`,
  },
  'while/cond-not-scalar': {
    kind: 'staging',
    text: (p: { shape: string }) => `the condition of a staged loop must be a scalar, but it has shape ${p.shape}`,
    hint: () => 'reduce it first, e.g. with tf.all(x) or tf.any(x)',
  },
  'while/dtype-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has dtype ${p.before} before the loop, but dtype ${p.after} after one iteration`,
    hint: (p: { name: string; before: string; after: string }) =>
      `initialize '${p.name}' with a value of dtype ${p.after} before the loop, or cast it inside the loop`,
  },
  'while/shape-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has shape ${p.before} before the loop, but shape ${p.after} after one iteration`,
    hint: () => 'a loop variable must keep its shape; accumulate growing results in a list (push, then ag.stack)',
  },
  'while/structure-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has structure ${p.before} before the loop, but ${p.after} after one iteration`,
  },
  'while/bad-loop-var': {
    kind: 'staging',
    text: (p: { name: string; type: string }) =>
      `'${p.name}' is a loop variable of a staged loop, but it holds ${p.type}; loop variables must be tensors, numbers or booleans (or arrays/objects of them)`,
  },
  'trace/variable-created-again': {
    kind: 'staging',
    text: (p: { name: string }) =>
      `jit functions only support tf.Variables created on the first call (variable '${p.name}' is created again while tracing a new signature)`,
    hint: () => 'create the variable once (outside the jit function, or only if it does not exist yet) and reuse it',
  },
  'trace/variable-init-input': {
    kind: 'staging',
    text: (p: { name: string; input: string }) =>
      `variable '${p.name}' is created inside a jit function with an initial value computed from its argument '${p.input}'`,
    hint: () => 'initialize it from constants or captured tensors, or create it outside the jit function',
  },
  'trace/variable-init-staged': {
    kind: 'staging',
    text: (p: { name: string }) => `variable '${p.name}' is created inside a staged if or loop`,
    hint: () => 'create variables at the top level of the jit function, or outside it',
  },
  'trace/async-function': {
    kind: 'usage',
    text: (p: { name: string }) => `${p.name} returned a Promise: jit functions must be synchronous`,
    hint: () => 'await outside the jit function; inside, use only synchronous tfjs ops',
  },
  'list/unknown-element-type': {
    kind: 'staging',
    text: () => 'cannot stack a list without knowing its element type; use ag.setElementType(list, dtype, shape)',
    example: "const z = []; for (let i = 0; i < n; i++) {} ag.stack(z)",
  },
  'list/element-mismatch': {
    kind: 'staging',
    text: (p: { expected: string; got: string }) => `a tensor list of ${p.expected} elements cannot take an element of ${p.got}`,
  },
  'list/not-a-list': {
    kind: 'usage',
    text: (p: { got: string }) => `expected an array or a tensor list, got ${p.got}`,
  },
  'list/branch-mismatch': {
    kind: 'staging',
    text: (p: { name: string; main: string; other: string }) =>
      `list '${p.name}' holds ${p.main} elements on one side and ${p.other} elements on the other`,
  },
  'list/returned': {
    kind: 'staging',
    text: () => 'a staged tensor list cannot leave the jit function as a list',
    hint: () => 'return ag.stack(list) instead',
  },
  'runtime/assert-failed': {
    kind: 'runtime',
    text: (p: { message: string }) => `assertion failed: ${p.message}`,
    example: "ag.assert(tf.greater(x, 0), 'x must be positive') called with x = 0",
  },
  'while/max-iterations': {
    kind: 'usage',
    text: (p: { value: string }) => `maximumIterations must be a non-negative integer, got ${p.value}`,
  },
});
