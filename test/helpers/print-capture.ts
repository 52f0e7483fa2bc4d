// Captures the lines staged and eager print writes, per test: registers beforeEach/afterEach hooks
// that install a print sink and restore the previous one. Produces `capturePrintedLines()`.
import { afterEach, beforeEach } from 'vitest';
import * as ag from '../../src/index.js';

/** The lines printed during the current test (cleared before each test). */
export function capturePrintedLines(): string[] {
  const lines: string[] = [];
  let restore: ((line: string) => void) | undefined;
  beforeEach(() => {
    lines.length = 0;
    restore = ag.setPrintSink((l) => lines.push(l));
  });
  afterEach(() => {
    if (restore) ag.setPrintSink(restore);
  });
  return lines;
}
