// The corpus programs have one copy each: tests import them from test/corpus. A few copies have to
// stay literal text, each for its reason below; this fails when one of them drifts from the corpus
// (compared as what they compute: types, names, comments, 'use autograph' and braces aside), and
// when a new copy appears anywhere else in test/, examples/ or the docs.
//
// Left to their owners for now, not scanned: test/exec/ (interpreter-reads collatz,
// webgpu/staged-loops collatz and
// rnnRows = rnn) and test/browser/ (gpu-targets-page's rnn as page text, viewer.test reads
// examples/seeds.ts); bench/ converts examples/seeds.ts.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PROGRAMS,
  checkedSquare,
  collatz,
  collatzInt32,
  huberLoss,
  printLoop,
  rnn,
  squareIfPositive,
  squares,
} from './index.js';
import { corpusShape, functionsShaped, programShape } from './source.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Copies = readonly (readonly [nameInFile: string, program: { readonly name: string }])[];

const SEEDS_AS_EXAMPLES: Copies = [
  ['square_if_positive', squareIfPositive],
  ['huber_loss', huberLoss],
  ['collatz', collatz],
  ['count_up', printLoop],
  ['squares', squares],
  ['checked_square', checkedSquare],
];

/** Copies that stay literal text, by file, with why. */
const LITERAL: Readonly<Record<string, { readonly why: string; readonly copies: Copies }>> = {
  'examples/seeds.ts': {
    why: "the seeds as a user writes them, typed and 'use autograph': the tour prints their lines, bench/ and the viewer tests read them",
    copies: SEEDS_AS_EXAMPLES,
  },
  'test/check/fixtures/project/typed/seeds.ts': {
    why: 'the checker fixture project: `autograph check` and tsc compile these files as they are (and bench B12)',
    copies: SEEDS_AS_EXAMPLES,
  },
  'test/check/fixtures/editor/huber.ts': {
    why: 'the file the ts-plugin and installed-package tests open, whose diagnostics name its lines',
    copies: [['huber', huberLoss]],
  },
  'examples/cli/collatz.ts': {
    why: 'the CLI sample, run by `autograph run` in the docs and test/cli',
    copies: [['collatz', collatz]],
  },
  'examples/cli/huber.ts': { why: 'the CLI sample with a module-level constant', copies: [['huber', huberLoss]] },
  'examples/web/main.ts': {
    why: 'the web example page, built by Vite with the plugin',
    copies: [
      ['huberLoss', huberLoss],
      ['collatz', collatzInt32],
    ],
  },
  'test/platform/fixtures/verbose-app.ts': {
    why: 'an app run by the Node loader, which converts it in place and prints its lines',
    copies: [['collatz', collatz]],
  },
  'README.md': {
    why: 'the quick start, which test/package/user-paths.test.ts runs as the app it is',
    copies: [
      ['huber_loss', huberLoss],
      ['collatz', collatz],
    ],
  },
  'docs/guide.md': {
    why: 'the guide',
    copies: [
      ['squares', squares],
      ['rnn', rnn],
    ],
  },
};

/** A file's code: a module's text, or each ```ts/```js block of a Markdown file. */
function modulesOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (!file.endsWith('.md')) return [text];
  return [...text.matchAll(/^```(?:ts|js|typescript|javascript)\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The shape of function `name` in `file` (in the first block that declares it, for Markdown). */
function shapeIn(file: string, name: string): string {
  for (const text of modulesOf(file)) {
    try {
      return programShape(text, name);
    } catch {
      // not in this block
    }
  }
  throw new Error(`no function ${name} in ${file}`);
}

describe('literal copies of corpus programs', () => {
  for (const [file, { why, copies }] of Object.entries(LITERAL)) {
    it(`${file} (${why})`, () => {
      for (const [name, program] of copies) {
        expect(shapeIn(file, name), `${name} in ${file} is no longer test/corpus's ${program.name}: change both`).toBe(
          corpusShape(program),
        );
      }
    });
  }
});

/** Folders the scan leaves out: the corpus itself, other people's suites (see the header), build output. */
const NOT_SCANNED = new Set(['test/corpus', 'test/exec', 'test/browser', 'node_modules']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (!NOT_SCANNED.has(rel) && e.name !== 'node_modules') out.push(...sourceFiles(rel));
    } else if (/\.(ts|mts|mjs|js|md)$/.test(e.name) && !e.name.endsWith('.d.ts') && !rel.includes('/golden/'))
      out.push(rel);
  }
  return out;
}

describe('no other copies', () => {
  it('test/, examples/ and the docs hold no copy of a corpus program but the literal ones above', () => {
    const shapes = new Map(PROGRAMS.map((p) => [corpusShape(p.fn), p.name]));
    const allowed = new Set(
      Object.entries(LITERAL).flatMap(([file, { copies }]) =>
        copies.map(([, program]) => `${file} ${corpusShape(program)}`),
      ),
    );
    const stray: string[] = [];
    for (const file of [...sourceFiles('test'), ...sourceFiles('examples'), ...sourceFiles('docs'), 'README.md']) {
      for (const text of modulesOf(file)) {
        for (const { shape, line } of functionsShaped(text, new Set(shapes.keys()))) {
          if (!allowed.has(`${file} ${shape}`))
            stray.push(
              `${file}${file.endsWith('.md') ? '' : `:${line}`} copies ${shapes.get(shape)}: import it from test/corpus`,
            );
        }
      }
    }
    expect(stray).toEqual([]);
  }, 60_000);
});
