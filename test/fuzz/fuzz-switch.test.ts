// 300 fuzzed programs of the `switch` domain (40 outside `npm run test:long`, fixed seeds): switch layouts, fall-through, jumps out of cases
// (gen-switch.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('switch', scaled(300, 40), 5600);
