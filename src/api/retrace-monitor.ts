// The retracing warning: five traces within ten calls say which argument changed and how, and
// suggest an inputSignature (for shape changes) or tensors (for changing JS values).
// Needs signature, the catalogue. Produces `RetraceMonitor`.

import { agError } from '../errors/catalogue.js';
import { describeChanges, type Signature } from './signature.js';
import { warn as printWarning } from '../platform/log.js';

const WINDOW = 10;
const LIMIT = 5;

export class RetraceMonitor {
  private readonly recent: boolean[] = [];
  /** How many of `recent` traced. */
  private tracesInWindow = 0;
  private lastTrace: Signature | undefined;
  private callsSinceWarning = Infinity;
  /** Warnings printed so far (for tests and tools). */
  readonly warnings: string[] = [];

  constructor(
    private readonly name: string,
    private readonly warn: (message: string) => void = (m) => printWarning(m),
  ) {}

  /** Notes a call that hit the cache (the hot path: no allocation, nothing done once the window holds no trace). */
  hit(): void {
    if (
      this.tracesInWindow === 0 &&
      (this.recent.length === WINDOW || (this.recent.length === 0 && this.lastTrace === undefined))
    )
      return;
    this.note(undefined);
  }

  /** Notes one call; `traced` is the signature when the call traced. */
  note(traced: Signature | undefined): void {
    if (!traced && this.recent.length === WINDOW && this.tracesInWindow === 0) return; // nothing to forget
    this.recent.push(traced !== undefined);
    if (traced) this.tracesInWindow++;
    if (this.recent.length > WINDOW && this.recent.shift()) this.tracesInWindow--;
    this.callsSinceWarning++;
    if (!traced) return;
    const before = this.lastTrace;
    this.lastTrace = traced;
    const traces = this.tracesInWindow;
    if (!before || traces < LIMIT || this.callsSinceWarning < WINDOW) return;
    this.callsSinceWarning = 0;
    const changes = describeChanges(before, traced);
    const err = agError('api/retracing', {
      name: this.name,
      traces,
      calls: this.recent.length,
      changes: changes.length ? changes.join('; ') : 'nothing the cache key shows',
      suggestion: suggestion(before, traced, changes),
    });
    this.warnings.push(err.message);
    this.warn(err.message);
  }
}

function suggestion(before: Signature, after: Signature, changes: string[]): string {
  if (changes.length > 0 && changes.every((c) => / shape /.test(c)) && before.flat.signature === after.flat.signature) {
    const specs = after.leaves.map((leaf, i) => {
      const prev = before.leaves[i]!;
      if (leaf.kind !== 'tensor' || prev.kind !== 'tensor') return '…';
      const dims =
        leaf.shape.length === prev.shape.length
          ? leaf.shape.map((d, k) => (d === prev.shape[k] ? String(d) : 'null'))
          : null;
      return dims ? `ag.spec([${dims.join(', ')}], '${leaf.dtype}')` : '…';
    });
    return `declare the varying dimensions as unknown: jit(fn, { inputSignature: [${specs.join(', ')}] })`;
  }
  if (changes.some((c) => /JS value/.test(c))) {
    return 'JS numbers, booleans and strings are part of the cache key; pass values that change from call to call as tensors (e.g. tf.scalar(n, "int32")) so they become graph inputs';
  }
  return 'keep argument structure, dtypes and shapes stable between calls, or declare an inputSignature';
}
