// Catalogue entries of gradients through staged control flow and tensor lists (src/trace/grad).
// Needs message-def. Produces `gradMessages`.

import { defineMessages } from './message-def.js';

export const gradMessages = defineMessages({
  'grad/list-get': {
    kind: 'staging',
    text: () => 'cannot differentiate through list.get(i) of a staged list yet',
    hint: () => "carry the element in a loop variable, or stack the list and index the stacked tensor (tf.gather)",
    example: 'tf.grad(x => { ...; return outs.get(0).sum(); })',
  },
  'grad/list-element-shape': {
    kind: 'staging',
    text: () => 'the gradient through a tensor list needs the shape of its elements, which is unknown here',
    hint: () => 'declare it: setElementType(list, dtype, shape)',
  },
  'grad/list-loop-var-shrinks': {
    kind: 'staging',
    text: (p: { name: string }) => `cannot differentiate the loop: its body pops from or reads list loop variable ${p.name}; differentiated loops may only append to their lists`,
    hint: () => 'push to the list inside the loop and read it after the loop (stack)',
  },
  'grad/variable-in-loop': {
    kind: 'staging',
    text: (p: { name: string }) => `cannot differentiate a loop that writes variable ${p.name} inside the function being differentiated`,
    hint: () => 'assign variables outside the function passed to tf.grad/minimize (the optimizer does it after the gradient)',
  },
});
