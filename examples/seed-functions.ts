// The seed programs of seeds.ts for code that plain `tsc` checks (the tests, the bench): their types,
// and the module itself, loaded by a path tsc does not follow. seeds.ts writes operators on tensors,
// which only `autograph check` types (examples/tsconfig.json); plain tsc would reject them.
// Needs seeds.ts at run time. Produces `seeds` and each seed by name.
import type * as tf from '@tensorflow/tfjs';
import type * as ag from '../src/index.js';

export interface SeedModule {
  square_if_positive(x: tf.Tensor | number): tf.Tensor | number;
  readonly delta: number;
  huber_loss(a: tf.Tensor): tf.Tensor;
  collatz(a: tf.Tensor | number): number;
  count_up(n: tf.Tensor | number): tf.Tensor | number;
  squares(n: tf.Tensor | number): tf.Tensor;
  checked_square(x: tf.Tensor | number): tf.Tensor | number;
  readonly seedScope: { readonly tf: typeof tf; readonly ag: typeof ag; readonly delta: number };
}

const file = './seeds.ts';
export const seeds = (await import(new URL(file, import.meta.url).href)) as SeedModule;
export const { square_if_positive, delta, huber_loss, collatz, count_up, squares, checked_square, seedScope } = seeds;
