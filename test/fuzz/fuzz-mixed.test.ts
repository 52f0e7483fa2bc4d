// 500 fuzzed programs of the mixed domain (edge values, mixed int32/float32, truthiness tests, a
// plain-JS oracle; gen-edge.ts) through both executors; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';

fuzzSuite('mixed', 500, 3000);
