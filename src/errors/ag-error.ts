// The one error class every user-facing failure uses.
// Needs nothing. Produces `AutographError` (id, kind, message, hint, optional source location).

export type ErrorKind = 'conversion' | 'staging' | 'runtime' | 'usage';

export interface SourceLocation {
  readonly file?: string;
  readonly line: number;
  readonly column: number;
  /** Name of the user function the location is in. */
  readonly functionName?: string;
  /** A code frame of the user's source around the location. */
  readonly frame?: string;
}

/** Node's `util.inspect.custom` (a registered symbol: no import of node:util). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

export class AutographError extends Error {
  override name = 'AutographError';
  declare readonly id: string;
  declare readonly kind: ErrorKind;
  declare readonly summary: string;
  declare readonly hint: string | undefined;
  declare readonly location: SourceLocation | undefined;

  constructor(
    id: string,
    kind: ErrorKind,
    summary: string,
    hint: string | undefined,
    location: SourceLocation | undefined,
  ) {
    super(formatMessage(id, summary, hint, location));
    // Not enumerable: Node prints an uncaught error as its stack plus its enumerable properties, and
    // the message already says all of them (the location with its code frame, and the hint).
    for (const [key, value] of Object.entries({ id, kind, summary, hint, location })) {
      Object.defineProperty(this, key, { value, enumerable: false, writable: false, configurable: true });
    }
  }

  /** How console.log and util.inspect show it: the stack alone (one block), as Node shows any error. */
  [INSPECT](): string {
    return this.stack ?? `${this.name}: ${this.message}`;
  }
}

export function formatMessage(
  id: string,
  summary: string,
  hint: string | undefined,
  location: SourceLocation | undefined,
): string {
  let text = `${summary} [${id}]`;
  if (location) {
    const where = `${location.file ?? '<anonymous>'}:${location.line}:${location.column}`;
    text += `\n  at ${where}${location.functionName ? ` in ${location.functionName}` : ''}`;
    if (location.frame) text += `\n${location.frame}`;
  }
  if (hint) text += `\n  hint: ${hint}`;
  return text;
}
