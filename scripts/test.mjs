// `npm test` (and `npm run test:long`): the type check (`tsc --noEmit`) and `vitest run` on one worker
// per core, side by side rather than one after the other, so tsc's one busy core overlaps the test
// files. Arguments go to vitest; tsc's report prints after vitest's; exits non-zero when either
// fails. Needs typescript and vitest.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const resolve = createRequire(import.meta.url).resolve;

/** Runs `node <bin> ...args` in the repository root; resolves with its exit status. */
function node(bin, args, stdio) {
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio });
  return { child, done: new Promise((res) => child.on('close', (code, signal) => res(code ?? (signal ? 1 : 0)))) };
}

const tsc = node(
  resolve('typescript/bin/tsc'),
  ['-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'],
  ['ignore', 'pipe', 'pipe'],
);
let report = '';
tsc.child.stdout.on('data', (d) => (report += d));
tsc.child.stderr.on('data', (d) => (report += d));
// vitest's CLI: the "bin" its package.json names, beside that package.json.
const vitestPkg = resolve('vitest/package.json');
const vitestBin = join(dirname(vitestPkg), JSON.parse(readFileSync(vitestPkg, 'utf8')).bin.vitest);
// One worker per core. vitest's default leaves a core to its main process (which mostly waits): on the
// 2-core CI machine that is one worker and every file in a row. A --maxWorkers given here wins; plain
// `npx vitest run <files>` keeps vitest's default, gentler on a machine shared while working.
const args = process.argv.slice(2);
const workers = args.some((a) => /^--max-?workers\b/i.test(a)) ? [] : [`--maxWorkers=${availableParallelism()}`];
const vitest = node(vitestBin, ['run', ...workers, ...args], 'inherit');

const [tscStatus, vitestStatus] = await Promise.all([tsc.done, vitest.done]);
if (tscStatus !== 0) {
  process.stdout.write(`\ntype check (tsc -p tsconfig.json --noEmit) failed:\n${report}`);
} else {
  process.stdout.write('\ntype check (tsc -p tsconfig.json --noEmit): no errors\n');
}
process.exitCode = tscStatus !== 0 ? tscStatus : vitestStatus;
