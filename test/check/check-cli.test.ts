// `autograph check` as users run it (a child process, as the CLI's bin does): the fixture project
// of typed programs passes --strict, and the failing fixtures report exactly tsc-format diagnostics
// at the user's lines and columns, with tsc's exit code.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function autograph(args: string[], timeout = 400_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', ...args],
      { timeout, maxBuffer: 1 << 24, env: { ...process.env, NO_COLOR: '1' } },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

const P = 'test/check/fixtures/project';

/** Every diagnostic the fixture project must give, as tsc prints it (and nothing in typed/). */
const EXPECTED = [
  // A real type error inside a converted function: a tensor op's result is a Tensor, not a number.
  `${P}/failing/inside-converted.ts(6,9): error TS2322: Type 'Tensor<Rank>' is not assignable to type 'number'.`,
  `${P}/failing/inside-converted.ts(7,15): error TS2551: Property 'shap' does not exist on type 'Tensor<Rank>'. Did you mean 'shape'?`,
  // A string literal operand: the converter leaves `*` to JS, so tsc's own errors stand.
  `${P}/failing/inside-converted.ts(8,13): error TS2362: The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.`,
  `${P}/failing/inside-converted.ts(8,17): error TS2363: The right-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.`,
  // A tensor op on a string: told as tsc tells a bad operator.
  `${P}/failing/inside-converted.ts(10,13): error TS2365: Operator '*' cannot be applied to types 'Tensor<Rank>' and 'string'.`,
  `${P}/failing/inside-converted.ts(11,13): error TS2736: Operator '-' cannot be applied to type 'string | Tensor<Rank>'.`,
  `${P}/failing/inside-converted.ts(13,3): error TS2322: Type 'Tensor<Rank>' is not assignable to type 'number'.`,
  // Wrong arguments to a jit function.
  `${P}/failing/jit-arguments.ts(6,4): error TS2345: Argument of type 'string' is not assignable to parameter of type 'Tensor<Rank>'.`,
  `${P}/failing/jit-arguments.ts(7,18): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number | Tensor<Rank>'.`,
  `${P}/failing/jit-arguments.ts(8,7): error TS2322: Type 'Tensor<Rank>' is not assignable to type 'number'.`,
  // Operators on tensors outside converted code stay errors.
  `${P}/failing/outside-converted.ts(8,10): error TS2362: The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.`,
  `${P}/failing/outside-converted.ts(12,20): error TS2365: Operator '>' cannot be applied to types 'Scalar' and 'number'.`,
  // A method only plain code calls runs as written (its sibling reached from jit is typed converted).
  `${P}/failing/plain-methods.ts(8,12): error TS2362: The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.`,
];

/** The ```ts blocks of a markdown text (after `from`, the first `count` of them). */
function tsBlocks(markdown: string, from = 0, count = Infinity): string[] {
  return [...markdown.slice(from).matchAll(/^```ts\n([\s\S]*?)^```$/gm)].slice(0, count).map((m) => m[1]!);
}

describe('autograph check on the examples and the docs', () => {
  const root = resolve('.');
  const dir = mkdtempSync(join(tmpdir(), 'autograph-docs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the typed examples, README's quick start and the guide's TypeScript pass --strict (a planted mistake is all it reports)", async () => {
    // The docs' code as an app has it: 'autograph-ts' is this repository's source.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const readme = readFileSync('README.md', 'utf8');
    const snippets = [
      ...tsBlocks(readme, readme.indexOf('## Quick start'), 1),
      ...tsBlocks(readFileSync('docs/guide.md', 'utf8')),
    ];
    expect(snippets.length).toBeGreaterThanOrEqual(3);
    const prelude = "import * as tf from '@tensorflow/tfjs';\nimport * as ag from 'autograph-ts';\n";
    snippets.forEach((code, i) =>
      writeFileSync(join(dir, `snippet${i}.ts`), `${code.includes('import ') ? '' : prelude}${code}export {};\n`),
    );
    // One known mistake among them: proof that the snippets are in the checked program.
    writeFileSync(join(dir, 'mistake.ts'), `${prelude}export const n: number = tf.scalar(1);\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'examples/tsconfig.json'),
        compilerOptions: { paths: { 'autograph-ts': [join(root, 'src/index.ts')] } },
        include: [join(root, 'examples/**/*.ts'), join(root, 'src/convert/babel-modules.d.ts'), './*.ts'],
      }),
    );
    const r = await autograph(['check', join(dir, 'tsconfig.json'), '--strict']);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trim().split('\n');
    expect(lines, lines.slice(0, 12).join('\n')).toHaveLength(1);
    expect(lines[0]).toMatch(/mistake\.ts\(3,14\): error TS2322: Type 'Scalar' is not assignable to type 'number'\.$/);
    expect(r.code).toBe(2);
  }, 420_000);
});

describe('autograph check on the fixture project', () => {
  it('passes the typed programs under --strict and reports each mistake where it is, exit code 2', async () => {
    const r = await autograph(['check', P, '--strict']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(EXPECTED);
    expect(r.code).toBe(2);
  }, 420_000);

  it('answers a bad command line or project as tsc does, with exit code 1', async () => {
    const [unknown, missing] = await Promise.all([
      autograph(['check', P, '--no-such-flag']),
      autograph(['check', 'no/such/dir/tsconfig.json']),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain("error TS5023: Unknown compiler option '--no-such-flag'.");
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("error TS5058: The specified path does not exist: 'no/such/dir/tsconfig.json'.");
  }, 120_000);
});
