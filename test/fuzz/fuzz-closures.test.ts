// 300 fuzzed programs of the `closures` domain (100 outside `npm run test:long`, fixed seeds): closures writing outer variables, called in staged if/loops
// (gen-closures.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('closures', scaled(300, 100), 5100);
