// The `autograph` CLI through real child processes (node --import tsx src/cli/main.ts, and once
// through bin.ts) on the samples in examples/cli: every command, its --help, and bad input (exit
// codes and messages). All processes start together in beforeAll, a few at a time, to keep it fast.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliMessages } from '../../src/errors/messages/cli.js';

interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const out = mkdtempSync(join(tmpdir(), 'autograph-cli-'));
const S = 'examples/cli';
// The README's quick-start app.ts (top-level jit calls and prints, functions it does not export),
// importing this checkout's sources by path: inside the repository (out/ is ignored), so that it
// resolves @tensorflow/tfjs, with the loader told that the path means autograph-ts.
mkdirSync('out', { recursive: true });
const appDir = mkdtempSync(join(process.cwd(), 'out', 'cli-app-'));
const SRC_INDEX = join(process.cwd(), 'src/index.ts');
const APP = join(appDir, 'app.ts');
const readme = readFileSync('README.md', 'utf8');
writeFileSync(
  APP,
  /^```ts\n([\s\S]*?)^```$/m
    .exec(readme.slice(readme.indexOf('## Quick start')))![1]!
    .replace("'autograph-ts'", `'${SRC_INDEX}'`),
);
const APP_ENV = { AUTOGRAPH_IMPORT_SOURCES: SRC_INDEX };
// Modules with a syntax error (not kept in the repository: they would not type-check).
const SYNTAX_TS = join(out, 'syntax-error.ts');
const SYNTAX_MJS = join(out, 'syntax-error.mjs');
writeFileSync(SYNTAX_TS, 'export function f(x: number): number {\n  return x +* 2;\n}\n');
writeFileSync(SYNTAX_MJS, 'export function f(x) {\n  return x +* 2;\n}\n');
const CONSTANTS = join(out, 'constants.mjs');
writeFileSync(CONSTANTS, 'export const delta = 1;\n');

/** Every CLI run of this file, by name; `bin: true` runs through src/cli/bin.ts (the packed bin is tested in test/package). */
const RUNS: Record<string, { args: string[]; bin?: boolean; env?: Record<string, string> }> = {
  appGraph: { args: ['graph', `${APP}#collatz`, '--spec', '[]:int32'], env: APP_ENV },
  appRun: { args: ['run', `${APP}#huber_loss`, '--args', '3'], env: APP_ENV },
  appMissing: { args: ['code', `${APP}#nope`], env: APP_ENV },
  help: { args: ['--help'] },
  noCommand: { args: [] },
  version: { args: ['--version'], bin: true },
  code: { args: ['code', `${S}/collatz.ts`] },
  graph: { args: ['graph', `${S}/huber.ts#huber`, '--spec', '[]:float32'] },
  graphUnknownDim: { args: ['graph', `${S}/huber.ts#squaredError`, '--spec', '[?]:float32,[null]'] },
  graphPasses: { args: ['graph', `${S}/collatz.ts`, '--spec', '[]:int32', '--passes'] },
  dotTrace: { args: ['svg', `${S}/collatz.ts`, '--spec', '[]:int32', '--dot', '--trace'] },
  dotOptimized: { args: ['svg', `${S}/collatz.ts`, '--spec', '[]:int32', '--dot'] },
  svg: { args: ['svg', `${S}/huber.ts#huber`, '--spec', '[]', '-o', join(out, 'huber.svg')] },
  html: { args: ['svg', `${S}/huber.ts#huber`, '--spec', '[]', '--html'] },
  exportOnnx: {
    args: [
      'export',
      `${S}/huber.ts#huber`,
      '--spec',
      '[]',
      '--onnx',
      join(out, 'huber.onnx'),
      '--graph-model',
      join(out, 'gm'),
    ],
  },
  runCollatz: { args: ['run', `${S}/collatz.ts`, '--args', '27:int32'], bin: true },
  runHuber: { args: ['run', `${S}/huber.ts#huber`, '--args', '3:float32', '--json'] },
  runPrint: { args: ['run', `${S}/count-up.mjs`, '--args', '2:int32'] },
  runTwoArgs: { args: ['run', `${S}/huber.ts#squaredError`, '--args', '[1,2,3],[1,1,1]:float32'] },
  bench: { args: ['bench', `${S}/collatz.ts`, '--args', '27:int32', '--time-ms', '20'] },
  missingFile: { args: ['code', `${S}/no-such-file.ts`] },
  missingExport: { args: ['graph', `${S}/huber.ts#nope`, '--spec', '[]'] },
  ambiguous: { args: ['code', `${S}/huber.ts`] },
  notAFunction: { args: ['code', `${S}/broken.ts#notAFunction`] },
  badSpecShape: { args: ['graph', `${S}/huber.ts#huber`, '--spec', '[3:float32'] },
  badSpecDtype: { args: ['graph', `${S}/huber.ts#huber`, '--spec', '[]:float64'] },
  badArgs: { args: ['run', `${S}/huber.ts#huber`, '--args', '[1,2'] },
  missingSpec: { args: ['graph', `${S}/huber.ts#huber`] },
  exportNoFormat: { args: ['export', `${S}/huber.ts#huber`, '--spec', '[]'] },
  exportDot: {
    args: ['export', `${S}/huber.ts#huber`, '--spec', '[]', '--format', 'dot', '-o', join(out, 'huber.dot')],
  },
  exportUnknownFormat: {
    args: ['export', `${S}/huber.ts#huber`, '--spec', '[]', '--format', 'zip', '-o', join(out, 'huber.zip')],
  },
  generator: { args: ['code', `${S}/broken.ts#generator`] },
  oneBranch: { args: ['graph', `${S}/broken.ts#oneBranch`, '--spec', '[]'] },
  unknownCommand: { args: ['frobnicate', `${S}/collatz.ts`] },
  unknownOption: { args: ['run', `${S}/collatz.ts`, '--frob'] },
  badExecutor: { args: ['run', `${S}/collatz.ts`, '--args', '3:int32', '--executor', 'gpu'] },
  tooManyArgs: { args: ['run', `${S}/collatz.ts`, '--args', '3,4'] },
  tooManySpecs: { args: ['graph', `${S}/huber.ts#huber`, '--spec', '[],[]'] },
  tooManyBench: { args: ['bench', `${S}/collatz.ts`, '--args', '3:int32,4:int32', '--time-ms', '5'] },
  noFunction: { args: ['code', CONSTANTS] },
  checkNoProject: { args: ['check', '--project', join(out, 'no-such-project')] },
  syntaxTs: { args: ['code', SYNTAX_TS] },
  syntaxMjs: { args: ['code', SYNTAX_MJS] },
  syntaxStack: { args: ['--stack', 'code', SYNTAX_TS] },
  ...Object.fromEntries(
    ['code', 'graph', 'svg', 'export', 'run', 'bench'].map((c) => [`help-${c}`, { args: [c, '--help'] }]),
  ),
};

function cli(args: string[], bin = false, env: Record<string, string> = {}): Promise<Result> {
  const argv = ['--import', 'tsx', bin ? 'src/cli/bin.ts' : 'src/cli/main.ts', ...args];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      argv,
      { timeout: 120_000, env: { ...process.env, AG_DEBUG: '', AUTOGRAPH_VERBOSITY: '', ...env } },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const results: Record<string, Result> = {};

// A guard against a hung process, not a timing check: a busy machine runs these ~30 processes slowly.
beforeAll(async () => {
  const queue = Object.entries(RUNS);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift())
      results[next[0]] = await cli(next[1].args, next[1].bin, next[1].env);
  };
  await Promise.all([worker(), worker(), worker()]);
}, 600_000);

afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
});

const r = (name: string): Result => results[name]!;

describe('commands', () => {
  it('code prints the generated code', () => {
    expect(r('code')).toMatchObject({ code: 0, stderr: '' });
    expect(r('code').stdout).toContain('function collatz(a)');
    expect(r('code').stdout).toContain('ag__.whileStmt(');
  });

  it('graph prints the IR for the specs, with module-level free variables resolved', () => {
    expect(r('graph')).toMatchObject({ code: 0, stderr: '' });
    expect(r('graph').stdout).toMatch(/^graph huber\(%a: float32\[\]\)/);
    expect(r('graph').stdout).toContain('Cond(');
    expect(r('graph').stdout).toContain('Fused('); // the optimized graph, not the trace
    expect(r('graphUnknownDim').code).toBe(0);
    expect(r('graphUnknownDim').stdout).toContain('%a: float32[?], %b: float32[?]');
  });

  it('graph prints the optimized graph; --trace the trace, --passes what each pass changed', () => {
    const count = (text: string) => (text.match(/ = /g) ?? []).length;
    expect(r('graphPasses')).toMatchObject({ code: 0, stderr: '' });
    // --passes prints the trace first and the optimized graph last.
    const passes = r('graphPasses').stdout;
    const trace = /^── trace: \d+ nodes\n([\s\S]*?\n\})\n/.exec(passes)![1]!;
    const optimized = /── optimized: \d+ nodes\n([\s\S]*)$/.exec(passes)![1]!;
    // The trace has the dead `a != 1` test before the loop and Identity nodes; the optimized graph neither.
    expect(trace).toContain('Identity(');
    expect(optimized).not.toContain('Identity(');
    expect(optimized).toContain('Fused(');
    expect(count(optimized)).toBeLessThan(count(trace));
    expect(trace).toMatch(/^graph collatz\(%a: int32\[\]\)/);
    expect(optimized).toMatch(/^graph collatz\(%a: int32\[\]\)/);
    expect(passes).toMatch(/── 1\. simplify: (\d+) → (\d+) nodes\n[\s\S]*^- .*Identity\(/m);
    expect(passes).toMatch(/── \d+\. fuse-elementwise: \d+ → \d+ nodes\n[\s\S]*^\+ .*Fused\(/m);
    expect(passes).toMatch(/── optimized: \d+ nodes$/m);
    // Pictures: the optimized graph by default, the trace on request.
    expect(r('dotOptimized').stdout).not.toContain('<b>Identity</b>');
    expect(r('dotTrace').stdout).toContain('<b>Identity</b>');
    const whileLine =
      readFileSync('examples/cli/collatz.ts', 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('while (a != 1)')) + 1;
    expect(r('dotOptimized').stdout).toContain(`label="while (a != 1)  ·  collatz.ts:${whileLine}"`);
  });

  it('svg writes an SVG file and the HTML viewer to stdout', () => {
    expect(r('svg').code).toBe(0);
    expect(readFileSync(join(out, 'huber.svg'), 'utf8')).toContain('<svg');
    expect(r('html').code).toBe(0);
    expect(r('html').stdout).toMatch(/<html/i);
    expect(r('html').stdout).toContain('<svg');
  });

  it('export writes an ONNX model that onnxruntime runs, and a GraphModel folder', async () => {
    expect(r('exportOnnx')).toMatchObject({ code: 0, stderr: '' });
    expect(r('exportOnnx').stdout).toContain('huber.onnx');
    const model = join(out, 'huber.onnx');
    expect(statSync(model).size).toBeGreaterThan(0);
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(model);
    const feeds = { [session.inputNames[0]!]: new ort.Tensor('float32', new Float32Array([3]), []) };
    const outputs = await session.run(feeds);
    expect(Array.from(outputs[session.outputNames[0]!]!.data as Float32Array)).toEqual([2.5]);
    const json = JSON.parse(readFileSync(join(out, 'gm', 'model.json'), 'utf8')) as { modelTopology?: unknown };
    expect(json.modelTopology).toBeDefined();
    expect(existsSync(join(out, 'gm'))).toBe(true);
  });

  it('export --format writes any installed export format (the registry ag.save uses)', () => {
    expect(r('exportDot')).toMatchObject({ code: 0, stderr: '' });
    expect(r('exportDot').stdout).toContain('huber.dot');
    expect(readFileSync(join(out, 'huber.dot'), 'utf8')).toMatch(/^digraph/);
  });

  it('run prints outputs as values (through bin.js too), as JSON, and staged prints on each call', () => {
    expect(r('runCollatz')).toMatchObject({ code: 0, stdout: '111\n' });
    expect(r('runHuber').code).toBe(0);
    expect(JSON.parse(r('runHuber').stdout)).toEqual({ dtype: 'float32', shape: [], value: 2.5 });
    expect(r('runPrint')).toMatchObject({ code: 0, stdout: 'n = 3\nn = 4\nn = 5\n5\n' });
    expect(r('runTwoArgs')).toMatchObject({ code: 0, stdout: '[0, 1, 4]\n' });
  });

  it('bench prints eager and jit medians and the ratio, each with its min–max over repetitions, to three significant digits', () => {
    expect(r('bench').code).toBe(0);
    expect(r('bench').stdout).toMatch(/over 5 repetitions/);
    const n = '[\\d.,]+';
    expect(r('bench').stdout).toMatch(new RegExp(`eager: +${n} µs \\(${n}–${n}\\)`));
    expect(r('bench').stdout).toMatch(new RegExp(`jit: +${n} µs \\(${n}–${n}\\)`));
    expect(r('bench').stdout).toMatch(new RegExp(`speed-up: ×${n} \\(×${n}–${n}\\)`));
    // Three significant digits at most (10,600; 752; 1.06; 0.871).
    const numbers = r('bench')
      .stdout.split('\n')
      .slice(1)
      .join(' ')
      .match(/\d[\d.,]*/g)!;
    expect(numbers.length).toBe(9);
    for (const text of numbers) {
      const digits = text
        .replace(/,/g, '')
        .replace(/^0\.0*/, '')
        .replace('.', '')
        .replace(/0+$/, '');
      expect(digits.length, text).toBeLessThanOrEqual(3);
    }
  });
});

describe("a module with top-level code: the README's app.ts", () => {
  it('loads converted in place (closures lexical), runs its top-level code once, with its prints on stderr', () => {
    expect(r('appGraph').code, r('appGraph').stderr).toBe(0);
    // stdout: the graph alone; the module's own output (111, its graph, 2.5) went to stderr, once.
    expect(r('appGraph').stdout).toMatch(/^graph collatz\(%a: int32\[\]\) \{\n[\s\S]*\n\}\n$/);
    expect(r('appGraph').stdout.match(/^graph collatz/gm)).toHaveLength(1);
    expect(r('appGraph').stderr.match(/^\s*111$/gm)).toHaveLength(1);
    expect(r('appGraph').stderr.match(/^\s*2\.5$/gm)).toHaveLength(1);
    expect(r('appGraph').stderr.match(/^graph collatz/gm)).toHaveLength(1);
    expect(r('appGraph').stderr).not.toMatch(/\[[a-z]+\/[a-z-]+\]/); // no warning, no error
  });

  it('runs a function the module does not export, reading `delta` and `tf` where they stand', () => {
    expect(r('appRun').code, r('appRun').stderr).toBe(0);
    expect(r('appRun').stdout).toBe('2.5\n');
  });

  it('names the functions it has when the one asked for is missing', () => {
    expect(r('appMissing').code).toBe(1);
    expect(r('appMissing').stderr).toMatch(
      /has no export or top-level function named 'nope' \[cli\/missing-export\]\n {2}hint: its functions are: huber_loss, collatz, f\n/,
    );
  });
});

describe('help and version', () => {
  it('top-level help lists the commands and the exit codes', () => {
    expect(r('help').code).toBe(0);
    for (const c of ['code', 'graph', 'svg', 'export', 'run', 'bench']) expect(r('help').stdout).toContain(c);
    expect(r('help').stdout).toContain('Exit codes:');
    expect(r('noCommand').code).toBe(2);
    expect(r('version')).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });

  it.each(['code', 'graph', 'svg', 'export', 'run', 'bench'])('%s --help', (c) => {
    expect(r(`help-${c}`).code).toBe(0);
    expect(r(`help-${c}`).stdout).toContain(`Usage: autograph ${c}`);
    expect(r(`help-${c}`).stdout).toContain('Exit codes:');
    expect(r(`help-${c}`).stdout).toContain(`autograph ${c} model.ts#`);
  });

  it('help examples name no file of this repository: they use a model.ts the help shows', () => {
    for (const name of ['help', ...['code', 'graph', 'svg', 'export', 'run', 'bench'].map((c) => `help-${c}`)]) {
      expect(r(name).stdout).not.toContain('examples/');
    }
    expect(r('help').stdout).toContain('export function collatz(a)');
    expect(r('help').stdout).toContain('export function huber(x)');
  });
});

describe('bad input', () => {
  const cases: [string, number, RegExp][] = [
    ['missingFile', 1, /cannot find the file '.*no-such-file\.ts' \[cli\/missing-file\]/],
    [
      'missingExport',
      1,
      /has no export or top-level function named 'nope' \[cli\/missing-export\]\n {2}hint: its functions are: huber, squaredError\n/,
    ],
    ['ambiguous', 1, /exports several functions: huber, squaredError[\s\S]*#huber/],
    ['notAFunction', 1, /export 'notAFunction' .* is number, not a function/],
    ['badSpecShape', 2, /bad --spec '\[3:float32'.*in brackets/],
    ['badSpecDtype', 2, /unknown dtype 'float64'/],
    ['badArgs', 2, /bad --args '\[1,2'/],
    ['missingSpec', 2, /'graph' needs --spec/],
    ['exportNoFormat', 2, /'export' needs --onnx <file>, --graph-model <dir> or --format <format> -o <path>/],
    [
      'exportUnknownFormat',
      1,
      /autograph export --format: there is no export format 'zip'; the formats installed are 'dot', 'graph-model', 'html', 'onnx', 'svg' \[export\/unknown-format\]/,
    ],
    ['generator', 1, /conversion error: a generator function is not supported[\s\S]*\[convert\/unsupported-syntax\]/],
    ['oneBranch', 1, /'y' must also be initialized in the else branch/],
    ['unknownCommand', 2, /unknown command 'frobnicate'/],
    ['unknownOption', 2, /unknown option '--frob'/],
    ['badExecutor', 2, /--executor.*gpu/],
    ['tooManyArgs', 2, /--args gives 2 input\(s\), but 'collatz' takes 1 argument\(s\) \[cli\/too-many-args\]/],
    ['tooManySpecs', 2, /--spec gives 2 input\(s\), but 'huber' takes 1 argument\(s\)/],
    ['tooManyBench', 2, /--args gives 2 input\(s\), but 'collatz' takes 1/],
    ['noFunction', 1, /'.*constants\.mjs' exports no function \[cli\/no-function\]/],
    ['syntaxTs', 1, /cannot load '.*syntax-error\.ts': .*syntax-error\.ts:2:12: ERROR: Unexpected "\*"/],
    [
      'syntaxMjs',
      1,
      /cannot load '.*syntax-error\.mjs': SyntaxError: Unexpected token\b.* at .*syntax-error\.mjs:2:13\n[\s\S]*> 2 \|\s+return x \+\* 2;/,
    ],
  ];
  it.each(cases)('%s exits %i with a clear message', (name, code, message) => {
    expect(r(name).code).toBe(code);
    expect(r(name).stderr).toMatch(message);
    expect(r(name).stdout).toBe('');
  });

  it('every cli/* message of the catalogue is caused by a run here (or by the packaged CLI in test/package)', () => {
    const inPackageTest = ['cli/needs-tsx', 'cli/typescript-missing']; // an app without tsx, without typescript
    const caused = new Set(
      Object.values(results).flatMap((x) => [...x.stderr.matchAll(/\[(cli\/[a-z-]+)\]/g)].map((m) => m[1]!)),
    );
    expect(r('checkNoProject').code).toBe(1);
    const ids = Object.keys(cliMessages);
    expect(ids.filter((id) => !caused.has(id) && !inPackageTest.includes(id))).toEqual([]);
  });

  it('--stack shows the stack of the error behind a module that failed to load', () => {
    expect(r('syntaxStack').code).toBe(1);
    expect(r('syntaxStack').stderr).toMatch(/syntax-error\.ts:2:12: ERROR: Unexpected "\*"/);
    expect(r('syntaxStack').stderr).toMatch(/\n\s+at /);
  });
});
