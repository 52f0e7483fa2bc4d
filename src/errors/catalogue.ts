// The message catalogue: every user-facing message, by id. Areas keep their entries in
// ./messages/*.ts; this module joins them and builds errors from them.
// Needs the message tables. Produces `agError(id, params, location?)`, `CATALOGUE` and
// `setErrorLocator` (how errors built without a location find the user's code).

import { AutographError, type SourceLocation } from './ag-error.js';
import type { MessageTable } from './messages/message-def.js';
import { traceMessages } from './messages/trace.js';
import { apiMessages } from './messages/api.js';
import { convertMessages } from './messages/convert.js';
import { exportMessages } from './messages/export.js';
import { gradMessages } from './messages/grad.js';
import { hardeningMessages } from './messages/hardening.js';

export const CATALOGUE = {
  ...traceMessages,
  ...apiMessages,
  ...convertMessages,
  ...exportMessages,
  ...gradMessages,
  ...hardeningMessages,
} as const;

type Catalogue = typeof CATALOGUE;
export type MessageId = keyof Catalogue;
type ParamsOf<K extends MessageId> = Catalogue[K] extends { text: (p: infer P) => string } ? P : never;

interface Locator {
  /** The user's code now on the stack. */
  readonly find: () => SourceLocation | undefined;
  /** A location with its code frame added where it lacks one. */
  readonly complete: (at: SourceLocation) => SourceLocation;
}
let locator: Locator | undefined;

/**
 * Sets where errors built without a location point by default (the user's code now on the stack)
 * and how a location gets its code frame: registered by api/, which knows how to find them; this
 * module stays free of stack parsing and file reading.
 */
export function setErrorLocator(l: Locator): void {
  locator = l;
}

/** Builds the catalogued error `id` with its parameters, located at `location` or the user's code now. */
export function agError<K extends MessageId>(id: K, params: ParamsOf<K>, location?: SourceLocation): AutographError {
  location = location ? (location.frame || !locator ? location : locator.complete(location)) : locator?.find();
  const def = CATALOGUE[id] as unknown as {
    kind: AutographError['kind'];
    text: (p: unknown) => string;
    hint?: (p: unknown) => string;
  };
  return new AutographError(id, def.kind, def.text(params), def.hint?.(params), location);
}

// Compile-time check that every area's table has the shared shape.
const _tables: MessageTable[] = [
  traceMessages,
  apiMessages,
  convertMessages,
  exportMessages,
  gradMessages,
  hardeningMessages,
];
void _tables;
