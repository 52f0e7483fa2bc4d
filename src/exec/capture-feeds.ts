// What a top-level graph is fed with: the argument tensors, then each capture's current tensor (a
// captured tensor, or a variable read at call time), with a clear error for a disposed one.
// Needs the IR and the catalogue. Produces `captureTensor`, `feedsFor`.

import type * as tf from '@tensorflow/tfjs';
import type { Capture, Graph } from '../ir/graph.js';
import { agError } from '../errors/catalogue.js';

/** The tensor a capture of a top-level graph is fed with now. */
export function captureTensor(source: Capture['source']): tf.Tensor {
  switch (source.kind) {
    case 'tensor':
      if (source.tensor.isDisposed) throw agError('exec/capture-disposed', { what: `a tensor of shape [${source.tensor.shape}]` });
      return source.tensor;
    case 'variable':
      if (source.variable.isDisposed) throw agError('exec/capture-disposed', { what: `variable '${source.variable.name}'` });
      return source.variable;
    case 'outer':
      throw new Error('internal: a top-level graph captured an outer value');
  }
}

/** The inputs of `graph` for argument tensors `args`: the args, then the captures. */
export function feedsFor(graph: Graph, args: readonly tf.Tensor[]): readonly tf.Tensor[] {
  const captures = graph.captures;
  return captures.length === 0 ? args : [...args, ...captures.map((c) => captureTensor(c.source))];
}
