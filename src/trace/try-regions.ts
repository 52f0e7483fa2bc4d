// Staged code inside try blocks. A catch clause runs at trace time only: it cannot catch what the
// graph does at run time, nor tell which branch of a staged if would have thrown. So (1) errors
// that leave the tracing of a staged branch or loop body are marked, and a catch in converted
// code rethrows them rather than swallow them; (2) converted code reports when it runs inside a
// try block that has a catch, and a staged assert there (whose failure only the graph sees) is
// refused. Needs the context. Produces the region and mark functions.

import type { Graph } from '../ir/graph.js';
import { rootGraph } from './context.js';

/** For each try block with a catch being run: the trace it runs in (undefined when not tracing). */
const regions: (Graph | undefined)[] = [];

/** First statement of a try block that has a catch, in converted code. */
export function enterCatchRegion(): void {
  regions.push(rootGraph());
}

/** Last statement of such a try block, and first of its catch clause. */
export function exitCatchRegion(): void {
  regions.pop();
}

/** True while the trace now being made runs inside a try block that has a catch. */
export function inCatchRegion(): boolean {
  const g = rootGraph();
  return g !== undefined && regions.includes(g);
}

const staged = new WeakSet<object>();

/** Marks an error thrown while a staged branch, loop body or loop condition was traced. */
export function markStagedError(e: unknown): void {
  if (e !== null && (typeof e === 'object' || typeof e === 'function')) staged.add(e);
}

/** True for an error thrown while a staged branch or loop body was traced. */
export function isStagedError(e: unknown): boolean {
  return e !== null && (typeof e === 'object' || typeof e === 'function') && staged.has(e);
}
