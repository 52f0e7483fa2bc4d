// Catalogued errors thrown by the runtime, located at the user's statement: the innermost frame
// of converted code on the stack, mapped back to the function's source. Needs the catalogue and
// src/convert/generated-sources. Produces `locatedError`.

import { agError, type MessageId } from '../errors/catalogue.js';
import type { AutographError } from '../errors/ag-error.js';
import { locateCaller } from '../convert/generated-sources.js';

type Params<K extends MessageId> = Parameters<typeof agError<K>>[1];

export function locatedError<K extends MessageId>(id: K, params: Params<K>): AutographError {
  return agError(id, params, locateCaller());
}
