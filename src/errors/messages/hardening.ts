// Catalogue entries of jit's resource limits and call checks: missing arguments, recursion of
// jit functions while tracing. Needs message-def. Produces `hardeningMessages`.

import { defineMessages } from './message-def.js';

export const hardeningMessages = defineMessages({
  'api/missing-argument': {
    kind: 'usage',
    text: (p: { name: string; expected: number; got: number }) =>
      `${p.name} takes ${p.expected} argument(s) but was called with ${p.got}`,
    hint: () => 'pass every parameter that has no default value (pass undefined explicitly where that is meant)',
    example: 'ag.jit((x, y) => x.add(y))(tf.ones([2]))',
  },
  'api/recursion-depth': {
    kind: 'staging',
    text: (p: { name: string; depth: number }) =>
      `${p.name} calls itself (directly or through other jit functions) ${p.depth} levels deep while being traced; staged recursion is not supported`,
    hint: () =>
      'a jit function called inside a trace is inlined, so recursion must end at trace time (on JS values, not tensors); write the recursion as a loop',
    example: 'const f = ag.jit((x) => f(x.add(1))); f(tf.ones([2]))',
  },
  'api/bad-max-traces': {
    kind: 'usage',
    text: (p: { value: string }) => `maxTraces must be a positive integer or Infinity, got ${p.value}`,
    example: 'ag.jit(f, { maxTraces: 0 })',
  },
});
