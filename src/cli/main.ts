// Entry of the `autograph` command line (run it with tsx: `node --import tsx src/cli/main.ts`, or
// through bin.ts, built as the package's bin). Parses the command, runs it on the tfjs cpu backend, and turns errors into a
// message on stderr and an exit code (messages.ts: 0 ok, 1 user error, 2 usage error).

import { CommanderError } from 'commander';
import { AutographError } from '../errors/ag-error.js';
import { CliError, EXIT } from './messages.js';
import { buildProgram } from './program.js';

/** Runs the CLI on `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (e) {
    return report(e, program.opts().stack === true || process.env.AG_DEBUG === '1');
  }
}

/** Prints `e` for a terminal and returns its exit code. */
function report(e: unknown, stack: boolean): number {
  if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage; // commander printed it
  if (e instanceof CliError) {
    const cause = stack && e.cause instanceof Error && e.cause.stack ? `${e.cause.stack}\n` : '';
    process.stderr.write(`autograph: ${e.message}\n${cause}`);
    return e.exitCode;
  }
  if (e instanceof AutographError) {
    process.stderr.write(`autograph: ${e.kind} error: ${e.message}\n${stack && e.stack ? `${e.stack}\n` : ''}`);
    return EXIT.user;
  }
  const err = e instanceof Error ? e : new Error(String(e));
  process.stderr.write(
    `autograph: ${err.name}: ${err.message}\n${stack ? `${err.stack}\n` : '  (run with --stack for the stack trace)\n'}`,
  );
  return EXIT.user;
}

// Run as a script (tsx src/cli/main.ts). In the built package this code is bundled into bin.js, which
// calls main itself: there it must not run a second time when bin.js is started by its path.
const isEntry =
  process.argv[1] !== undefined &&
  import.meta.url === new URL(`file://${process.argv[1]}`).href &&
  !/\/bin\.[jt]s$/.test(import.meta.url);
if (isEntry) {
  process.exitCode = await main(process.argv.slice(2));
}
