// Sample input of the CLI (`autograph run examples/cli/collatz.ts --args "27:int32"`): a while loop
// and an if on a tensor, no imports. Produces the number of Collatz steps from `a` down to 1.

/* eslint-disable @typescript-eslint/no-explicit-any */
export default function collatz(a: any) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}
