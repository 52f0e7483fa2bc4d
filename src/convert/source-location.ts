// Source locations of converted functions for error messages: line/column in the function's
// source text, the function's name and a code frame. Needs @babel/code-frame (via util/babel).
// Produces `locationOf`, `nodeLocation`.

import type * as t from '@babel/types';
import type { SourceLocation } from '../errors/ag-error.js';
import { codeFrame } from './util/babel.js';

/** Location at 1-based `line`, 0-based `column` of `source`; columns are reported 1-based. */
export function locationOf(
  source: string,
  functionName: string,
  pos: { line: number; column: number },
  file?: string,
): SourceLocation {
  return {
    file,
    line: pos.line,
    column: pos.column + 1,
    functionName,
    frame: codeFrame(source, pos.line, pos.column),
  };
}

/** Location of `node` (which must carry `loc` from the parser) or undefined. */
export function nodeLocation(
  source: string,
  functionName: string,
  node: t.Node | null | undefined,
  file?: string,
): SourceLocation | undefined {
  const loc = node?.loc?.start;
  if (!loc) return undefined;
  return locationOf(source, functionName, loc, file);
}
