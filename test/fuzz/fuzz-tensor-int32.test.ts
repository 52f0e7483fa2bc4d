// 500 fuzzed (200 outside `npm run test:long`) tensor-int32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';
import { scaled } from '../helpers/long-run.js';

fuzzSuite('tensor-int32', scaled(500, 200), 3000);
