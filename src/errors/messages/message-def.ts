// Shape of a catalogue entry. Needs nothing. Produces `MessageDef`, `MessageTable`, `defineMessages`.

import type { ErrorKind } from '../ag-error.js';

export interface MessageDef<P> {
  readonly kind: ErrorKind;
  /** What happened, in the user's terms, naming the variable or op involved. */
  readonly text: (params: P) => string;
  /** How to fix it. */
  readonly hint?: (params: P) => string;
  /** A short example for docs/errors.md. */
  readonly example?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MessageTable = Readonly<Record<string, MessageDef<any>>>;

/** Identity helper that keeps each entry's parameter type. */
export function defineMessages<T extends Record<string, MessageDef<never>>>(table: T): T {
  return table;
}
