// Where a node came from: the user's source position a tracer recorded, and the user's construct a
// Cond/While was made from. Needs nothing. Produces `NodeSource`, `SourceSite`, `resolvedSource`.

/** Where a node came from in the user's code (filled by the tracer when it can tell). */
export interface NodeSource {
  readonly file?: string;
  readonly line: number;
  readonly column: number;
  readonly functionName?: string;
  /** False when the source was captured lazily and no user frame was found. */
  readonly known?: boolean;
  /** A code frame of the user's source around the position, where one was made. */
  readonly frame?: string;
}

/**
 * The user's construct a Cond/While was made from, as the converter read it: its header
 * (`while (a != 1)`, `if (x > 0)`, `unless break`) and, where the converter knew them (in-place
 * conversion), the file (relative to the project) and line. Pictures label clusters with it.
 */
export interface SourceSite {
  readonly code: string;
  readonly file?: string;
  readonly line?: number;
}

/** The source if one is known (lazily captured sources are resolved here), else undefined. */
export function resolvedSource(s: NodeSource | undefined): NodeSource | undefined {
  if (!s || s.known === false) return undefined;
  return { file: s.file, line: s.line, column: s.column, functionName: s.functionName, frame: s.frame };
}
