// The language table's expressions: operators and calls (rewritten into runtime dispatch), member
// reads, and the expressions left as JS. Needs entry.ts, forms.ts, the operator names.
// Produces `EXPRESSIONS` (one row per node type).

import type { Rows } from './entry.js';
import { ASYNC, GENERATOR } from './forms.js';
import { BINARY_OPS } from '../util/operator-names.js';

/** The runtime helpers binary operators become (`(a / b) | 0` is intDiv). */
const OPERATOR_HELPERS: readonly string[] = [
  ...new Set(Object.values(BINARY_OPS).filter((h): h is string => !!h)),
  'intDiv',
];

export const EXPRESSIONS = {
  ArrayExpression: {
    status: 'passed',
    family: 'expression',
    passes: ['lists'],
    helpers: ['aliasOf'],
    reason:
      'builds a JS array (a staged value when an element is a tensor); a pushed array stored in it is marked ag__.aliasOf',
    example: 'const one = 1; const a = [one, , one * 3]; return [a.length, a[2]];',
  },
  AssignmentExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['slices', 'logical-expressions', 'operators'],
    helpers: [...OPERATOR_HELPERS, 'setItem', 'getItem', 'and', 'or'],
    into: '`x op= y` → `x = ag__.op(x, y)`; a statement `z[i] = v` → `z = ag__.setItem(z, i, v)`; `a ||= b` → `a || (a = b)` (`&&=`, `??=` alike)',
    reason: 'operators on tensors have no JS meaning, and an element set makes `z` state of staged statements',
    example:
      'let a = 1; a += 2; a **= 2; const z = [0, 0]; let i = 1; z[i] = a; z[i] -= 1; let b = 0; b ||= a; let c = null; c ??= 3; return [a, z, b, c];',
  },
  AwaitExpression: {
    status: 'refused',
    family: 'expression',
    passes: ['functions'],
    error: 'convert/unsupported-syntax',
    construct: ASYNC.construct,
    instead: ASYNC.instead!,
    reason: 'only inside an async function, which is refused first: traced code is synchronous',
    example: 'async function f(x) { return await x; } return typeof f;',
  },
  BinaryExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['operators'],
    helpers: OPERATOR_HELPERS,
    into: '`a op b` → `ag__.op(a, b)` (`ag__.add`, `ag__.lt` …); `in`, `instanceof` and comparisons with a string, null or typeof operand stay',
    reason: "JS has no operator overloading: the runtime applies the tfjs op to tensors and JS's operator to JS values",
    example:
      'const a = 7, b = 2; return [a + b, a - b, a * b, a / b, a % b, a ** b, a < b, a == b, a & b, a << b, "x" in {}];',
  },
  CallExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['lists', 'call-trees', 'operators'],
    helpers: ['convertedCall', 'callMethod', 'print', 'listPush', 'listPop', 'popped', 'Math', 'floorDiv', 'truncDiv'],
    into: '`f(x)` → `ag__.convertedCall(f, this, [x])`; `z.push(x)` → `z = ag__.listPush(z, x)`; `console.log` → `ag__.print`; `Math.f` → `ag__.Math.f`',
    reason: 'callees are converted when called; functions of the source, tf.* and built-ins are called directly',
    example:
      'function sq(x) { return x * x; } const xs = [3]; xs.push(4); return [sq(2), xs.map((v) => v + 1), Math.floor(7 / 2), Math.abs(-1)];',
    refusedForms: [
      {
        construct: 'eval',
        instead: 'write the code directly',
        error: 'convert/unsupported-syntax',
        pass: 'functions',
        example: 'const x = 1; return eval("x + 1");',
      },
      {
        construct: 'setLoopOptions(…) elsewhere than first in a loop body',
        error: 'convert/misplaced-directive',
        pass: 'directives',
        example: 'const ag = { setLoopOptions() {} }; ag.setLoopOptions({ maximumIterations: 2 }); return 1;',
      },
    ],
  },
  ConditionalExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['conditional-expressions'],
    helpers: ['ifExp'],
    into: '`c ? a : b` → `ag__.ifExp(c, () => a, () => b)` (branches that write pass those variables as state)',
    reason: 'a test that is a tensor while tracing is staged as a Cond node; otherwise one side runs, as in JS',
    example: 'const x = 3; return x > 2 ? "big" : "small";',
  },
  Identifier: {
    status: 'passed',
    family: 'expression',
    reason: 'names keep their bindings: staged bodies are closures over the same variables',
    example: 'const x = 2; const y = x; return y * 2;',
    refusedForms: [
      {
        construct: 'the name ag__',
        error: 'convert/reserved-name',
        pass: 'functions',
        example: 'const ag__ = 1; return ag__ + 1;',
      },
    ],
  },
  LogicalExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['logical-expressions'],
    helpers: ['and', 'or'],
    into: '`a && b` → `ag__.and(() => a, () => b)`, `a || b` → `ag__.or(…)` (a right operand that writes passes those variables as state); `??` stays',
    reason: 'lazy as in JS and returning an operand; on tensors staged with JS truthiness',
    example: 'const a = 0, b = 2; return [a || b, a && b, a ?? b, b && a * 3];',
  },
  MemberExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['slices'],
    helpers: ['getItem'],
    into: '`z[i]` with a computed index that is not a literal → `ag__.getItem(z, i)`; `z.p` and `z[0]` stay',
    reason: 'staged lists and tensors can then be indexed by tensors; JS values index as in JS',
    example: 'const a = [1, 2, 3]; let i = 2; return a[i] + a.length + a[0];',
  },
  NewExpression: {
    status: 'passed',
    family: 'expression',
    reason: 'the constructor runs as written (`new` does not go through convertedCall); its arguments are converted',
    example: 'class P { constructor(x) { this.x = x; } } const n = 2; return new P(n * 3).x + new Array(n).length;',
  },
  ObjectExpression: {
    status: 'passed',
    family: 'expression',
    reason: 'builds a JS object; staged statements carry the properties they modify as state',
    example: 'const k = "b"; const one = 1; return { a: one * 1, [k]: 2, ...{ c: 3 } };',
  },
  ObjectProperty: {
    status: 'passed',
    family: 'expression',
    passes: ['lists'],
    helpers: ['aliasOf'],
    reason:
      'its value is converted; a pushed array as a value is marked `ag__.aliasOf(z)` (staging warns that the copy is not the list)',
    example: 'const x = 1; const o = { x, y: x * 2 }; return o.x + o.y;',
  },
  OptionalCallExpression: {
    status: 'passed',
    family: 'expression',
    reason:
      '`f?.(x)` calls `f` as written: not through convertedCall, so a callee from outside the source is not converted',
    example: 'const f = null; const g = (x) => x * 2; return [f?.(1), g?.(2)];',
  },
  OptionalMemberExpression: {
    status: 'passed',
    family: 'expression',
    reason: '`z?.[i]` reads as JS (not ag__.getItem): it does not index a staged list or a tensor by a tensor',
    example: 'const o = null; const p = { q: [4] }; let i = 0; return [o?.x, p?.q?.[i] * 2];',
  },
  ParenthesizedExpression: {
    status: 'not-met',
    family: 'expression',
    reason:
      'made only with the parser option createParenthesizedExpressions, which neither the converter nor tsx/Vite set',
  },
  ImportExpression: {
    status: 'not-met',
    family: 'expression',
    reason:
      'made only with the parser option createImportExpressions; `import(…)` parses as a call of Import (refused)',
  },
  Import: {
    status: 'refused',
    family: 'expression',
    passes: ['functions'],
    error: 'convert/unsupported-syntax',
    construct: 'dynamic import()',
    instead: 'import the module outside the converted function',
    reason: 'loading a module is asynchronous and not part of a graph',
    example: 'const name = "node:path"; return typeof import(name);',
  },
  MetaProperty: {
    status: 'passed',
    family: 'expression',
    reason: '`new.target` of a nested function is kept (the converted function itself is called, never constructed)',
    example: 'function F() { return new.target === undefined; } const one = 1; return [F(), one * 2];',
  },
  SequenceExpression: {
    status: 'passed',
    family: 'expression',
    reason: 'evaluates left to right as in JS; its parts are converted',
    example: 'let a = 1; const b = (a = a + 1, a * 2); return b;',
  },
  SpreadElement: {
    status: 'passed',
    family: 'expression',
    reason: "spreads a JS iterable as in JS (a call's arguments keep it inside the argument array)",
    example: 'const xs = [1, 2]; return [Math.max(...xs, 0), [...xs].length * 2];',
  },
  Super: {
    status: 'passed',
    family: 'expression',
    passes: ['functions'],
    reason:
      'in a method or class of the converted source, converted in place with it, `super` keeps its home object; `super` of a method converted from its own text (which has none) is refused',
    example:
      'const p = { m() { return 1; } }; const o = { __proto__: p, m() { return super.m() + 1; } }; return o.m();',
  },
  TaggedTemplateExpression: {
    status: 'passed',
    family: 'expression',
    reason: 'the tag is called as written (not through convertedCall); the substitutions are converted',
    example: 'const tag = (s, ...v) => s.raw.join("|") + v.join(","); const x = 2; return tag`a${x * 2}b`;',
  },
  ThisExpression: {
    status: 'passed',
    family: 'expression',
    reason: 'staged bodies are arrow functions, which keep `this`',
    example: 'const o = { v: 3, m() { let r = 0; if (this.v > 1) r = this.v * 2; return r; } }; return o.m();',
  },
  UnaryExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['logical-expressions', 'operators'],
    helpers: ['neg', 'pos', 'bitNot', 'not'],
    into: '`-a`, `+a`, `~a`, `!a` → `ag__.neg(a)`, `ag__.pos(a)`, `ag__.bitNot(a)`, `ag__.not(a)`; `typeof`, `void`, `delete` and `-1` stay',
    reason: "operators on tensors have no JS meaning; the runtime applies JS's operator to JS values",
    example: 'const a = 5; return [-a, +a, ~a, !a, typeof a, void a, -1];',
  },
  UpdateExpression: {
    status: 'rewritten',
    family: 'expression',
    passes: ['operators'],
    helpers: ['inc', 'dec', 'toNumeric'],
    into: '`i++` → `i = ag__.inc(i)`; a postfix value is kept in a temporary through `ag__.toNumeric`',
    reason: 'a tensor variable is incremented by the tfjs op; JS values as in JS (strings and BigInts too)',
    example: 'let i = 1; const a = i++; const b = ++i; i--; return [a, b, i];',
  },
  YieldExpression: {
    status: 'refused',
    family: 'expression',
    passes: ['functions'],
    error: 'convert/unsupported-syntax',
    construct: GENERATOR.construct,
    instead: GENERATOR.instead!,
    reason: 'only inside a generator function, which is refused first: a graph cannot suspend',
    example: 'function* g() { yield 1; } return [...g()];',
  },
} as const satisfies Rows;
