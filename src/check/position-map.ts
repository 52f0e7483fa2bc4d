// Positions between a source file and its virtual text (the same text with some operator expressions
// rewritten as calls): runs of text copied verbatim map one to one; text the rewrite inserted maps to
// the whole expression it came from. Needs nothing. Produces `PositionMap`, `Span`.

export interface Span {
  readonly start: number;
  readonly end: number;
}

interface Segment {
  /** Where the run starts in the virtual text. */
  readonly v: number;
  readonly length: number;
  /** Verbatim: where the run starts in the original. Inserted: the original expression it stands for. */
  readonly o: number;
  readonly origin?: Span;
}

export class PositionMap {
  private readonly segments: Segment[] = [];
  /** The verbatim runs alone, in order of both positions (the rewrite never moves text). */
  private readonly runs: Segment[] = [];

  /** Appends a run copied from the original at `o` (merged with the previous run when contiguous). */
  verbatim(v: number, o: number, length: number): void {
    if (length <= 0) return;
    const last = this.segments[this.segments.length - 1];
    if (last && !last.origin && last.v + last.length === v && last.o + last.length === o) {
      const merged = { v: last.v, o: last.o, length: last.length + length };
      this.segments[this.segments.length - 1] = merged;
      this.runs[this.runs.length - 1] = merged;
      return;
    }
    const run = { v, o, length };
    this.segments.push(run);
    this.runs.push(run);
  }

  /** Appends inserted text that stands for the original expression `origin`. */
  inserted(v: number, length: number, origin: Span): void {
    if (length <= 0) return;
    this.segments.push({ v, o: origin.start, length, origin });
  }

  /** The segment holding virtual position `v` (the last one starting at or before it). */
  private at(v: number): Segment | undefined {
    let lo = 0;
    let hi = this.segments.length - 1;
    let found: Segment | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.segments[mid]!;
      if (s.v <= v) {
        found = s;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /**
   * The original span for the virtual span `[start, end)`: verbatim ends map one to one, an end in
   * inserted text widens to the expression the text stands for.
   */
  toOriginal(start: number, end: number): Span {
    const a = this.at(start);
    const b = this.at(Math.max(start, end - 1));
    const s = !a ? start : a.origin ? a.origin.start : a.o + Math.min(start - a.v, a.length);
    let e: number;
    if (end <= start) e = s;
    else if (!b) e = end;
    else if (b.origin) e = b.origin.end;
    else e = b.o + Math.min(end - b.v, b.length);
    return { start: s, end: Math.max(s, e) };
  }

  /** The original position of a virtual one (inserted text: the start of its expression). */
  positionToOriginal(v: number): number {
    const a = this.at(v);
    if (!a) return v;
    return a.origin ? a.origin.start : a.o + Math.min(v - a.v, a.length);
  }

  /** The expression whose inserted text holds all of `[start, end)` (undefined if any of it is verbatim). */
  insertedOrigin(start: number, end: number): Span | undefined {
    const a = this.at(start);
    return a && a.origin && Math.max(start, end) <= a.v + a.length ? a.origin : undefined;
  }

  /**
   * The virtual position of an original one inside a verbatim run (undefined where the rewrite
   * replaced it). Where one run ends and the next starts at `o`, 'start' picks the run starting
   * there (a node's first token), 'end' the run ending there (a node's end).
   */
  toVirtual(o: number, bias: 'start' | 'end' = 'start'): number | undefined {
    let lo = 0;
    let hi = this.runs.length - 1;
    let found: Segment | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.runs[mid]!;
      if (bias === 'start' ? s.o <= o : s.o < o) {
        found = s;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (!found || o > found.o + found.length) return undefined;
    return found.v + (o - found.o);
  }
}
