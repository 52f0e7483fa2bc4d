// What autograph-ts prints, and how much: TF's `autograph.set_verbosity`. Level 0 (the default)
// prints only warnings about the user's own code that the user must act on; 1 adds which functions
// were converted or left alone and why; 2 adds each trace and how it was compiled; 3 adds the
// generated code and the IR after every optimizer pass. Set by `setVerbosity(level)` or the
// environment variable AUTOGRAPH_VERBOSITY (AG_DEBUG=1 means 3). Needs nothing. Produces
// `setVerbosity`, `verbosity`, `warn`, `log`, `envFlag`.

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
  if (!Number.isInteger(to) || to < 0 || to > 3) throw new RangeError(`setVerbosity expects 0, 1, 2 or 3, got ${String(to)}`);
  level = to as Verbosity;
}

/** The verbosity now in force: setVerbosity's, else the environment's as it is now. */
export function verbosity(): Verbosity {
  return level ?? fromEnv();
}

/** A warning about the user's code that they must act on (printed at every level). */
export function warn(message: string): void {
  console.warn(message);
}

/** A report printed from `atLevel` up (to stderr, so that it never mixes with a program's output). */
export function log(atLevel: 1 | 2 | 3, message: string | (() => string)): void {
  if (verbosity() >= atLevel) console.error(typeof message === 'function' ? message() : message);
}
