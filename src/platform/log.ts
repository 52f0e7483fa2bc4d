// What autograph-ts prints, and how much: TF's `autograph.set_verbosity`. Level 0 (the default)
// prints only warnings about the user's own code that the user must act on; 1 adds which functions
// were converted or left as written and why; 2 adds each trace, its signature and its time; 3 adds
// the generated code and the IR after every optimizer pass. All of it goes to stderr. Set by
// `setVerbosity(level)` or AUTOGRAPH_VERBOSITY (AG_DEBUG=1 means 3). Warnings are silenced, all or
// by catalogue id, by `silenceWarnings` or AUTOGRAPH_SILENCE_WARNINGS. Needs nothing. Produces
// `setVerbosity`, `verbosity`, `warn`, `log`, `envFlag`, `setSilencedWarnings`, `warningSilenced`.

/** 0: warnings the user must act on (default); 1: conversion decisions; 2: traces; 3: generated code and IR. */
export type Verbosity = 0 | 1 | 2 | 3;

let level: Verbosity | undefined;

/** An environment variable, or undefined outside Node (browsers have no `process`). */
export function envFlag(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name];
}

function fromEnv(): Verbosity {
  const raw = envFlag('AUTOGRAPH_VERBOSITY');
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  if (Number.isInteger(n)) return Math.max(0, Math.min(3, n)) as Verbosity;
  return envFlag('AG_DEBUG') === '1' ? 3 : 0;
}

/** Sets how much autograph-ts reports (TF's `autograph.set_verbosity`); overrides AUTOGRAPH_VERBOSITY. */
export function setVerbosity(to: number): void {
  if (!Number.isInteger(to) || to < 0 || to > 3)
    throw new RangeError(`setVerbosity expects 0, 1, 2 or 3, got ${String(to)}`);
  level = to as Verbosity;
}

/** The verbosity now in force: setVerbosity's, else the environment's as it is now. */
export function verbosity(): Verbosity {
  return level ?? fromEnv();
}

/** Warnings silenced by the API: all, or these ids; undefined: as AUTOGRAPH_SILENCE_WARNINGS says. */
let silenced: 'all' | ReadonlySet<string> | undefined;

/** Silences every warning ('all') or those with these ids (an empty list: none); overrides the environment. */
export function setSilencedWarnings(which: 'all' | readonly string[]): void {
  silenced = which === 'all' ? 'all' : new Set(which);
}

/** AUTOGRAPH_SILENCE_WARNINGS: `all` (or 1, true), or ids separated by commas. */
function silencedByEnv(): 'all' | ReadonlySet<string> {
  const raw = (envFlag('AUTOGRAPH_SILENCE_WARNINGS') ?? '').trim();
  if (/^(all|1|true)$/i.test(raw)) return 'all';
  return new Set(raw.split(/[\s,]+/).filter(Boolean));
}

/** Whether the warning `id` (undefined: a warning without one) is silenced now. */
export function warningSilenced(id: string | undefined): boolean {
  const which = silenced ?? silencedByEnv();
  return which === 'all' || (id !== undefined && which.has(id));
}

/** The catalogue id a warning's text carries (`… [api/retracing]`), if any. */
export function warningId(message: string): string | undefined {
  return /\[([a-z]+\/[a-z0-9-]+)\]/.exec(message)?.[1];
}

/** A warning about the user's code that they must act on (printed at every level unless silenced). */
export function warn(message: string, id: string | undefined = warningId(message)): void {
  if (!warningSilenced(id)) console.warn(message);
}

/**
 * A report printed from `atLevel` up (to stderr, so that it never mixes with a program's output);
 * a message function is called only at that level, and may return '' to print nothing.
 */
export function log(atLevel: 1 | 2 | 3, message: string | (() => string)): void {
  if (verbosity() < atLevel) return;
  const text = typeof message === 'function' ? message() : message;
  if (text !== '') console.error(text);
}
