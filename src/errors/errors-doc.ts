// Renders the message catalogue as docs/errors.md: every id with its kind, its message (parameters
// shown as ‹name›), its hint and an example of what causes it; the library's and the command line's
// (kept apart from CATALOGUE so browser bundles do not carry them). Needs the catalogue.
// Produces `renderErrorsDoc()`, `ALL_MESSAGES`.

import { CATALOGUE } from './catalogue.js';
import { cliMessages } from './messages/cli.js';

/** Every message the user can meet: the library's catalogue and the `autograph` command line's. */
export const ALL_MESSAGES = { ...CATALOGUE, ...cliMessages } as const;

const asText = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? `‹${key}›` : undefined) });
const asList = new Proxy({}, { get: (_t, key) => (typeof key === 'string' ? [`‹${key}›`] : undefined) });

/** A message or hint with its parameters shown as ‹name› (lists of names as one ‹name›). */
export function renderTemplate(fn: (p: never) => string): string {
  try {
    return fn(asText as never);
  } catch {
    return fn(asList as never);
  }
}

export function renderErrorsDoc(): string {
  const lines = [
    '# Error catalogue',
    '',
    'Every user-facing message of autograph-ts, by id (tests assert ids). An `AutographError` carries',
    '`id`, `kind` (conversion, staging, runtime, usage), the message, a hint and, where known, the',
    "user's file:line:column with the function's name. Parameters are shown as ‹name›.",
    '',
    'As printed, with the code frame of the original source (here a `.ts` file run by tsx):',
    '',
    '```',
    "'y' has shape [3] in the main branch, but shape [2] in the else branch [cond/shape-mismatch]",
    '  at /app/src/model.ts:98:3 in condShape',
    '   96 | function condShape(x: T): T {',
    '   97 |   let y: T = x;',
    '>  98 |   if (tf.sum(x).greater(0)) {',
    '      |   ^',
    '   99 |     y = tf.ones([3]);',
    '  100 |   }',
    '```',
    '',
    'Each message below is caused from user code, and its id, line, column and frame checked, by',
    '`test/errors/every-message.test.ts` (for a `.ts` file under vitest and an `.mjs` file under plain',
    'node); the `cli/*` messages of the `autograph` command line by `test/cli/cli.test.ts`, in real',
    'processes (printed as `autograph: <message>`, exit code 1, or 2 for a malformed command line).',
    "Errors that are not autograph-ts's own (a `TypeError` in your code) keep their type; their stack",
    'trace is rewritten to your original lines (see the guide, "Errors and debugging"). Warnings carry',
    'an id too: `ag.silenceWarnings([id])` or `AUTOGRAPH_SILENCE_WARNINGS=id` silences one of them.',
    '',
    'This file is generated from `src/errors/messages/*.ts`; regenerate it with',
    '`npx vitest run test/errors -u`.',
    '',
  ];
  const byArea = new Map<string, [string, (typeof ALL_MESSAGES)[keyof typeof ALL_MESSAGES]][]>();
  for (const [id, def] of Object.entries(ALL_MESSAGES)) {
    const area = id.split('/')[0]!;
    byArea.set(area, [...(byArea.get(area) ?? []), [id, def]]);
  }
  for (const [area, entries] of byArea) {
    lines.push(`## ${area}`, '');
    for (const [id, def] of entries) {
      const d = def as { kind: string; text: (p: never) => string; hint?: (p: never) => string; example?: string };
      lines.push(`### \`${id}\` (${d.kind})`, '', renderTemplate(d.text));
      if (d.hint) lines.push('', `*Hint:* ${renderTemplate(d.hint)}`);
      if (d.example) lines.push('', `*Example:* \`${d.example}\``);
      lines.push('');
    }
  }
  return lines.join('\n');
}
