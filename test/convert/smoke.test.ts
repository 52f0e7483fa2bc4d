import { test } from 'vitest';
import { toCode } from '../../src/api/to-code.js';
import { toGraph } from '../../src/api/to-graph.js';

function collatz(a: number) {
  // count the steps
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}
function f6(l: number[]) {
  let s = 0;
  for (const c of l) {
    if (c % 2 > 0) break;
    s += c;
  }
  return s;
}
function f12(x: number) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    s += x;
    if (x % 2 > 0) return s;
    else return -s;
  }
  return s;
}
test('smoke', () => {
  for (const f of [collatz, f6, f12]) {
    console.log(toCode(f));
  }
  console.log(toGraph(collatz)(27), toGraph(f6)([2, 4, 5, 6]), toGraph(f12)(3), toGraph(f12)(4));
});
