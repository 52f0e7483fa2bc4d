// Sample input of the CLI (`autograph run examples/cli/collatz.ts --args "27:int32"`): a while loop
// and an if on a tensor, no imports but a type. Produces the number of Collatz steps from `a` down to 1.
import type { Tensor } from '@tensorflow/tfjs';

export default function collatz(a: Tensor | number) {
  'use autograph';
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}
