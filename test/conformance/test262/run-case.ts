// Runs one test262 test three ways, all from one wrapping (`function test262() { 'use autograph';
// "use strict"; <body> }`, called with the global object as `this`): plain (the oracle), converted
// in place (the module text through the plugin's transformSource, then evaluated with the plugin
// runtime as its import) and converted at run time (toGraph with the harness as scope). Each run has
// a time limit (vm's). Needs the plugin, toGraph, harness, outcome. Produces `runCase`.

import vm from 'node:vm';
import { transformSource } from '../../../src/plugin/transform-source.js';
import * as runtime from '../../../src/plugin/runtime.js';
import { toGraph } from '../../../src/api/to-graph.js';
import { HARNESS } from './harness.js';
import { classify, outcomeOf, type Classified, type Outcome } from './outcome.js';
import type { RealmGuard } from './realm-guard.js';
import type { CorpusTest } from './corpus.js';

/** What the converted module imports; the import is replaced by the parameters of its evaluation. */
const RUNTIME = 'autograph-ts/runtime';
const IMPORT = /^import \{[^}]*\} from "autograph-ts\/runtime";\n/m;
const RUNTIME_PARAMS = {
  ag__: runtime.ag__,
  ag__markInPlace: runtime.markInPlace,
  ag__markConversionFailed: runtime.markConversionFailed,
};

/** Per-run time limit (ms): a converted infinite loop must not hang the suite. */
export const TIME_LIMIT_MS = Number(process.env.TEST262_TIME_LIMIT_MS ?? 5000);

interface RunOptions {
  readonly guard: RealmGuard;
  readonly timeLimitMs: number;
  /** The catalogue ids of the warnings autograph-ts printed during the runs (console.warn). */
  readonly warnings: string[];
}

export interface CaseResult {
  readonly path: string;
  readonly oracle: Outcome;
  /** Whether the plain run ended as the test expects (normally, or with its negative's error). */
  readonly oraclePasses: boolean;
  /** null for script code (the in-place path converts a module). */
  readonly inPlace: Classified | null;
  readonly runTime: Classified;
  /** Catalogue ids of the warnings each converted path printed (a function left to run as is). */
  readonly warnings: { readonly inPlace: readonly string[]; readonly runTime: readonly string[] };
}

/** The one wrapping every run shares. */
export function moduleText(test: CorpusTest): string {
  return `function test262() {\n'use autograph';\n"use strict";\n${test.source}}\n`;
}

// The timed call: a script that calls whatever `current` is, so vm's timeout covers the whole run.
const NOTHING = (): void => undefined;
let current: () => void = NOTHING;
const RUN = Symbol.for('autograph-ts.test262.run');
(globalThis as Record<symbol, unknown>)[RUN] = () => current();
const CALL = new vm.Script('globalThis[Symbol.for("autograph-ts.test262.run")]()');

/**
 * Runs `f` under the time limit, then puts the realm back (before anything else runs); its outcome
 * (a SyntaxError counts as generated code's when `generated`).
 */
function timed(f: () => void, run: RunOptions, generated = false): Outcome {
  current = f;
  let threw = false;
  let caught: unknown;
  const warn = console.warn;
  console.warn = (...args: unknown[]) =>
    void run.warnings.push(/\[([\w-]+\/[\w-]+)\]/.exec(String(args[0]))?.[1] ?? 'uncatalogued');
  try {
    CALL.runInThisContext({ timeout: run.timeLimitMs });
  } catch (e) {
    threw = true;
    caught = e;
  }
  console.warn = warn;
  current = NOTHING;
  run.guard.restore();
  return threw ? outcomeOf(caught, generated) : { kind: 'normal' };
}

const HARNESS_NAMES = Object.keys(HARNESS);
const PARAMS = [...HARNESS_NAMES, ...Object.keys(RUNTIME_PARAMS)];
const ARGS = [...Object.values(HARNESS), ...Object.values(RUNTIME_PARAMS)];

/** Evaluates module text (no imports) with the harness and the runtime in scope; returns its test262. */
function evaluate(code: string, filename: string): () => unknown {
  const factory = vm.runInThisContext(
    `(function (${PARAMS.join(', ')}) {\n"use strict";\n${code}\nreturn test262;\n})`,
    { filename },
  ) as (...a: unknown[]) => () => unknown;
  return factory(...ARGS);
}

function runPlain(test: CorpusTest, run: RunOptions): { outcome: Outcome; fn?: () => unknown } {
  let fn: (() => unknown) | undefined;
  const compiled = timed(() => {
    fn = evaluate(moduleText(test), `test262:${test.path}`);
  }, run);
  if (compiled.kind !== 'normal' || !fn) return { outcome: compiled };
  const f = fn;
  return { outcome: timed(() => void f.call(globalThis), run), fn: f };
}

function runInPlace(test: CorpusTest, run: RunOptions): Outcome {
  let fn: (() => unknown) | undefined;
  const converted = timed(
    () => {
      const out = transformSource(moduleText(test), { runtimeModule: RUNTIME, filename: `/test262/${test.path}` });
      if (!out) throw new Error('transformSource found nothing to convert');
      fn = evaluate(out.code.replace(IMPORT, ''), `test262-in-place:${test.path}`);
    },
    run,
    true,
  );
  if (converted.kind !== 'normal' || !fn) return converted;
  const f = fn;
  return timed(() => void f.call(globalThis), run, true);
}

function runRunTime(plain: () => unknown, run: RunOptions): Outcome {
  return timed(() => void (toGraph(plain, { scope: HARNESS }) as () => unknown).call(globalThis), run, true);
}

function passes(test: CorpusTest, o: Outcome): boolean {
  return test.throws ? o.kind === 'throw' && o.error === test.throws : o.kind === 'normal';
}

let warm = false;

/**
 * Loads what conversion loads lazily (Babel, the runtime's helpers) outside any time limit: a run cut
 * short by the limit in the middle of a module's first load would leave that module broken.
 */
function warmUp(): void {
  if (warm) return;
  warm = true;
  const test: CorpusTest = {
    path: 'warm-up.js',
    includes: [],
    source: 'let n = 0;\nfor (const x of [1, 2]) { if (x > 1) n += x; }\n',
  };
  const out = transformSource(moduleText(test), { runtimeModule: RUNTIME, filename: '/test262/warm-up.js' });
  const plain = evaluate(moduleText(test), 'test262:warm-up.js');
  evaluate(out!.code.replace(IMPORT, ''), 'test262-in-place:warm-up.js').call(globalThis);
  (toGraph(plain, { scope: HARNESS }) as () => unknown).call(globalThis);
}

/** Runs `test` plain, in place and at run time, restoring the realm after each run; null when the plain text does not compile. */
export function runCase(test: CorpusTest, guard: RealmGuard, timeLimitMs = TIME_LIMIT_MS): CaseResult | null {
  warmUp();
  const options = (): RunOptions => ({ guard, timeLimitMs, warnings: [] });
  const plain = runPlain(test, options());
  if (!plain.fn) return null;
  const [ip, rt] = [options(), options()];
  const oraclePasses = passes(test, plain.outcome);
  const inPlace = test.script ? null : classify(plain.outcome, runInPlace(test, ip), oraclePasses);
  const runTime = classify(plain.outcome, runRunTime(plain.fn, rt), oraclePasses);
  const warnings = { inPlace: ip.warnings, runTime: rt.warnings };
  return { path: test.path, oracle: plain.outcome, oraclePasses, inPlace, runTime, warnings };
}
