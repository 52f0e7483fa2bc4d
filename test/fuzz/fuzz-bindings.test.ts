// 300 fuzzed programs of the `bindings` domain (60 outside `npm run test:long`, fixed seeds): per-iteration bindings of closures made in loops
// (gen-bindings.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('bindings', scaled(300, 60), 5300);
