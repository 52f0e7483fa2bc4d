// Messages of the `autograph` command line that the library catalogue does not have (a missing file
// or export, a malformed --spec/--args), and the exit codes scripts can rely on.
// Needs the catalogue's message shape. Produces `cliError`, `CliError`, `EXIT`.

import { defineMessages } from '../errors/messages/message-def.js';
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

export const cliMessages = defineMessages({
  'cli/missing-file': {
    kind: 'usage',
    text: (p: { file: string }) => `cannot find the file '${p.file}'`,
    hint: () => 'give the path of a .js, .mjs or .ts module, relative to the current directory',
  },
  'cli/needs-tsx': {
    kind: 'usage',
    text: (p: { file: string }) => `'${p.file}' is TypeScript, and loading it needs tsx, which is not installed`,
    hint: () => 'npm install --save-dev tsx (an optional peer of autograph-ts), or point the CLI at the compiled .js',
  },
  'cli/load-failed': {
    kind: 'usage',
    text: (p: { file: string; reason: string }) => `cannot load '${p.file}': ${p.reason}`,
  },
  'cli/missing-export': {
    kind: 'usage',
    text: (p: { file: string; name: string; available: string }) => `'${p.file}' has no export named '${p.name}'`,
    hint: (p: { available: string }) => (p.available ? `its function exports are: ${p.available}` : 'it exports no functions'),
  },
  'cli/ambiguous-export': {
    kind: 'usage',
    text: (p: { file: string; available: string; first: string }) => `'${p.file}' has no default export and exports several functions: ${p.available}`,
    hint: (p: { file: string; first: string }) => `pick one with '${p.file}#${p.first}'`,
  },
  'cli/no-function': {
    kind: 'usage',
    text: (p: { file: string }) => `'${p.file}' exports no function`,
    hint: () => 'export the function to convert (export function f(x) { ... } or export default f)',
  },
  'cli/not-a-function': {
    kind: 'usage',
    text: (p: { file: string; name: string; got: string }) => `export '${p.name}' of '${p.file}' is ${p.got}, not a function`,
  },
  'cli/bad-spec': {
    kind: 'usage',
    text: (p: { text: string; reason: string }) => `bad --spec '${p.text}': ${p.reason}`,
    hint: () => 'write one SHAPE:DTYPE per argument, e.g. --spec "[3]:float32,[]:int32"; use ? or null for an unknown dimension',
  },
  'cli/bad-args': {
    kind: 'usage',
    text: (p: { text: string; reason: string }) => `bad --args '${p.text}': ${p.reason}`,
    hint: () => 'write one VALUE[:DTYPE] per argument, e.g. --args "[1,2,3]:float32,5:int32"; a bare number is float32',
  },
  'cli/check-project': {
    kind: 'usage',
    text: () => 'autograph check could not read the project (the errors above say why)',
    hint: () => "give a tsconfig.json or its folder, and options as tsc takes them; see 'autograph check --help'",
  },
  'cli/too-many-args': {
    kind: 'usage',
    text: (p: { option: string; name: string; given: number; takes: number }) =>
      `${p.option} gives ${p.given} input(s), but '${p.name}' takes ${p.takes} argument(s)`,
    hint: (p: { option: string }) => `give one ${p.option === '--spec' ? 'SHAPE:DTYPE' : 'VALUE[:DTYPE]'} per argument, separated by commas`,
  },
  'cli/missing-option': {
    kind: 'usage',
    text: (p: { command: string; options: string }) => `'${p.command}' needs ${p.options}`,
    hint: (p: { command: string }) => `see 'autograph ${p.command} --help'`,
  },
});

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
