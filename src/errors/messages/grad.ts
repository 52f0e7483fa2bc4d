// Catalogue entries of gradients through staged control flow and tensor lists (src/grad).
// Needs message-def. Produces `gradMessages`.

import { defineMessages } from './message-def.js';

export const gradMessages = defineMessages({
  'grad/list-get': {
    kind: 'staging',
    text: () => 'cannot differentiate through list.get(i) of a staged list yet',
    hint: () => 'carry the element in a loop variable, or stack the list and index the stacked tensor (tf.gather)',
    example: 'tf.grad(x => { ...; return outs.get(0).sum(); })',
  },
  'grad/list-set-item': {
    kind: 'staging',
    text: () => 'cannot differentiate through z[i] = x on a staged list yet',
    hint: () =>
      'build the values with push, or stack the list and update the stacked tensor (tf.where with a one-hot mask)',
    example: 'tf.grad(x => { ...; z[i] = x.mul(2); return ag.stack(z).sum(); })',
  },
  'grad/list-element-shape': {
    kind: 'staging',
    text: () => 'the gradient through a tensor list needs the shape of its elements, which is unknown here',
    hint: () => 'declare it: setElementType(list, dtype, shape)',
    example: 'tf.grad of a loop carrying a list whose elements were never pushed at trace time',
  },
  'grad/random-redrawn': {
    kind: 'staging',
    text: (p: { op: string; where: string }) =>
      `cannot differentiate through ${p.op} ${p.where}: the gradient would draw its values again instead of using ` +
      `those of the forward pass`,
    hint: () =>
      'differentiate inside the jit function (tf.grad or optimizer.minimize in it): draws at the top level, in a staged ' +
      'if, or in a staged loop body are supported there; or draw outside and pass the tensor in',
    example: 'tf.grad(ag.jit(x => { while (tf.any(x.less(9))) x = tf.dropout(x, 0.5).add(1); return x.sum() }))',
  },
});
