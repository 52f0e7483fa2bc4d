// Fills trace's `graphEvaluation` hook: a variable initializer made while tracing is computed by
// running its part of the graph with the interpreter (captures fed from their sources).
// Imported by api/jit.ts. Needs the interpreter, capture-feeds. Produces nothing.

import { graphEvaluation } from '../trace/variable-creation.js';
import { Interpreter } from './interpreter.js';
import { feedsFor } from './capture-feeds.js';

graphEvaluation.run = (init) => {
  const feeds = feedsFor(init, []);
  const interpreter = new Interpreter();
  try {
    return interpreter.run(init, [...feeds])[0]!;
  } finally {
    interpreter.dispose();
  }
};
