// 300 fuzzed programs of the `classes` domain (30 outside `npm run test:long`, fixed seeds): methods, accessors, statics, class-field arrows, super, object literals
// (gen-classes.ts), each against plain JS on numbers, eager tensors and jit on every executor, open
// classes left out (open-classes.ts); see lang-suite.ts.
import { langSuite } from './lang-suite.js';
import { scaled } from '../helpers/long-run.js';

langSuite('classes', scaled(300, 30), 5200);
