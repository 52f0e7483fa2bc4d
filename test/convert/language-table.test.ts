// The language table (src/convert/language.ts) checked against Babel and against the converter: it
// lists every node type of @babel/types, docs/language.md is what it generates, and each example
// holds its node type and does what its row says — refused rows and forms throw their catalogued
// error; rewritten and passed rows give the same result plain and converted (at run time and in
// place); TypeScript and JSX rows run in place; type rows survive conversion. Differences known today
// are listed in KNOWN_WRONG, which may only shrink. Needs language-run.ts, scripts/language-doc.ts.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as t from '@babel/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE,
  LANGUAGE_TABLES,
  languageCounts,
  refusedNodeTypes,
  type LanguageEntry,
  type NodeType,
  type RefusedForm,
} from '../../src/convert/language.js';
import { PIPELINE } from '../../src/convert/pipeline.js';
import { makeRuntime } from '../../src/runtime/index.js';
import { CATALOGUE } from '../../src/errors/catalogue.js';
import { languageDoc } from '../../scripts/language-doc.js';
import {
  conversionError,
  inPlace,
  inPlaceAst,
  nodeTypes,
  parse,
  printedNodes,
  runTime,
  same,
  wrap,
  type Outcome,
} from './language-run.js';

type Path = 'run-time' | 'in-place';

interface KnownWrong {
  readonly type: NodeType;
  /** The paths on which it differs from the plain run. */
  readonly paths: readonly Path[];
  /** A minimal body that shows the difference (or the row's own example). */
  readonly example: string;
  readonly reason: string;
}

/** Bodies whose converted run differs from the plain one today. Remove an entry once it runs the same. */
const KNOWN_WRONG: readonly KnownWrong[] = [];

const DOC = fileURLToPath(new URL('../../docs/language.md', import.meta.url));
const ENTRIES = Object.entries(LANGUAGE) as [NodeType, LanguageEntry][];
const PATHS: readonly Path[] = ['run-time', 'in-place'];

const known = (type: NodeType, example: string, path: Path): boolean =>
  KNOWN_WRONG.some((k) => k.type === type && k.example === example && k.paths.includes(path));
const show = (o: Outcome): string => ('value' in o ? o.value : `${o.threw}: ${o.message}`);

/** Expects the converted run to match the plain one, or (listed in KNOWN_WRONG) to still differ. */
function expectSame(type: NodeType, example: string, path: Path, run: { plain: Outcome; converted: Outcome }): void {
  const differs = !same(run.plain, run.converted);
  const what = `plain ${show(run.plain)}, converted ${show(run.converted)}`;
  if (known(type, example, path))
    expect(differs, `now the same on the ${path} path (${what}): remove it from KNOWN_WRONG`).toBe(true);
  else expect(differs, `differs on the ${path} path: ${what}`).toBe(false);
}

function expectRefused(body: string, f: Pick<RefusedForm, 'error' | 'construct' | 'instead'>): void {
  const err = conversionError(body);
  expect(err?.id, `converting it gave ${err ? err.id : 'no error'}`).toBe(f.error);
  if (f.error === 'convert/unsupported-syntax') {
    expect(err!.summary).toBe(`${f.construct} is not supported in converted code`);
    expect(err!.hint).toBe(f.instead);
  }
}

// Refused conversions of methods print a warning when they then run as written.
beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterAll(() => vi.restoreAllMocks());

describe('the language table', () => {
  it('lists every node type of @babel/types (deprecated names too), each in one family table', () => {
    const babelTypes = [...Object.keys(t.NODE_FIELDS), ...Object.keys(t.DEPRECATED_KEYS)].sort();
    expect(Object.keys(LANGUAGE).sort()).toEqual(babelTypes);
    expect(LANGUAGE_TABLES.reduce((n, table) => n + Object.keys(table).length, 0)).toBe(babelTypes.length);
  });

  it('docs/language.md is what `npm run docs:language` generates from the table now', () => {
    expect(readFileSync(DOC, 'utf8'), 'docs/language.md is stale: run npm run docs:language').toBe(languageDoc());
  });

  it('names passes of the pipeline, helpers of the runtime and catalogued errors', () => {
    const passes = new Set(PIPELINE.map(([name]) => name));
    const runtime = makeRuntime() as unknown as Record<string, unknown>;
    for (const [type, e] of ENTRIES) {
      for (const p of 'passes' in e ? (e.passes ?? []) : [])
        expect(passes.has(p), `${type}: no pass '${p}'`).toBe(true);
      for (const h of 'helpers' in e ? (e.helpers ?? []) : [])
        expect(runtime[h], `${type}: no helper ag__.${h}`).toBeDefined();
      for (const f of 'refusedForms' in e ? (e.refusedForms ?? []) : [])
        expect(passes.has(f.pass) && f.error in CATALOGUE, `${type}: ${f.construct}`).toBe(true);
      if (e.status === 'refused') expect(e.error in CATALOGUE, `${type}: ${e.error}`).toBe(true);
    }
  });

  it('has an example for every node type a converted function can hold', () => {
    const missing = ENTRIES.filter(([, e]) => e.status !== 'not-met' && e.example === undefined).map(([type]) => type);
    expect(missing).toEqual([]);
  });

  it('counts node types by status (a change here is a change of the table)', () => {
    expect(languageCounts()).toEqual({ rewritten: 26, passed: 70, refused: 5, erased: 112, 'not-met': 44 });
  });

  it('gives the functions pass the node types it refuses wherever they stand', () => {
    expect([...refusedNodeTypes().keys()].sort()).toEqual([
      'AwaitExpression',
      'Import',
      'WithStatement',
      'YieldExpression',
    ]);
  });

  it('lists known differences only for node types of the table, each once', () => {
    const keys = KNOWN_WRONG.map((k) => `${k.type}\n${k.example}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of KNOWN_WRONG) expect(LANGUAGE[k.type], k.type).toBeDefined();
  });
});

const EXAMPLES = ENTRIES.filter(([, e]) => e.example !== undefined) as [
  NodeType,
  LanguageEntry & { example: string },
][];

describe.each(EXAMPLES)('%s', (type, e) => {
  const plugins = e.syntax ?? [];

  it('its example holds it (and, when it needs a parser plugin, plain JS does not)', () => {
    expect([...nodeTypes(parse(wrap(e.example), plugins))]).toContain(type);
    if (plugins.length === 0) return;
    let plain: Set<string> = new Set();
    try {
      plain = nodeTypes(parse(wrap(e.example)));
    } catch {
      // Not JS at all: the run-time converter cannot read it either.
    }
    expect([...plain]).not.toContain(type);
  });

  if (e.status === 'refused') {
    it(`converting it throws ${e.error}`, () => expectRefused(e.example, e));
  }

  for (const f of 'refusedForms' in e ? (e.refusedForms ?? []) : []) {
    it(`refuses ${f.construct} (${f.error})`, () => expectRefused(f.example, f));
  }

  if ((e.status === 'rewritten' || e.status === 'passed') && plugins.length === 0) {
    it('converted, it calls the runtime and shows what its row says', () => {
      const { code } = runTime(e.example);
      expect(code, 'the converted example calls no runtime helper: toGraph would run the original').toMatch(/ag__\./);
      const after = parse(code);
      if (e.status === 'passed') expect([...nodeTypes(after)], `${type} did not survive conversion`).toContain(type);
      else if (e.helpers.length)
        expect(
          e.helpers.some((h) => code.includes(`ag__.${h}`)),
          `none of ${e.helpers.join(', ')} in\n${code}`,
        ).toBe(true);
      else expect(printedNodes(after, type)).not.toEqual(printedNodes(parse(wrap(e.example)), type));
    });
    it.each(PATHS)('runs the same plain and converted (%s)', (path) => {
      expectSame(type, e.example, path, path === 'run-time' ? runTime(e.example) : inPlace(e.example, []));
    });
  }

  if ((e.status === 'erased' || e.status === 'passed') && plugins.length > 0) {
    it('converted in place, it stays for the type stripper or transform', () => {
      const file = inPlaceAst(e.example, plugins);
      expect([...nodeTypes(file)]).toContain(type);
      expect(
        printedNodes(file, 'CallExpression').some((c) => c.startsWith('ag__.')),
        'the example calls no runtime helper',
      ).toBe(true);
    });
    // Flow has no stripper here: its rows are checked by conversion alone.
    if (e.family !== 'flow') {
      it('runs the same plain and converted in place (after TypeScript strips both)', () => {
        expectSame(type, e.example, 'in-place', inPlace(e.example, plugins));
      });
    }
  }
});

describe.each(KNOWN_WRONG.filter((k) => LANGUAGE[k.type]?.example !== k.example))('known difference of $type', (k) => {
  it.each(k.paths)(`${k.reason} (%s)`, (path) => {
    expectSame(k.type, k.example, path, path === 'run-time' ? runTime(k.example) : inPlace(k.example, []));
  });
});
