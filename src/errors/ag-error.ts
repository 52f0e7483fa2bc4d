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

export class AutographError extends Error {
  override name = 'AutographError';
  constructor(
    readonly id: string,
    readonly kind: ErrorKind,
    readonly summary: string,
    readonly hint: string | undefined,
    readonly location: SourceLocation | undefined,
  ) {
    super(formatMessage(id, summary, hint, location));
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
