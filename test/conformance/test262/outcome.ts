// How a test262 run ended, and how a converted run compares with the plain one. An error's origin
// (the first frame with a file: autograph-ts's src/, generated code, the test) is recorded by a
// stack hook while runs go on. Needs the error class. Produces `Outcome`, `outcomeOf`, `classify`.

import { fileURLToPath } from 'node:url';
import { AutographError } from '../../../src/errors/ag-error.js';

export type Outcome =
  | { readonly kind: 'normal' }
  | { readonly kind: 'timeout' }
  /** `error`: the constructor's name (or typeof for a thrown primitive); `message` for Test262Error and primitives. */
  | {
      readonly kind: 'throw';
      readonly error: string;
      readonly message?: string;
      readonly internal: boolean;
      readonly autograph?: { id: string; kind: string };
      /** The first line of another error's message: shown, never compared. */
      readonly note?: string;
    };

/**
 * `engine`: the plain run fails the test (V8 deviates from the specification there) and the
 * converted run ends as test262 expects — not a converter defect, counted on its own.
 */
export type Verdict = 'same' | 'refused' | 'silent' | 'crash' | 'engine';
export interface Classified {
  readonly verdict: Verdict;
  /** The refusal's id, or what differed. */
  readonly detail: string;
}

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));
/** First file-carrying frame of each error whose stack was formatted while the hook was on. */
const origins = new WeakMap<object, string>();

const formatDefault = (err: Error, frames: NodeJS.CallSite[]): string => {
  let head: string;
  try {
    head = Error.prototype.toString.call(err);
  } catch {
    head = '<error>';
  }
  return [head, ...frames.map((f) => `    at ${String(f)}`)].join('\n');
};

/** Runs `f` with the stack hook on: errors formatted meanwhile remember where they were thrown. */
export function withOrigins<T>(f: () => T): T {
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (err: Error, frames: NodeJS.CallSite[]): unknown => {
    const file = frames.map((c) => c.getFileName()).find((n): n is string => !!n);
    if (file !== undefined && typeof err === 'object' && err !== null) origins.set(err, file);
    return previous ? previous(err, frames) : formatDefault(err, frames);
  };
  try {
    return f();
  } finally {
    Error.prepareStackTrace = previous;
  }
}

/** Whether `e` was thrown by a frame of autograph-ts's own src/ (reads its stack, so call inside withOrigins). */
function thrownInside(e: object): boolean {
  try {
    void (e as { stack?: unknown }).stack;
  } catch {
    return false;
  }
  const file = origins.get(e);
  const path = file?.startsWith('file://') ? fileURLToPath(file) : file;
  return path !== undefined && path.startsWith(SRC);
}

function constructorName(e: object): string {
  try {
    const c = (e as { constructor?: { name?: unknown } }).constructor;
    return typeof c?.name === 'string' ? c.name : 'Object';
  } catch {
    return 'Object';
  }
}

function firstLine(e: object): string | undefined {
  try {
    const m = (e as { message?: unknown }).message;
    return typeof m === 'string' ? m.split('\n')[0]!.slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of a run that threw `e` (`generated`: a SyntaxError here comes from generated code). */
export function outcomeOf(e: unknown, generated = false): Outcome {
  if (typeof e !== 'object' || e === null) {
    return { kind: 'throw', error: typeof e, message: String(e as string), internal: false };
  }
  if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { kind: 'timeout' };
  const error = constructorName(e);
  const message = error === 'Test262Error' ? String((e as { message?: unknown }).message) : undefined;
  const autograph = e instanceof AutographError ? { id: e.id, kind: e.kind } : undefined;
  const internal = thrownInside(e) || (generated && error === 'SyntaxError');
  const note = message === undefined && !autograph ? firstLine(e) : undefined;
  return {
    kind: 'throw',
    error,
    ...(message === undefined ? {} : { message }),
    internal,
    ...(autograph ? { autograph } : {}),
    ...(note ? { note } : {}),
  };
}

export function describeOutcome(o: Outcome): string {
  if (o.kind !== 'throw') return o.kind;
  const text = o.message ?? (o.note === undefined ? undefined : `(${o.note})`);
  const msg = text === undefined ? '' : `: ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`;
  return `${o.autograph ? `AutographError ${o.autograph.id}` : o.error}${msg}${o.internal && !o.autograph ? ' (inside autograph-ts)' : ''}`;
}

function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'throw' || b.kind !== 'throw') return true;
  return a.error === b.error && a.message === b.message;
}

/** A converted run's outcome against the plain run's (`oraclePasses`: the plain run ends as the test expects). */
export function classify(oracle: Outcome, converted: Outcome, oraclePasses = true): Classified {
  if (sameOutcome(oracle, converted)) return { verdict: 'same', detail: '' };
  const detail = `plain: ${describeOutcome(oracle)}; converted: ${describeOutcome(converted)}`;
  if (!oraclePasses && converted.kind === 'normal') return { verdict: 'engine', detail };
  if (converted.kind !== 'throw') return { verdict: 'silent', detail };
  if (converted.autograph?.kind === 'conversion') return { verdict: 'refused', detail: converted.autograph.id };
  if (converted.autograph || converted.internal) return { verdict: 'crash', detail };
  return { verdict: 'silent', detail };
}
