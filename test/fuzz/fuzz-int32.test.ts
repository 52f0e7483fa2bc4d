// 500 fuzzed int32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';

fuzzSuite('int32', 500, 1000);
