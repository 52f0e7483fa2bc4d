// The trace cache of one jit function: its ConcreteFunctions by signature key, least recently used
// first, bounded by `maxTraces` (a trace obtained through getConcreteFunction is pinned, never
// dropped); the call-key index of the hot path into it; the trace count; and the retracing warnings
// (RetraceMonitor) of the calls that look traces up. Tracing itself is the `trace` it is given.
// Needs signature, call-key, retrace-monitor, concrete-function. Produces `TraceCache`,
// `DEFAULT_MAX_TRACES`.

import { agError } from '../errors/catalogue.js';
import type { ConcreteFunction } from './concrete-function.js';
import type { KeyedTrace } from './call-key.js';
import { RetraceMonitor } from './retrace-monitor.js';
import type { Signature } from './signature.js';

/** Traces a jit function keeps unless `maxTraces` says otherwise. */
export const DEFAULT_MAX_TRACES = 64;

export interface TraceCacheOptions {
  /** The jit function's name (in warnings). */
  readonly name: string;
  /** Most traces kept (a positive integer or Infinity; else `api/bad-max-traces`). */
  readonly maxTraces: number;
  /** Receives the retracing warnings (default: printed). */
  readonly onWarning?: (message: string) => void;
  /** Traces the function for `sig`; `traceCount` is how many traces were made before. */
  readonly trace: (sig: Signature, traceCount: number) => ConcreteFunction;
}

/** What a look-up found: the trace, and whether it was made for this look-up. */
export interface Found {
  readonly cf: ConcreteFunction;
  readonly traced: boolean;
}

export class TraceCache {
  /** Iterates least recently used first (a Map keeps insertion order; a use re-inserts). */
  private readonly traces = new Map<string, ConcreteFunction>();
  private readonly pinned = new WeakSet<ConcreteFunction>();
  /** Hot path: traces by call key (calls whose arguments are all tensors or JS primitives). */
  private readonly byCallKey = new Map<string, KeyedTrace>();
  private newest: ConcreteFunction | undefined;
  private count = 0;
  private readonly monitor: RetraceMonitor;
  private readonly maxTraces: number;
  private readonly trace: TraceCacheOptions['trace'];
  /** Told of each trace dropped past `maxTraces` (so a caller's own references to it go too). */
  onDrop: ((cf: ConcreteFunction) => void) | undefined;

  constructor(opts: TraceCacheOptions) {
    const max = opts.maxTraces;
    if (!(max === Infinity || (Number.isInteger(max) && max > 0)))
      throw agError('api/bad-max-traces', { value: String(max) });
    this.maxTraces = max;
    this.trace = opts.trace;
    this.monitor = new RetraceMonitor(opts.name, opts.onWarning);
  }

  /** How many times the function has been traced. */
  get traceCount(): number {
    return this.count;
  }

  /** The retracing warnings printed so far. */
  get warnings(): readonly string[] {
    return this.monitor.warnings;
  }

  /** All cached traces, least recently used first. */
  all(): ConcreteFunction[] {
    return [...this.traces.values()];
  }

  /** The trace for `sig`, tracing it if it is not cached (a use: it becomes the most recent). */
  lookup(sig: Signature): Found {
    const known = this.traces.get(sig.key);
    if (known) {
      this.touch(known);
      return { cf: known, traced: false };
    }
    const cf = this.trace(sig, this.count);
    this.traces.set(sig.key, cf);
    this.newest = cf;
    this.count++;
    if (this.traces.size > this.maxTraces) this.evict();
    return { cf, traced: true };
  }

  /** `lookup` for a call: noted by the retracing monitor. */
  forCall(sig: Signature): Found {
    const found = this.lookup(sig);
    this.monitor.note(found.traced ? sig : undefined);
    return found;
  }

  /** `lookup` for getConcreteFunction: the caller holds the trace, so it is never dropped. */
  pin(sig: Signature): ConcreteFunction {
    const { cf } = this.lookup(sig);
    this.pinned.add(cf);
    return cf;
  }

  /** The trace a call key maps to, if any. */
  byKey(key: string): KeyedTrace | undefined {
    return this.byCallKey.get(key);
  }

  /** Maps a call key to a trace (found by `forCall` for that call). */
  setKey(key: string, entry: KeyedTrace): void {
    this.byCallKey.set(key, entry);
  }

  /** Notes a call that found `cf` by call key (the hot path). */
  hit(cf: ConcreteFunction): void {
    this.monitor.hit();
    if (cf !== this.newest) this.touch(cf);
  }

  private touch(cf: ConcreteFunction): void {
    if (cf === this.newest || this.traces.get(cf.signature.key) !== cf) return;
    this.traces.delete(cf.signature.key);
    this.traces.set(cf.signature.key, cf);
    this.newest = cf;
  }

  /** Drops least recently used traces (not pinned, not the newest) down to `maxTraces`. */
  private evict(): void {
    for (const [k, cf] of this.traces) {
      if (this.traces.size <= this.maxTraces) return;
      if (this.pinned.has(cf) || cf === this.newest) continue;
      this.traces.delete(k);
      for (const [tk, v] of this.byCallKey) if (v.cf === cf) this.byCallKey.delete(tk);
      this.onDrop?.(cf);
      cf.dispose(); // its constants; captured tensors belong to the user
    }
  }
}
