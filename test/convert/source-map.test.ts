// The converted code's source map: printed without one, made on first read of `mappings` or `map`
// (by converting the same text again), it maps the generated statements back to the user's lines.
import { describe, expect, it } from 'vitest';
import { convertSource } from '../../src/convert/convert-source.js';

const SOURCE = `function f(a) {
  let n = 0;
  while (a > 1) {
    a = a - 1;
    n = n + 1;
  }
  return n;
}`;

/** The 1-based line of the generated code that contains `text`. */
const lineOf = (code: string, text: string): number => code.split('\n').findIndex((l) => l.includes(text)) + 1;

describe('source map of converted code', () => {
  it('maps the while loop call to the line of the while, and a body statement to its own line', () => {
    const conv = convertSource(SOURCE, 'f');
    const call = lineOf(conv.code, 'ag__.whileStmt(');
    const step = lineOf(conv.code, 'n = ag__.add(n, 1)');
    expect(call).toBeGreaterThan(0);
    expect(step).toBeGreaterThan(0);
    const originalLines = (line: number) =>
      new Set(conv.mappings.filter((m) => m.generated.line === line && m.original).map((m) => m.original!.line));
    expect(originalLines(call)).toContain(3);
    expect(originalLines(step)).toEqual(new Set([5]));
  });

  it('gives the same mappings on every read, and a map naming the function file', () => {
    const conv = convertSource(SOURCE, 'f');
    const first = conv.mappings;
    expect(conv.mappings).toBe(first);
    expect(first.length).toBeGreaterThan(0);
    expect(conv.map?.sources).toEqual(['f.js']);
    expect(conv.map?.mappings.length).toBeGreaterThan(0);
  });

  it('maps a conversion stopped after a pass (toCode until) to that conversion’s code', () => {
    const conv = convertSource(SOURCE, 'f', { until: 'control-flow' });
    const call = lineOf(conv.code, 'ag__.whileStmt(');
    expect(conv.code).not.toContain('ag__.add(');
    expect(
      new Set(conv.mappings.filter((m) => m.generated.line === call && m.original).map((m) => m.original!.line)),
    ).toContain(3);
  });
});
