// Catalogue entries of the source converter (src/convert) and its run-time helpers (src/runtime).
// Wording follows TensorFlow AutoGraph's messages, adapted to JS. Needs message-def.
// Produces `convertMessages`.

import { defineMessages } from './message-def.js';

type Branch = 'main' | 'else';

export const convertMessages = defineMessages({
  // ---- conversion time: the source itself ----
  'convert/not-a-function': {
    kind: 'usage',
    text: (p: { got: string }) => `toGraph/toCode expected a function, got ${p.got}`,
    example: "ag.toGraph('x => x')",
  },
  'convert/native-function': {
    kind: 'conversion',
    text: (p: { name: string }) => `cannot convert '${p.name}': its source is not available (native or bound function)`,
    hint: () => 'pass the original function, not a bound or built-in one; or mark it with doNotConvert',
    example: 'ag.toGraph(Math.max)',
  },
  'convert/converter-missing': {
    kind: 'conversion',
    text: (p: { reason: string }) =>
      `this function was not converted at build time, and run-time conversion is not loaded here (${p.reason})`,
    hint: () =>
      "convert it at build time (autograph-ts/vite or autograph-ts/babel), or import 'autograph-ts/convert' once to bring the run-time converter (Babel) into the page",
    example: 'ag.jit(fn)(x) in a browser bundle, for a function the Vite plugin did not convert',
  },
  'plugin/tsx-missing': {
    kind: 'usage',
    text: (p: { file: string }) =>
      `cannot load the TypeScript module ${p.file}: the Node loader needs tsx to strip its types, and tsx is not installed`,
    hint: () => 'npm install --save-dev tsx (an optional peer of autograph-ts), or compile to .js first',
    example: 'node --import autograph-ts/register app.ts in an app without tsx',
  },
  'plugin/commonjs-module': {
    kind: 'usage',
    text: (p: { file: string }) =>
      `${p.file} is a CommonJS module (its package.json has no "type": "module"), and the Node loader converts ES modules only: its functions will be converted at run time, where toString() loses their closures`,
    hint: () =>
      'set "type": "module" in package.json or rename the file to .mts/.mjs; or pass the free variables in jit(fn, { scope })',
    example: 'node --import autograph-ts/register app.ts in a package without "type": "module"',
  },
  'convert/parse-failed': {
    kind: 'conversion',
    text: (p: { name: string; reason: string }) => `cannot parse the source of '${p.name}': ${p.reason}`,
    hint: () => 'use the build-time plugin (autograph-ts/register or the Babel/Vite plugin) for this function',
    example: 'source text that Babel cannot parse, e.g. from a runtime that prints functions oddly',
  },
  'convert/unsupported-syntax': {
    kind: 'conversion',
    text: (p: { construct: string; instead: string }) => `${p.construct} is not supported in converted code`,
    hint: (p: { instead: string }) => p.instead,
    example: 'function* gen(x) { yield x }',
  },
  'convert/reserved-name': {
    kind: 'conversion',
    text: (p: { name: string }) => `the name '${p.name}' is reserved for the AutoGraph runtime`,
    hint: () => 'rename the variable',
    example: 'const ag__ = 1',
  },
  'convert/unresolved-free-variables': {
    kind: 'conversion',
    text: (p: { names: string[]; functionName: string; inPlace?: boolean }) =>
      `cannot convert '${p.functionName}' at run time: free variable${p.names.length > 1 ? 's' : ''} ` +
      `${p.names.map((n) => `'${n}'`).join(', ')} cannot be resolved (toString() loses the closure)`,
    hint: (p: { names: string[]; inPlace?: boolean }) =>
      `pass them explicitly: toGraph(fn, { scope: { ${p.names.join(', ')} } }) (or jit(fn, { scope })), ` +
      (p.inPlace === true
        ? // The loader or a plugin is converting in place already: this function is out of its reach.
          'or move it into an ES module that the loader or plugin converts (not a package, a CommonJS module, or code made by eval or new Function)'
        : `or convert in place with the build-time plugin (node --import autograph-ts/register, or the Babel/Vite plugin)`),
    example: 'const scale = 2; ag.jit(x => x.mul(scale)) on the run-time path without { scope: { scale } }',
  },
  'convert/misplaced-directive': {
    kind: 'conversion',
    text: (p: { directive: string }) => `${p.directive}(...) must be the first statement of a loop body`,
    hint: (p: { directive: string }) => `move ${p.directive}(...) to the start of the loop it configures`,
    example: 'while (i < 3) { i++; ag.setLoopOptions({ maximumIterations: 2 }) }',
  },
  // ---- staging time: if statements ----
  'convert/if-undefined-in-branch': {
    kind: 'staging',
    text: (p: { name: string; branch: Branch }) => `'${p.name}' must also be initialized in the ${p.branch} branch`,
    hint: (p: { name: string }) =>
      `the if statement is staged (its condition is a tensor), so both branches run in the graph; ` +
      `assign '${p.name}' before the if or in both branches`,
    example: 'let i; if (x > 0) i = 1; return i',
  },
  'convert/if-null-in-branch': {
    kind: 'staging',
    text: (p: { name: string; branch: Branch }) => `'${p.name}' is None/null at the end of the ${p.branch} branch`,
    hint: () => 'a staged if cannot output null/undefined; give the variable a tensor value in both branches',
    example: 'let y = x; if (tf.sum(x) > 0) y = null; return y',
  },
  'convert/if-missing-return': {
    kind: 'staging',
    text: (p: { branch: Branch }) => `the ${p.branch} branch must also have a return statement`,
    hint: () =>
      'a staged if that returns in one branch must return in the other too, or end the function with a return',
    example: 'if (tf.sum(x) > 0) { return x } else { x.add(1) }  // no return after the if',
  },
  'convert/non-scalar-condition': {
    kind: 'staging',
    text: (p: { shape: string; what: string }) =>
      `the condition of ${p.what} must be a scalar, got a tensor of shape ${p.shape}`,
    hint: () => 'reduce it first, e.g. with tf.all(...) or tf.any(...)',
    example: 'if (x > 0) { \u2026 } with x of shape [2], run eagerly',
  },
  // ---- staging time: loops ----
  'convert/loop-must-iterate': {
    kind: 'runtime',
    text: (p: { name: string }) => `loop must iterate at least once to initialize '${p.name}'`,
    hint: (p: { name: string }) => `initialize '${p.name}' before the loop`,
    example: 'let i; for (i of l) {} return i',
  },
  'convert/loop-var-undefined': {
    kind: 'staging',
    text: (p: { name: string }) => `'${p.name}' must be defined before the loop`,
    hint: (p: { name: string }) => `the loop is staged; initialize '${p.name}' before it`,
    example: 'let y; while (tf.sum(x) < 10) { y = y.add(x); x = x.add(1) }',
  },
  'convert/accessor-in-staged': {
    kind: 'staging',
    text: (p: { name: string }) =>
      `'${p.name}' is a getter or setter, and a staged if or loop would carry it as state: its value there is what the getter gives, not what the setter was given`,
    hint: (p: { name: string }) =>
      `assign the field '${p.name}' stores instead, or call a method that sets it (the fields methods write are carried)`,
    example: 'class A { set value(x) { this.v = x % 97 } } … if (tf.sum(x) > 0) o.value = 1',
  },
  'convert/loop-var-null': {
    kind: 'staging',
    text: (p: { name: string }) => `'${p.name}' is None/null before the loop; a staged loop variable needs a value`,
    hint: (p: { name: string }) => `initialize '${p.name}' with a tensor or number before the loop`,
    example: 'let y = null; while (tf.sum(x) < 10) { y = x; x = x.add(1) }',
  },
  'convert/loop-var-dtype-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has dtype ${p.before} before the loop, but dtype ${p.after} after one iteration`,
    hint: (p: { name: string; after: string }) =>
      `initialize '${p.name}' with the dtype the loop gives it, e.g. tf.cast(${p.name}, '${p.after}')`,
    example: 'let n = tf.scalar(1, "int32"); while (n < 10) n = n * 1.5',
  },
  'convert/loop-var-shape-changed': {
    kind: 'staging',
    text: (p: { name: string; before: string; after: string }) =>
      `'${p.name}' has shape ${p.before} before the loop, but shape ${p.after} after one iteration`,
    hint: () => 'a staged loop variable must keep its shape; build growing results with an array and ag.stack',
    example: 'while (tf.sum(y) < 100) y = tf.concat([y, y])',
  },
  'convert/js-loop-tensor-break': {
    kind: 'staging',
    text: (p: { jump: 'break' | 'return'; loop: 'for…of loop' | 'for loop' | 'while loop' }) =>
      `${p.jump} statements which depend on a tensor condition are not supported in loops over JS values: ` +
      `this ${p.loop} runs as plain JS at trace time`,
    hint: () =>
      'stage the loop itself: iterate over a tensor in a for…of loop (for example tf.range(n)), or make the condition ' +
      'of a for/while loop a tensor from the start (i < tf.scalar(n)); or decide the jump with JS values',
    example: 'for (const c of [1, 2]) { if (tf.greater(c, 0)) break }',
  },
  'convert/while-cond-became-tensor': {
    kind: 'staging',
    text: (p: { loop: 'for loop' | 'while loop'; name?: string }) =>
      `the condition of the ${p.loop} started as non-Tensor, then changed to Tensor` +
      (p.name ? `: '${p.name}' became a tensor in the loop body` : ''),
    hint: (p: { name?: string }) =>
      `make the condition a tensor from the start (e.g. ${p.name ? `initialize '${p.name}' with` : 'with'} tf.scalar(...)) so that the loop is staged, ` +
      'or keep the values it reads JS values',
    example: 'let i = 0; while (i < 3) i = tf.sum(x).add(i)',
  },
  'convert/tensor-for-in': {
    kind: 'staging',
    text: () => 'for...in over a tensor is not supported',
    hint: () => 'use for...of to iterate over the first dimension of a tensor',
    example: 'for (const k in tensor) { \u2026 }',
  },
  'convert/unsupported-tensor-operator': {
    kind: 'staging',
    text: (p: { op: string; what: string }) => `operator '${p.op}' on a tensor is not supported with ${p.what}`,
    hint: () => 'shift by a JS number from 1 to 31, or use the corresponding tf.* function',
    example: 'x >>> 0 with x an int32 tensor',
  },
  'convert/unsupported-tensor-math': {
    kind: 'staging',
    text: (p: { name: string; why: string }) => `Math.${p.name} on a tensor is not supported: ${p.why}`,
    hint: () =>
      'compute it with tf.* functions (Math.sumPrecise: tf.sum, which rounds at every step), or call it on JS numbers',
    example: 'Math.sumPrecise(x) with x a float32 tensor',
  },
  'convert/logical-operand-types': {
    kind: 'staging',
    text: (p: { op: string; left: string; right: string }) =>
      `'${p.op}' on a tensor returns one of its operands (as in JS), but here the left one is ${p.left} and the right one ${p.right}: ` +
      `a staged result has one dtype and shape`,
    hint: () =>
      'test it in an if/while/ternary or with ! (only its truthiness is used there), or make both operands one dtype and shape (e.g. tf.cast)',
    example: 'const y = x && i > 0; return y  // x a float32 tensor, i > 0 a bool tensor',
  },
  // ---- calls and functions (issue 18) ----
  'convert/unbounded-recursion': {
    kind: 'staging',
    text: (p: { name: string }) =>
      `'${p.name}' calls itself without end while being traced: a recursion that stops on a tensor condition ` +
      'never stops at trace time (both branches of a staged if are traced)',
    hint: () =>
      'make the recursion stop on a JS value (e.g. a depth passed as a JS number), or write it as a loop, which is staged',
    example: 'function fact(n) { if (n <= 1) return 1; return n * fact(n - 1) }  // jit(fact)(tf.scalar(3))',
  },
  'convert/staged-error-in-try': {
    kind: 'staging',
    text: (p: { message: string }) =>
      `an error was thrown while a staged branch or loop body inside try/catch was traced: ${p.message}`,
    hint: () =>
      'both branches of a staged if (and a staged loop body) are traced whether they run or not, so a catch cannot ' +
      'tell whether the error would happen at run time; make the code that throws depend on JS values only, or move ' +
      'the try/catch outside the converted function',
    example: 'try { if (tf.sum(x) > 0) y = parse(s) } catch { y = 0 }  // parse throws while the branch is traced',
  },
  'convert/staged-assert-in-try': {
    kind: 'staging',
    text: () =>
      'a staged assertion inside try/catch: its failure happens when the graph runs, where the catch cannot take it',
    hint: () =>
      'move the assert out of the try block, or test the condition with a staged if and handle the failure case there',
    example: "try { ag.assert(tf.sum(x) > 0, 'empty') } catch { … }",
  },
  'convert/shape-invariant-not-loop-var': {
    kind: 'staging',
    text: (p: { names: string[] }) =>
      `a shape invariant names a value that is not a loop variable (the loop variables are ${p.names.map((n) => `'${n}'`).join(', ') || 'none'})`,
    hint: () =>
      "name the variable's value before the loop, as in ag.setLoopOptions({ shapeInvariants: [[v, [null]]] }) for a loop that assigns v",
    example: 'while (i < n) { ag.setLoopOptions({ shapeInvariants: [[other, [null]]] }); v = tf.concat([v, v]); i++ }',
  },
});
