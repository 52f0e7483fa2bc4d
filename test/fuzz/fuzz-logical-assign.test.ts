// 300 fuzzed programs of the `logical-assign` domain (150 outside `npm run test:long`, fixed seeds): `||=`, `&&=`, `??=` on tensors, numbers and members
// (gen-logical-assign.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('logical-assign', scaled(300, 150), 5500);
