// 500 fuzzed tensor-float32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';

fuzzSuite('tensor-float32', 500, 4000);
