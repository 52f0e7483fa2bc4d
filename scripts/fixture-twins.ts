// The plain-JavaScript twins of the error tests' TypeScript fixtures (test/errors/fixtures/): each .mjs
// is what TypeScript's transpileModule makes of its .ts, under a header saying so, so that the
// functions, and the `// @expect` / `// @line` markers that name their lines, are written once. A
// marker whose token is TypeScript-only, or points elsewhere in the plain file (an error located at
// an operator rather than at a cast), names the twin's token after ` @mjs `:
// `// @expect <id> <token in .ts> @mjs <token in .mjs>`.
// Needs typescript. Produces `TWINS`, `twinText()`; run as `npm run fixtures:twins` (npx tsx
// scripts/fixture-twins.ts) it rewrites the twins, and test/errors/twins.test.ts fails when one is stale.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Each twin: the .ts it is made from, and what its header says it is for. */
export const TWINS = [
  {
    from: 'test/errors/fixtures/triggers.ts',
    about:
      'One way to cause each catalogued error from plain JavaScript, run under vitest and, by the test, under plain node.',
  },
  {
    from: 'test/errors/fixtures/throwing.ts',
    about: 'Functions that fail inside converted code, in plain JavaScript, for the stack-trace tests.',
  },
] as const;

const ROOT = new URL('../', import.meta.url);

/** The twin's path (the .ts path with .mjs). */
export const twinOf = (from: string): string => from.replace(/\.ts$/, '.mjs');

/** Splits a marker comment into its .ts token and its .mjs token (the same when it has no ` @mjs `). */
const MARKER = /(\/\/ @(?:expect|line) \S+ )(.+?)(?: @mjs (.+))?$/;

/** The text the twin of `from` must hold. */
export function twinText(from: string): string {
  const source = readFileSync(new URL(from, ROOT), 'utf8');
  // The .ts header (its first comment lines) describes the .ts; the twin gets its own.
  const body = source.replace(/^(\/\/.*\n)+/, '');
  const js = ts.transpileModule(body, {
    fileName: from,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      removeComments: false,
      verbatimModuleSyntax: false,
    },
  }).outputText;
  const about = TWINS.find((t) => t.from === from)?.about ?? '';
  const header = [
    `// ${about}`,
    `// Generated from ${from.split('/').pop()} by \`npm run fixtures:twins\` (scripts/fixture-twins.ts): edit that, not this.`,
  ];
  const lines = js
    .split('\n')
    .map((line) =>
      line.replace(MARKER, (_m, head: string, tsToken: string, mjsToken?: string) => `${head}${mjsToken ?? tsToken}`),
    );
  return `${[...header, ...lines].join('\n').trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { from } of TWINS) {
    const to = twinOf(from);
    writeFileSync(new URL(to, ROOT), twinText(from));
    console.log(`wrote ${to}`);
  }
}
