// Verbosity and silenced warnings as a user meets them: the stderr of a real process (an app run
// under the Node loader, and without it) at each AUTOGRAPH_VERBOSITY level, and with warnings
// silenced by AUTOGRAPH_SILENCE_WARNINGS and by ag.silenceWarnings. stdout never changes.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const APP = 'test/platform/fixtures/verbose-app.ts';
const LOADER = ['--import', './src/plugin/register.ts'];
/** The loader is told that the fixture's import of src/index.js means autograph-ts. */
const LOADER_ENV = { AUTOGRAPH_IMPORT_SOURCES: '../../../src/index.js' };

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

const RUNS: Record<string, { loader: boolean; env?: Record<string, string>; args?: string[] }> = {
  level0: { loader: true },
  level1: { loader: true, env: { AUTOGRAPH_VERBOSITY: '1' } },
  level2: { loader: true, env: { AUTOGRAPH_VERBOSITY: '2' } },
  level3: { loader: true, env: { AUTOGRAPH_VERBOSITY: '3' } },
  runTime1: { loader: false, env: { AUTOGRAPH_VERBOSITY: '1' } },
  silenceAll: { loader: true, env: { AUTOGRAPH_SILENCE_WARNINGS: 'all' } },
  silenceId: { loader: true, env: { AUTOGRAPH_SILENCE_WARNINGS: 'trace/differs-from-js' } },
  silenceApi: { loader: true, args: ['silence-api'] },
};

function node(run: (typeof RUNS)[string]): Promise<Run> {
  const argv = ['--import', 'tsx', ...(run.loader ? LOADER : []), APP, ...(run.args ?? [])];
  const env = {
    ...process.env,
    AG_DEBUG: '',
    AUTOGRAPH_VERBOSITY: '',
    AUTOGRAPH_SILENCE_WARNINGS: '',
    ...(run.loader ? LOADER_ENV : {}),
    ...run.env,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env, timeout: 120_000, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const results: Record<string, Run> = {};
beforeAll(async () => {
  const queue = Object.entries(RUNS);
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) results[next[0]] = await node(next[1]);
  };
  await Promise.all([worker(), worker()]);
}, 300_000);

const r = (name: string): Run => results[name]!;
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const OUTPUT =
  ['collatz(27) = 111', 'scaled traces: 6', 'cbrt(8) = 2', 'relu(-1) = 0', `version ${VERSION}`].join('\n') + '\n';
/** The first line of each message on stderr that is not a line of a warning's code frame or hint. */
const reports = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('AutoGraph: '));
const warningIds = (stderr: string): string[] => [...stderr.matchAll(/\[([a-z]+\/[a-z0-9-]+)\]\n/g)].map((m) => m[1]!);

describe('verbosity, read from stderr', () => {
  it('prints the same stdout at every level (reports go to stderr)', () => {
    for (const name of Object.keys(RUNS)) {
      expect(r(name).status, `${name}: ${r(name).stderr}`).toBe(0);
      expect(r(name).stdout, name).toBe(OUTPUT);
    }
  });

  it('0: only the warnings about the code, each with its id', () => {
    expect(reports(r('level0').stderr)).toEqual([]);
    expect(warningIds(r('level0').stderr)).toEqual(['api/retracing', 'trace/differs-from-js']);
  });

  it('1: which functions were converted, in place or at run time, and which were left as written, and why', () => {
    const lines = reports(r('level1').stderr);
    for (const fn of ['collatz', 'scaled', 'cubeRoot'])
      expect(lines).toContain(`AutoGraph: converted '${fn}' (${APP}) in place`);
    expect(lines).toContain("AutoGraph: left 'relu' as written: jit(relu, { autograph: false })");
    expect(lines.filter((l) => l.startsWith('AutoGraph: traced'))).toEqual([]);
    // Without the loader the same functions convert at run time, from their text, named with their line.
    const runTime = reports(r('runTime1').stderr);
    expect(runTime).toContain(
      `AutoGraph: converted 'collatz' (${APP}:12) at run time, from its source text (free variables from scope)`,
    );
    expect(runTime).toContain("AutoGraph: left 'relu' as written: jit(relu, { autograph: false })");
    expect(warningIds(r('level1').stderr)).toEqual(['api/retracing', 'trace/differs-from-js']);
  });

  it('2: each trace, with its signature, times and sizes', () => {
    const traced = reports(r('level2').stderr).filter((l) => l.startsWith('AutoGraph: traced'));
    const line =
      /^AutoGraph: traced (\w+)\((.*)\) \[trace (\d+), on tfjs cpu\] in [\d.]+ ms: (\d+) nodes?, (\d+) after the optimizer \([\d.]+ ms\), run by the compiled executor$/;
    expect(
      traced.every((l) => line.test(l)),
      traced.join('\n'),
    ).toBe(true);
    const parsed = traced.map((l) => line.exec(l)!.slice(1, 4));
    expect(parsed).toEqual([
      ['collatz', 'a: int32[]', '1'],
      ...[1, 2, 3, 4, 5, 6].map((k) => ['scaled', `x: float32[], k = ${k}`, String(k)]),
      ['cubeRoot', 'x: float32[]', '1'],
      ['relu', 'x: float32[]', '1'],
    ]);
    // The optimizer shrinks collatz's trace (30 nodes → 15 in the README).
    const collatz = line.exec(traced[0]!)!;
    expect(Number(collatz[5])).toBeLessThan(Number(collatz[4]));
    // Level 1's lines are there too.
    expect(reports(r('level2').stderr)).toContain(`AutoGraph: converted 'collatz' (${APP}) in place`);
  });

  it('3: the generated code of each converted function and the IR after each optimizer pass', () => {
    const err = r('level3').stderr;
    expect(err).toMatch(
      /^\/\/ AutoGraph: converted collatz in place\nfunction collatz\(a\) \{\n[\s\S]*?ag__\.whileStmt\(/m,
    );
    for (const pass of ['simplify', 'constant-fold', 'cse', 'dce', 'prune-control-flow', 'fuse-elementwise']) {
      expect(err).toContain(`// ---- collatz: after ${pass} ----\ngraph collatz(%a: int32[]) {`);
    }
    expect(reports(err).some((l) => l.startsWith('AutoGraph: traced collatz('))).toBe(true);
  });
});

describe('silenced warnings', () => {
  it('AUTOGRAPH_SILENCE_WARNINGS=all prints none; an id silences that one', () => {
    expect(r('silenceAll').stderr).toBe('');
    expect(warningIds(r('silenceId').stderr)).toEqual(['api/retracing']);
  });

  it('ag.silenceWarnings([id]) in the program silences that one', () => {
    expect(warningIds(r('silenceApi').stderr)).toEqual(['trace/differs-from-js']);
  });
});
