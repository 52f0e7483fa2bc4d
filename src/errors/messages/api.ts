// Catalogue entries of the public API: jit, signatures, the trace cache and executors (src/api, src/exec).
// Needs message-def. Produces `apiMessages`.

import { defineMessages } from './message-def.js';
import { docsLink } from './docs-link.js';

export const apiMessages = defineMessages({
  'api/not-a-function': {
    kind: 'usage',
    text: (p: { what: string; got: string }) => `${p.what} expects a function, got ${p.got}`,
    example: 'ag.jit(42)',
  },
  'api/signature-arity': {
    kind: 'usage',
    text: (p: { name: string; expected: number; got: number }) =>
      `${p.name} was declared with an inputSignature of ${p.expected} argument(s) but called with ${p.got}`,
    example: 'ag.jit(f, { inputSignature: [ag.spec([2])] })(a, b)',
  },
  'api/signature-mismatch': {
    kind: 'usage',
    text: (p: { name: string; index: number; expected: string; got: string }) =>
      `argument ${p.index} of ${p.name} does not match its inputSignature: expected ${p.expected}, got ${p.got}`,
    hint: () => 'pass a tensor of the declared dtype and shape, or relax the spec with null dimensions',
    example: "ag.jit(f, { inputSignature: [ag.spec([2], 'float32')] })(tf.ones([3]))",
  },
  'api/bad-spec': {
    kind: 'usage',
    text: (p: { reason: string }) => `invalid TensorSpec: ${p.reason}`,
    example: 'ag.spec([-2])',
  },
  'api/bad-shape-invariants': {
    kind: 'usage',
    text: (p: { got: string }) =>
      `shapeInvariants must be a list of [value, shape] pairs, each shape a list of sizes or null; got ${p.got}`,
    hint: () =>
      'e.g. ag.setLoopOptions({ shapeInvariants: [[v, [null, 3]]] }): v keeps rank 2 and 3 columns, its rows may change',
    example: 'ag.setLoopOptions({ shapeInvariants: [v, [null]] })',
  },
  'api/unsupported-argument': {
    kind: 'usage',
    text: (p: { name: string; path: string; type: string }) =>
      `argument ${p.path} of ${p.name} is ${p.type}; jit functions take tensors, numbers, booleans, strings, null/undefined and arrays/objects of them`,
    example: "jitted(Symbol('s'))",
  },
  'api/disposed-input': {
    kind: 'usage',
    text: (p: { name: string; path: string }) => `argument ${p.path} of ${p.name} is a disposed tensor`,
    example: 't.dispose(); jitted(t)',
  },
  'api/retracing': {
    kind: 'usage',
    text: (p: { name: string; traces: number; calls: number; changes: string; suggestion: string }) =>
      `${p.name} was traced ${p.traces} times in its last ${p.calls} calls (tracing is expensive). What changed: ${p.changes}`,
    hint: (p: { suggestion: string }) => p.suggestion,
    example: 'for (let n = 1; n < 10; n++) jitted(tf.ones([n]))  // a new shape each call',
  },
  'api/symbolic-argument': {
    kind: 'usage',
    text: (p: { name: string }) =>
      `${p.name} received a symbolic tensor of another trace; call it from inside that jit function or pass a concrete tensor`,
    example: 'let kept; ag.jit(x => { kept = tf.keep(x.add(1)); return x })(t); jitted(kept)',
  },
  'api/bad-graph-view': {
    kind: 'usage',
    text: (p: { view: string; allowed: string }) =>
      `a picture cannot show the graph view '${p.view}'; use ${p.allowed}`,
    hint: () => "print the passes instead: cf.toString({ graph: 'passes' })",
    example: "cf.toSVG({ graph: 'passes' })",
  },
  'exec/capture-disposed': {
    kind: 'runtime',
    text: (p: { what: string }) => `the jit function captured ${p.what}, which has been disposed since it was traced`,
    hint: () => 'keep captured tensors alive while the jit function is in use, or pass them as arguments',
    example: 'const w = tf.ones([2]); const f = ag.jit(x => x.mul(w)); f(x); w.dispose(); f(x)',
  },
  'exec/list-empty': {
    kind: 'runtime',
    text: (p: { op: string }) => `cannot ${p.op} from an empty tensor list`,
    example: 'while (i < n) { z.push(i); z.pop(); z.pop(); i++ }  // z staged, popped past empty at run time',
  },
  'exec/list-index': {
    kind: 'runtime',
    text: (p: { index: number; length: number }) =>
      `list index ${p.index} is out of range for a list of length ${p.length}`,
    example: "for (let i = tf.scalar(0); i < 3; i++) z.push(x); return z.get(tf.scalar(7, 'int32'))",
  },
  'exec/sync-read-on-gpu': {
    kind: 'usage',
    text: (p: { construct: string; what: string; backend: string }) =>
      `${p.construct} reads ${p.what} from the device, which the ${p.backend} backend can only do asynchronously: a plain (synchronous) call cannot run it`,
    hint: () =>
      'call the jit function through its async path, `await f.callAsync(...args)` (or `cf.callAsync(...)` on a ConcreteFunction); ' +
      'a loop whose trip count is known when traced (`for…of` over a tensor, `ag.range` of JS numbers) runs in a plain call without reads',
    example:
      "const f = ag.jit(collatz); await tf.setBackend('webgpu'); f(tf.scalar(27, 'int32'))  // while (a != 1): use await f.callAsync(…)",
  },
  'exec/unknown-op': {
    kind: 'runtime',
    text: (p: { op: string; executor: string }) => `the ${p.executor} executor cannot run op ${p.op}`,
    example: "a hand-built Graph with a node of op 'NoSuchOp', run by the interpreter",
  },
  'api/runs-eagerly': {
    kind: 'usage',
    text: (p: { name: string; signature: string; what: string }) =>
      `${p.name} runs eagerly for (${p.signature}): ${p.what} here reads a tensor's value, which a graph cannot ` +
      `(onSymbolicRead: 'eager')`,
    hint: () =>
      'its converted code runs on concrete tensors for these inputs (no graph, no speed-up); to stage it, keep the ' +
      'value a tensor (compare, select and loop on tensors) and read values outside the jit function',
    example: "ag.jit((p) => tf.argMax(p).dataSync()[0], { onSymbolicRead: 'eager' })(probs)",
  },
  'api/backend-option': {
    kind: 'usage',
    text: (p: { given: string }) =>
      `jit's option 'backend' is now 'executor': it names the executor that runs the traces, not a tfjs backend. ` +
      `Write { executor: ${p.given} } ('backend' is still accepted in this release, where 'executor' wins if both are given)`,
    hint: () =>
      'the tfjs backend (cpu, wasm, webgl, webgpu) is chosen with tf.setBackend, as before; this warning shows once per process',
    example: "ag.jit(f, { backend: 'interpreter' })",
  },
  'api/bad-option': {
    kind: 'usage',
    text: (p: { option: string; got: string; expected: string }) =>
      `jit option ${p.option} is ${p.got}; expected ${p.expected}`,
    example: "ag.jit(f, { onSymbolicRead: 'skip' })",
  },
  'api/js-arithmetic-nan': {
    kind: 'usage',
    text: (p: { name: string; path: string; got: string }) =>
      `${p.name} returned NaN computed in plain JavaScript: ${p.path} is ${p.got}, not a tensor, so the function's ` +
      'arithmetic ran as JS arithmetic at trace time (a JS array or string in arithmetic is NaN)',
    hint: () =>
      'pass tensors: tf.tensor([1, 2, 3]) rather than [1, 2, 3]; JS values are constants of the trace, part of its cache key',
    example: 'ag.jit((x) => x * 2)([1, 2, 3])',
  },
  'api/bad-threads': {
    kind: 'usage',
    text: (p: { got: string }) => `setThreads expects a whole number of threads from 1 to 16, got ${p.got}`,
    hint: () =>
      'setThreads(1) runs every matMul on the calling thread; setThreads() restores the default, min(4, the processor cores)',
    example: 'ag.setThreads(0)',
  },
  'api/unknown-warning': {
    kind: 'usage',
    text: (p: { id: string }) => `silenceWarnings was given '${p.id}', which is no message id of autograph-ts`,
    hint: () =>
      `give 'all', or ids as warnings print them at the end of their first line, e.g. api/retracing (${docsLink('errors.md')} lists every id)`,
    example: "ag.silenceWarnings(['api/retrace'])",
  },
});
