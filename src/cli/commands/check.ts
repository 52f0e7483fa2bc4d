// `autograph check [tsconfig] [tsc options]`: type-checks a project as `tsc --noEmit` does, with
// tensor operator semantics inside converted functions (src/check). Loads its own TypeScript
// compiler only here. Exit codes are tsc's: 0 clean, 1 bad command line or project, 2 diagnostics.
// Needs typescript and src/check. Produces `checkCommand`.

import { CommanderError } from 'commander';
import { runCheck, CHECK_EXIT } from '../../check/run-check.js';
import { cliError } from '../messages.js';
import { loadTypeScript } from '../optional-peers.js';

export async function checkCommand(args: readonly string[]): Promise<void> {
  // An optional peer, required (not imported) for speed: missing, it is cli/typescript-missing.
  const tsm = loadTypeScript();
  const { exitCode } = runCheck(tsm, args, {
    write: (s) => process.stdout.write(s),
    tty: process.stdout.isTTY === true,
  });
  if (exitCode === CHECK_EXIT.ok) return;
  // The diagnostics are printed already: leave with tsc's exit code and nothing more to say.
  if (exitCode === CHECK_EXIT.diagnostics) throw new CommanderError(exitCode, 'autograph.check.diagnostics', '');
  throw cliError('cli/check-project', {});
}
