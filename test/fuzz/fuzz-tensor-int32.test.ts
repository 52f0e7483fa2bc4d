// 500 fuzzed tensor-int32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';

fuzzSuite('tensor-int32', 500, 3000);
