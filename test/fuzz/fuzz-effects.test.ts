// 300 fuzzed programs of the `effects` domain (30 outside `npm run test:long`, fixed seeds): effects in loop tests, updates, if tests, indexes and operators
// (gen-effects.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('effects', scaled(300, 30), 5400);
