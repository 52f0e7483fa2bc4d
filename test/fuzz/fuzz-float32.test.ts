// 500 fuzzed (200 outside `npm run test:long`) float32 programs (fixed seeds) through every executor; see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';
import { scaled } from '../helpers/long-run.js';

fuzzSuite('float32', scaled(500, 200), 2000);
