// 500 fuzzed (200 outside `npm run test:long`) programs of the mixed domain (edge values, mixed int32/float32, truthiness tests, a
// plain-JS oracle; gen-edge.ts) through both executors, and every 50th through onnxruntime too
// (where a difference is allowed only if the export warned of it); see fuzz-suite.ts.
import { fuzzSuite } from './fuzz-suite.js';
import { scaled } from '../helpers/long-run.js';

fuzzSuite('mixed', scaled(500, 200), 3000, 50);
