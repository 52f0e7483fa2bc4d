// `ag__.listPush(z, ...xs)`: what `z.push(...xs)` becomes in converted code; appends and returns
// the list (a JS array, or the TensorList the trace layer made of it inside staged code).
// Needs converted-call (a user object with a push method). Produces `listPush`.

import { callMethod } from './converted-call.js';

export function listPush(list: unknown, ...xs: unknown[]): unknown {
  if (Array.isArray(list)) {
    list.push(...xs);
    return list;
  }
  callMethod(list, 'push', xs);
  return list;
}
