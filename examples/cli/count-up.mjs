// Sample input of the CLI in plain JS: a loop with `console.log`, which becomes a staged print that
// runs on every call. Produces `n` counted up to 5 (printing each step).

export function countUp(n) {
  if (n >= 0) {
    while (n < 5) {
      n += 1;
      console.log('n =', n);
    }
  }
  return n;
}
