// Errors of the `autograph` command line, built from the catalogue's `cli/*` entries (a missing file
// or export, a malformed --spec/--args, a missing optional peer), and the exit codes scripts can rely on.
// Needs the catalogue. Produces `cliError`, `CliError`, `EXIT`, `cliMessages`.

import { cliMessages } from '../errors/messages/cli.js';
import { formatMessage } from '../errors/ag-error.js';

/** Exit codes, as documented in `autograph --help`. */
export const EXIT = {
  /** The command did what it was asked. */
  ok: 0,
  /** The command line was fine but the file, export, function or inputs are not: fix the program. */
  user: 1,
  /** The command line itself is wrong (unknown command/option, missing or malformed option). */
  usage: 2,
} as const;

/** The CLI's entries of the catalogue (src/errors/messages/cli.ts: docs/errors.md lists them). */
export { cliMessages };

type Messages = typeof cliMessages;
type CliMessageId = keyof Messages;
type ParamsOf<K extends CliMessageId> = Messages[K] extends { text: (p: infer P) => string } ? P : never;

/** An error of the command line: a message and the exit code it ends the process with. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    readonly id: string,
    message: string,
    readonly exitCode: number,
    /** The error behind it (a module that failed to load): its stack is shown with --stack. */
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Usage errors of the command line itself; the rest are user errors (exit 1). */
const USAGE: readonly CliMessageId[] = ['cli/bad-spec', 'cli/bad-args', 'cli/missing-option', 'cli/too-many-args'];

/** Builds the CLI error `id` with its parameters. */
export function cliError<K extends CliMessageId>(id: K, params: ParamsOf<K>, cause?: unknown): CliError {
  const def = cliMessages[id] as unknown as { text: (p: unknown) => string; hint?: (p: unknown) => string };
  const exit = USAGE.includes(id) ? EXIT.usage : EXIT.user;
  return new CliError(id, formatMessage(id, def.text(params), def.hint?.(params), undefined), exit, cause);
}
