// Loads the gradient modules for their effect: each fills a hook of trace/ (a Cond's and a While's
// tape entry, list ops' tape entries), so tracing records gradients without importing them.
// Imported by api/jit.ts, which every traced function goes through. Needs grad/. Produces nothing.

import './cond-grad.js';
import './while-grad.js';
import './list-grad.js';
