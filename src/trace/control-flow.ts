// The functional control flow and tracing predicates that converted code and users call.
// Needs cond, while-loop, context. Produces `cond`, `whileLoop`, `isTracing`, `isSymbolic`, `isTensor`.

export { cond, type CondOptions } from './cond.js';
export { whileLoop, type WhileOptions, type LoopResult } from './while-loop.js';
export { isTracing, isSymbolic, isTensor } from './context.js';
