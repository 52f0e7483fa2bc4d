// The language table's functions, classes and patterns: nested functions are converted with the
// source around them; class bodies are left as written (methods are converted when called);
// destructuring stays JS. Needs entry.ts, forms.ts. Produces `FUNCTIONS`, `CLASSES`, `PATTERNS`.

import type { Rows } from './entry.js';
import { ASYNC, FUNCTION_FORMS, GENERATOR } from './forms.js';

export const FUNCTIONS = {
  ArrowFunctionExpression: {
    status: 'passed',
    family: 'function',
    passes: ['functions'],
    reason:
      'stays an arrow; its body is converted with the source around it, so calling it needs no conversion at run time',
    example: 'const add = (x, y) => x + y; return [1, 2, 3].map((v) => add(v, 1));',
    refusedForms: [{ ...ASYNC, example: 'const f = async (x) => x; return typeof f;' }],
  },
  FunctionDeclaration: {
    status: 'rewritten',
    family: 'function',
    passes: ['functions'],
    helpers: [],
    into: 'moved to the top of its block (where JS hoists it); its body is converted with the source around it',
    reason: 'later passes may drop statements after a return, where a declaration can stand',
    example: 'return twice(4); function twice(x) { if (x > 0) return 2 * x; return 0; }',
    refusedForms: [
      ...FUNCTION_FORMS,
      {
        construct: "function 'f' declared in a block and named outside it",
        instead: "declare 'f' at the top of the function, or as a const in the block",
        error: 'convert/unsupported-syntax',
        pass: 'functions',
        example: 'var f = 2; { function f() {} } const one = 1; return [typeof f, one * 2];',
      },
    ],
  },
  FunctionExpression: {
    status: 'passed',
    family: 'function',
    passes: ['functions'],
    reason: 'stays a function; its body is converted with the source around it (its own `var`s hoisted, jumps lowered)',
    example: 'const f = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }; return f(5);',
    refusedForms: [
      { ...GENERATOR, example: 'const f = function* (x) { yield x; }; return typeof f;' },
      { ...ASYNC, example: 'const f = async function (x) { return x; }; return typeof f;' },
    ],
  },
  ObjectMethod: {
    status: 'passed',
    family: 'function',
    passes: ['functions'],
    reason:
      'a method, getter or setter of an object literal: converted with the source around it, `this` as JS binds it',
    example: 'const o = { v: 2, get w() { return this.v * 2; }, m(x) { return x + this.v; } }; return o.m(1) + o.w;',
  },
} as const satisfies Rows;

/** How a class of the converted source converts. */
const CLASS_BODY =
  'a class of the converted source converts in place with it: its methods, accessors, constructor, field initializers and static blocks are converted where they stand (`this`, `super`, `#names` keep their meaning)';

export const CLASSES = {
  ClassBody: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason: CLASS_BODY,
    example: 'class A { x = 1; m() { return this.x + 1; } } const one = 1; return new A().m() * one;',
  },
  ClassDeclaration: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason: CLASS_BODY,
    example:
      'class A { constructor() { this.v = 3; } } class B extends A { get w() { return this.v * 2; } } const one = 1; return new B().w * one;',
  },
  ClassExpression: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason: CLASS_BODY,
    example: 'const A = class { static k = 2; }; const one = 1; return A.k * one;',
  },
  ClassMethod: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason:
      'converted where it stands with the source around it (a method of a class outside the converted source converts from its own text, or in place under the loader and plugins)',
    example:
      'class A { m(x) { if (x > 0) return x; return -x; } delete(x) { return x > 1 ? x : -x; } } const one = 1; return new A().m(-3) * new A().delete(one);',
  },
  ClassPrivateMethod: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason: 'converted where it stands with its class (the `#name` resolves there)',
    example:
      'class A { #d(x) { return x > 1 ? 2 * x : x; } m(x) { return this.#d(x); } } const one = 1; return new A().m(4) * one;',
  },
  ClassPrivateProperty: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason: 'its initializer is converted where it stands, with its class',
    example: 'class A { #x = 3; get() { return this.#x; } } const one = 1; return new A().get() * one;',
  },
  ClassProperty: {
    status: 'passed',
    family: 'class',
    passes: ['functions'],
    reason: 'its initializer is converted where it stands: an arrow held by a field keeps the instance as `this`',
    example:
      'class A { k = 2; f = (x) => (x > 0 ? x * this.k : -x); } const one = 1; return new A().f(-2) * new A().f(one);',
  },
  PrivateName: {
    status: 'passed',
    family: 'class',
    reason: 'only inside a class body, converted where it stands',
    example: 'class A { #x = 1; static has(o) { return #x in o; } } const one = 1; return [A.has(new A()), one * 2];',
  },
  StaticBlock: {
    status: 'passed',
    family: 'class',
    reason: 'converted where it stands; runs when the class is defined',
    example: 'class A { static v; static { A.v = 7 > 3 ? 7 : 3; } } const one = 1; return A.v * one;',
  },
  ClassAccessorProperty: {
    status: 'not-met',
    family: 'class',
    reason: '`accessor` fields need the decoratorAutoAccessors parser plugin; V8 does not run them',
    example: 'class A { accessor x = 1; } return new A().x;',
    syntax: ['decoratorAutoAccessors'],
  },
  Decorator: {
    status: 'not-met',
    family: 'class',
    reason:
      'decorators need the decorators parser plugin; V8 does not run them (TypeScript compiles them before conversion)',
    example: 'const dec = (c) => c; @dec class A {} return A;',
    syntax: [['decorators', { decoratorsBeforeExport: true }]],
  },
} as const satisfies Rows;

export const PATTERNS = {
  ArrayPattern: {
    status: 'passed',
    family: 'pattern',
    reason: 'destructures as in JS; staged statements carry each name it binds as state',
    example: 'let a = 1, b = 2; if (a < b) [a, b] = [b, a]; return [a, b];',
  },
  AssignmentPattern: {
    status: 'passed',
    family: 'pattern',
    reason: 'a default applies to undefined as in JS (parameters too); its expression is converted',
    example: 'const { a = 5 } = {}; const [b = 2] = []; const f = (x, y = x * 2) => x + y; return [a + b, f(1)];',
  },
  ObjectPattern: {
    status: 'passed',
    family: 'pattern',
    reason: 'destructures as in JS; staged statements carry each name it binds as state',
    example: 'const { a, b: { c } } = { a: 1, b: { c: 2 } }; return a + c;',
  },
  RestElement: {
    status: 'passed',
    family: 'pattern',
    reason: 'collects the rest as in JS (parameters, arrays, objects)',
    example:
      'const [a, ...r] = [1, 2, 3]; const { x, ...o } = { x: 1, y: 2 }; const f = (...xs) => xs.length; return [r.length + a, o.y * x, f(1, 2)];',
  },
} as const satisfies Rows;
