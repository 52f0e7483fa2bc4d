// The seed programs (the reference programs the project is judged on: square_if_positive,
// huber_loss, collatz, count_up, squares, checked_square, and the RNN cell), each written once, as
// ordinary TypeScript with plain operators and control flow. Tests convert them (toGraph, jit) and
// call them on JS values; test/corpus/index.ts lists them with their reference names and results,
// and test/corpus/copies.test.ts keeps the literal copies elsewhere (examples/, the checker's
// fixture project, fixture apps) equal to these.
//
// Their free variables `tf` and `ag` are not imported: like a user's function converted at run
// time, a program reads them from the conversion's scope (CORPUS_SCOPE in index.ts), and converted
// code then shows `tf.abs(a)` (as the golden files do) rather than the test runner's import alias.
// Called unconverted, only the programs that read neither run. No comments inside a program: the
// test runner keeps them in fn.toString(), so its converted code (the golden files) would show them.
// Needs nothing at run time. Produces the seed functions, `delta` and the type `Operand`.
import type * as TF from '@tensorflow/tfjs';
import type * as AG from '../../src/index.js';

declare const tf: typeof TF;
declare const ag: typeof AG;

/**
 * A value that may be a tensor under JS operators (`a * a`, `tf.abs(a) <= delta`): plain tsc types
 * those operators on numbers only, and the converter makes them tfjs ops, so it is `any` here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Operand = any;

/** huber_loss's threshold, a module-level free variable of the program. */
export const delta = 1;

/** square_if_positive: an if/else on the value. 9 → 81, -2 → 0. */
export function squareIfPositive(x: number) {
  if (x > 0) x = x * x;
  else x = 0.0;
  return x;
}

/** huber_loss (δ = 1): tfjs calls and operators on a tensor, free variables tf and delta. 0.5 → 0.125, 3 → 2.5. */
export function huberLoss(a: Operand) {
  let loss;
  if (tf.abs(a) <= delta) loss = (a * a) / 2;
  else loss = delta * (tf.abs(a) - delta / 2);
  return loss;
}

/** collatz: a cond nested in a while; Math.floor of a division stays int32. 27 → 111. */
export function collatz(a: number) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}

/** collatz with its integer division written `(a / 2) | 0`. 27 → 111. */
export function collatzTrunc(a: number) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = (a / 2) | 0;
    else a = 3 * a + 1;
    counter += 1;
  }
  return counter;
}

/** collatz with a tensor counter, so that even eagerly it returns an int32 tensor. */
export function collatzInt32(a: number) {
  let counter: Operand = tf.scalar(0, 'int32');
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}

/** count_up: a while nested in an if, printing with console.log. 2 → 5, printing 3, 4, 5. */
export function printLoop(n: number) {
  if (n >= 0) {
    while (n < 5) {
      n += 1;
      console.log(n);
    }
  }
  return n;
}

/** squares: a list pushed in a loop, then stacked. 5 → [0, 1, 4, 9, 16]. */
export function squares(n: number) {
  const z: number[] = [];
  ag.setElementType(z, 'int32');
  for (let i = 0; i < n; i++) z.push(i * i);
  return ag.stack(z);
}

/** checked_square: a staged assert. 3 → 9; 0 → "Do not pass zero!". */
export function checkedSquare(x: number) {
  ag.assert(x != 0, 'Do not pass zero!');
  return x * x;
}

/**
 * The RNN cell over a sequence: `h = tanh(h·w + x)` for each row x of xs. Plain JS iterates an array
 * of rows; converted code iterates a tensor's first dimension (a staged loop when traced).
 */
export function rnn(h: TF.Tensor, w: TF.Tensor, xs: TF.Tensor[]) {
  for (const x of xs) h = tf.tanh(tf.add(tf.matMul(h, w), x));
  return h;
}
