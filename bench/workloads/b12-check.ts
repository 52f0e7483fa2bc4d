// B12: `autograph check` on the typed fixture project (test/check/fixtures/project/typed: the seeds,
// a training loop, a class of jit functions, generics — importing this repository's source) against
// `tsc --noEmit` on the same project, both with --strict, in this process: each call reads the
// tsconfig and checks the whole program from scratch (no caches carried over). Needs typescript and
// src/check. Produces `b12`.

import ts from 'typescript';
import { fileURLToPath } from 'node:url';
import type { Contender, Workload } from '../harness.js';
import { refs } from '../harness.js';
import { runCheck } from '../../src/check/run-check.js';

const PROJECT = fileURLToPath(new URL('../../test/check/fixtures/project/typed/tsconfig.json', import.meta.url));
const TSC = 'tsc --noEmit';
const CHECK = 'autograph check';

/** tsc --noEmit --strict: the diagnostics it reports, in its order. */
function tscNoEmit(): number {
  const parsed = ts.getParsedCommandLineOfConfigFile(PROJECT, { strict: true, noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`cannot read ${PROJECT}`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed) });
  return ts.getPreEmitDiagnostics(program).length;
}

let seen: Record<string, number> = {};

function row(label: string, run: () => number, note: string): Contender {
  return {
    label,
    kind: 'check',
    backend: 'cpu',
    callsPerBatch: 1,
    note,
    batch() {
      seen[label] = run();
    },
  };
}

export const b12: Workload = {
  id: 'B12',
  title: '`autograph check` on the typed fixture project vs `tsc --noEmit` on it (--strict)',
  barText: '≤ 1.5× tsc --noEmit',
  bars: [{ kind: 'within', of: refs.label(TSC), factor: 1.5, applies: (c) => c.label === CHECK }],
  contenders() {
    seen = {};
    return [
      row(TSC, tscNoEmit, 'reports the operators on tensors as errors'),
      row(CHECK, () => runCheck(ts, [PROJECT, '--strict'], { write: () => {} }).diagnostics.length, 'must report nothing'),
    ];
  },
  get notes() {
    return [
      `B12 checks test/check/fixtures/project/typed (its programs import this repository's src/, so both tools check all of it). Diagnostics in the last run: ${TSC} ${seen[TSC] ?? '?'}, ${CHECK} ${seen[CHECK] ?? '?'}.`,
    ];
  },
};
