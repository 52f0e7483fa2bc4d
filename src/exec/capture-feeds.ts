// What a top-level graph is fed with: the argument tensors, then each capture's current tensor (a
// captured tensor, or a variable read at call time), with a clear error for a disposed one,
// located at the user's line that used it.
// Needs the IR and the catalogue. Produces `captureTensor`, `feedsFor`.

import type * as tf from '@tensorflow/tfjs-core';
import { resolvedSource, type Capture, type Graph, type Value } from '../ir/graph.js';
import { AutographError, type SourceLocation } from '../errors/ag-error.js';
import { agError } from '../errors/catalogue.js';

/** The tensor a capture of a top-level graph is fed with now. */
export function captureTensor(source: Capture['source']): tf.Tensor {
  const live = liveCapture(source);
  if (live) return live;
  switch (source.kind) {
    case 'tensor':
      if (source.tensor.isDisposed)
        throw agError('exec/capture-disposed', { what: `a tensor of shape [${source.tensor.shape}]` });
      return source.tensor;
    case 'variable':
      if (source.variable.isDisposed)
        throw agError('exec/capture-disposed', { what: `variable '${source.variable.name}'` });
      return source.variable;
    case 'outer':
      throw new Error('internal: a top-level graph captured an outer value');
  }
}

/** The tensor or variable a capture feeds while it is live; undefined otherwise (captureTensor says why). */
function liveCapture(source: Capture['source']): tf.Tensor | undefined {
  const t = source.kind === 'tensor' ? source.tensor : source.kind === 'variable' ? source.variable : undefined;
  return t && !t.isDisposed ? t : undefined;
}

/** The user's line that first used `v` in `graph` (where a disposed capture was read). */
function firstUse(graph: Graph, v: Value): SourceLocation | undefined {
  for (const node of graph.nodes) if (node.inputs.includes(v)) return resolvedSource(node.options.source);
  return undefined;
}

/** The inputs of `graph` for argument tensors `args`: the args, then the captures. */
export function feedsFor(graph: Graph, args: readonly tf.Tensor[]): readonly tf.Tensor[] {
  const captures = graph.captures;
  if (captures.length === 0) return args;
  // Every capture live (each call's case): no error to locate.
  const feeds = args.slice();
  for (let i = 0; i < captures.length; i++) {
    const t = liveCapture(captures[i]!.source);
    if (t === undefined) return locatedFeeds(graph, args);
    feeds.push(t);
  }
  return feeds;
}

/** feedsFor where a capture cannot be fed: its error, located at the user's line that used it. */
function locatedFeeds(graph: Graph, args: readonly tf.Tensor[]): readonly tf.Tensor[] {
  const feeds = [...args];
  for (const c of graph.captures) {
    try {
      feeds.push(captureTensor(c.source));
    } catch (e) {
      if (!(e instanceof AutographError)) throw e;
      const at = firstUse(graph, c.param);
      throw at ? new AutographError(e.id, e.kind, e.summary, e.hint, at) : e;
    }
  }
  return feeds;
}
