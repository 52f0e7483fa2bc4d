// 300 fuzzed programs of the `finally` domain (30 outside `npm run test:long`, fixed seeds): break/continue/return through try/finally
// (gen-finally.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('finally', scaled(300, 30), 5700);
