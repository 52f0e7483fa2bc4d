import { test } from 'vitest';
import { toCode } from '../../src/api/to-code.js';
import { toGraph } from '../../src/api/to-graph.js';
import { collatz, s6, s12 } from '../corpus/index.js';

test('smoke', () => {
  for (const f of [collatz, s6, s12]) {
    console.log(toCode(f));
  }
  console.log(toGraph(collatz)(27), toGraph(s6)([2, 4, 5, 6]), toGraph(s12)(3), toGraph(s12)(4));
});
