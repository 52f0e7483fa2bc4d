// Catalogue entries of the `autograph` command line (src/cli): a missing file or export, a malformed
// --spec/--args, a module that fails to load, an optional peer the command needs. src/cli builds its
// errors (and exit codes) from these. Needs message-def. Produces `cliMessages`.

import { defineMessages } from './message-def.js';

export const cliMessages = defineMessages({
  'cli/missing-file': {
    kind: 'usage',
    text: (p: { file: string }) => `cannot find the file '${p.file}'`,
    hint: () => 'give the path of a .js, .mjs or .ts module, relative to the current directory',
    example: 'autograph code no-such-file.ts',
  },
  'cli/needs-tsx': {
    kind: 'usage',
    text: (p: { file: string }) => `'${p.file}' is TypeScript, and loading it needs tsx, which is not installed`,
    hint: () => 'npm install --save-dev tsx (an optional peer of autograph-ts), or point the CLI at the compiled .js',
    example: 'autograph run model.ts#f --args 1 in an app without tsx',
  },
  'cli/load-failed': {
    kind: 'usage',
    text: (p: { file: string; reason: string }) => `cannot load '${p.file}': ${p.reason}`,
    hint: () =>
      'the module is imported as `node --import autograph-ts/register` would run it (its top-level code runs once); fix the error above, or run with --stack for its stack',
    example: 'autograph code broken.ts, where broken.ts has a syntax error or its top-level code throws',
  },
  'cli/missing-export': {
    kind: 'usage',
    text: (p: { file: string; name: string; available: string }) =>
      `'${p.file}' has no export or top-level function named '${p.name}'`,
    hint: (p: { available: string }) =>
      p.available ? `its functions are: ${p.available}` : 'it declares no functions',
    example: 'autograph graph model.ts#nope --spec "[]"',
  },
  'cli/ambiguous-export': {
    kind: 'usage',
    text: (p: { file: string; available: string; first: string }) =>
      `'${p.file}' has no default export and exports several functions: ${p.available}`,
    hint: (p: { file: string; first: string }) => `pick one with '${p.file}#${p.first}'`,
    example: 'autograph code model.ts, where model.ts exports collatz and huber',
  },
  'cli/no-function': {
    kind: 'usage',
    text: (p: { file: string }) => `'${p.file}' exports no function`,
    hint: () =>
      "export the function to convert (export function f(x) { ... } or export default f), or name a top-level function: 'file.ts#f'",
    example: 'autograph code constants.ts, where constants.ts exports only numbers',
  },
  'cli/not-a-function': {
    kind: 'usage',
    text: (p: { file: string; name: string; got: string }) =>
      `export '${p.name}' of '${p.file}' is ${p.got}, not a function`,
    example: 'autograph code model.ts#delta, where delta is a number',
  },
  'cli/bad-spec': {
    kind: 'usage',
    text: (p: { text: string; reason: string }) => `bad --spec '${p.text}': ${p.reason}`,
    hint: () =>
      'write one SHAPE:DTYPE per argument, e.g. --spec "[3]:float32,[]:int32"; use ? or null for an unknown dimension',
    example: 'autograph graph model.ts#huber --spec "[]:float64"',
  },
  'cli/bad-args': {
    kind: 'usage',
    text: (p: { text: string; reason: string }) => `bad --args '${p.text}': ${p.reason}`,
    hint: () => 'write one VALUE[:DTYPE] per argument, e.g. --args "[1,2,3]:float32,5:int32"; a bare number is float32',
    example: 'autograph run model.ts#huber --args "[1,2"',
  },
  'cli/check-project': {
    kind: 'usage',
    text: () => 'autograph check could not read the project (the errors above say why)',
    hint: () => "give a tsconfig.json or its folder, and options as tsc takes them; see 'autograph check --help'",
    example: 'autograph check --project no-such-folder',
  },
  'cli/too-many-args': {
    kind: 'usage',
    text: (p: { option: string; name: string; given: number; takes: number }) =>
      `${p.option} gives ${p.given} input(s), but '${p.name}' takes ${p.takes} argument(s)`,
    hint: (p: { option: string }) =>
      `give one ${p.option === '--spec' ? 'SHAPE:DTYPE' : 'VALUE[:DTYPE]'} per argument, separated by commas`,
    example: 'autograph run model.ts#collatz --args "3,4"',
  },
  'cli/missing-option': {
    kind: 'usage',
    text: (p: { command: string; options: string }) => `'${p.command}' needs ${p.options}`,
    hint: (p: { command: string }) => `see 'autograph ${p.command} --help'`,
    example: 'autograph graph model.ts#huber (no --spec)',
  },
  'cli/typescript-missing': {
    kind: 'usage',
    text: (p: { reason: string }) => `autograph check needs the package typescript (${p.reason})`,
    hint: () =>
      'npm install --save-dev typescript@5.9 — an optional peer of autograph-ts, needed only by autograph check (the editor plugin uses the TypeScript of your editor)',
    example: 'autograph check in an app without typescript',
  },
});
