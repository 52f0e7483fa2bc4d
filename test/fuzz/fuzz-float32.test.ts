// 500 fuzzed float32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';

fuzzSuite('float32', 500, 2000);
