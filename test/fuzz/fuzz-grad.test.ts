// 100 fuzzed programs of the `grad` domain (15 outside `npm run test:long`; fixed seeds): gradients
// of converted functions with staged if/loops, tf.grads inside jit and of jit on both executors,
// against eager tfjs and float64 central differences (run-grad.ts's GRAD_TOL). See grad-suite.ts.
import { gradSuite } from './grad-suite.js';
import { scaled } from '../helpers/long-run.js';

gradSuite(scaled(100, 15), 5800);
