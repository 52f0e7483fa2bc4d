// Refused forms shared by several rows of the language table: generator and async functions (a
// FunctionDeclaration, an arrow … that is one), and `super` of a method converted from its text.
// Needs entry.ts. Produces `FUNCTION_FORMS`, `GENERATOR`, `ASYNC`, `ROOT_SUPER`.

import type { RefusedForm } from './entry.js';

/** A generator function: refused wherever it stands in the converted source. */
export const GENERATOR: RefusedForm = {
  construct: 'a generator function',
  instead: 'return an array, or build the values in a loop',
  error: 'convert/unsupported-syntax',
  pass: 'functions',
  example: 'function* g(n) { yield n; } return [...g(1)];',
};

/** An async function: refused wherever it stands in the converted source. */
export const ASYNC: RefusedForm = {
  construct: 'an async function',
  instead:
    'jit a synchronous step and await in an async loop around it: const step = ag.jit((x) => { … return y; }); for (…) { y = step(x); await tf.nextFrame(); }',
  error: 'convert/unsupported-syntax',
  pass: 'functions',
  example: 'async function f(x) { return x; } return typeof f;',
};

export const FUNCTION_FORMS: readonly RefusedForm[] = [GENERATOR, ASYNC];

/**
 * `super` of the converted function itself (a method converted from its own text has no home
 * object); `super` in a method or class of the converted source stays where it is and works.
 */
export const ROOT_SUPER = {
  construct: 'super in a method converted from its own text',
  instead: 'call the parent method from a method that is not converted, or mark it with doNotConvert',
  error: 'convert/unsupported-syntax',
} as const;
