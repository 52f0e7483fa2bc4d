// 500 fuzzed (200 outside `npm run test:long`) int32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';
import { scaled } from '../helpers/long-run.js';

fuzzSuite('int32', scaled(500, 200), 1000);
