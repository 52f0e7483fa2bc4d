// Imports the part of ECMAScript's test262 that the converter rewrites (statements and operator
// expressions) into test/conformance/test262/corpus/: one JSON file per directory, each test's body
// without its licence comment and frontmatter, plus the skip reasons with their counts.
// Usage: node scripts/test262-import.mjs <path-to-test262-git-dir> [commit]. Needs git, @babel/parser.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';

const STATEMENTS = [
  'for',
  'for-in',
  'for-of',
  'while',
  'do-while',
  'switch',
  'labeled',
  'break',
  'continue',
  'try',
  'if',
  'block',
  'let',
  'const',
  'variable',
  'function',
  'return',
  'class',
];
const OPERATORS = [
  'addition',
  'subtraction',
  'multiplication',
  'division',
  'modulus',
  'exponentiation',
  'unary-minus',
  'unary-plus',
  'bitwise-and',
  'bitwise-or',
  'bitwise-xor',
  'bitwise-not',
  'left-shift',
  'right-shift',
  'unsigned-right-shift',
  'equals',
  'does-not-equals',
  'strict-equals',
  'strict-does-not-equals',
  'greater-than',
  'less-than',
  'greater-than-or-equal',
  'less-than-or-equal',
];
const EXPRESSIONS = [
  'assignment',
  'compound-assignment',
  'logical-assignment',
  'conditional',
  'comma',
  'postfix-increment',
  'postfix-decrement',
  'prefix-increment',
  'prefix-decrement',
  'arrow-function',
  'object',
  'array',
  'logical-and',
  'logical-or',
  'logical-not',
  'coalesce',
  'typeof',
  ...OPERATORS,
];
export const DIRECTORIES = [...STATEMENTS.map((d) => `statements/${d}`), ...EXPRESSIONS.map((d) => `expressions/${d}`)];

/** Harness files the runner implements (test/conformance/test262/harness.ts); assert.js and sta.js always. */
const INCLUDES = new Set(['propertyHelper.js', 'compareArray.js']);
const SKIP_FLAGS = ['module', 'async', 'noStrict', 'raw', 'CanBlockIsTrue', 'CanBlockIsFalse'];
/** Features outside the scope (generators, async, realms, BigInt, private names) or that V8 lacks. */
const SKIP_FEATURES = {
  generators: 'feature: generators',
  'async-functions': 'feature: async functions',
  'async-iteration': 'feature: async iteration',
  'Symbol.asyncIterator': 'feature: async iteration',
  'top-level-await': 'feature: async functions',
  Proxy: 'feature: Proxy',
  'cross-realm': 'feature: cross-realm',
  BigInt: 'feature: BigInt',
  'class-fields-private': 'feature: class private names',
  'class-methods-private': 'feature: class private names',
  'class-static-fields-private': 'feature: class private names',
  'class-static-methods-private': 'feature: class private names',
  'class-fields-private-in': 'feature: class private names',
  'tail-call-optimization': 'feature: tail calls (not in V8)',
  decorators: 'feature: decorators (not in V8)',
  'explicit-resource-management': 'feature: using declarations (not in Node 20)',
};

/** The YAML frontmatter's keys this importer reads: lists (inline or dashed) and `negative.phase`. */
export function frontmatter(text) {
  const m = /\/\*---([\s\S]*?)---\*\//.exec(text);
  const yaml = m ? m[1] : '';
  const list = (key) => {
    const inline = new RegExp(`^${key}:\\s*\\[([^\\]]*)\\]`, 'm').exec(yaml);
    if (inline)
      return inline[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const block = new RegExp(`^${key}:\\s*\\n((?:\\s+-.*\\n?)+)`, 'm').exec(yaml);
    return block
      ? block[1]
          .split('\n')
          .map((s) =>
            s
              .replace(/^\s*-\s*/, '')
              .replace(/#.*$/, '')
              .trim(),
          )
          .filter(Boolean)
      : [];
  };
  const negative =
    /^negative:\s*\n\s+phase:\s*(\w+)\s*\n\s+type:\s*(\w+)/m.exec(yaml) ??
    /^negative:\s*\n\s+type:\s*(\w+)\s*\n\s+phase:\s*(\w+)/m.exec(yaml);
  const phase = negative ? negative[0].includes('phase:') && /phase:\s*(\w+)/.exec(negative[0])[1] : undefined;
  const type = negative ? /type:\s*(\w+)/.exec(negative[0])[1] : undefined;
  return {
    includes: list('includes'),
    flags: list('flags'),
    features: list('features'),
    negative: negative ? { phase, type } : undefined,
    end: m ? m.index + m[0].length : 0,
  };
}

/** The test's text after its frontmatter (the licence comment comes before it), trimmed. */
export function body(text, end) {
  const rest = end > 0 ? text.slice(end) : text.replace(/^(\s*\/\/.*\n)+/, '');
  return rest.replace(/^\s*\n/, '').replace(/\s+$/, '') + '\n';
}

/** Walks an AST (plain objects) calling `visit(node, inFunction)`; `inFunction` counts non-arrow functions. */
function walk(node, visit, inFunction = false) {
  if (!node || typeof node.type !== 'string') return;
  visit(node, inFunction);
  const fn = /^(FunctionDeclaration|FunctionExpression|ObjectMethod|ClassMethod|ClassPrivateMethod)$/.test(node.type);
  // A class field's or static block's `arguments` is an early error: treat them as function scopes.
  const own = fn || /^(ClassProperty|StaticBlock)$/.test(node.type);
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
    const v = node[key];
    if (Array.isArray(v)) v.forEach((c) => walk(c, visit, inFunction || own));
    else if (v && typeof v === 'object') walk(v, visit, inFunction || own);
  }
}

/** Why the source itself is out of scope (judged from its text and its AST), or undefined. */
export function sourceSkip(src) {
  if (/\beval\b/.test(src)) return 'source: eval';
  if (/\$262\b/.test(src)) return 'source: $262 host hooks';
  if (/(^|[^.\w$])Function\s*\(/.test(src)) return 'source: Function constructor';
  // Non-configurable properties of the global object outlive the test (the realm is shared).
  if (/Object\.definePropert(y|ies)\(\s*(this|globalThis)\b/.test(src))
    return 'source: defines properties of the global object';
  let ast;
  try {
    ast = parse(`function test262() {\n"use strict";\n${src}\n}`, { sourceType: 'script', errorRecovery: false });
  } catch {
    return 'source: does not parse as a strict function body';
  }
  let why;
  walk(ast.program.body[0].body, (n, inFunction) => {
    if (why) return;
    if (n.type === 'WithStatement') why = 'source: with';
    else if (
      (n.type === 'FunctionDeclaration' ||
        n.type === 'FunctionExpression' ||
        n.type === 'ObjectMethod' ||
        n.type === 'ClassMethod' ||
        n.type === 'ArrowFunctionExpression') &&
      (n.generator || n.async)
    )
      why = 'source: generator or async function';
    else if (n.type === 'PrivateName') why = 'source: class private names';
    else if (n.type === 'BigIntLiteral') why = 'source: BigInt';
    else if (n.type === 'Identifier' && n.name === 'arguments' && !inFunction)
      why = 'source: arguments of the top level';
  });
  return why;
}

/**
 * Whether the wrapped body is also valid module code (no `await` as a name): the in-place path
 * converts a module, so a test that is script code only runs plain and at run time.
 */
function isModuleCode(src) {
  try {
    parse(`function test262() {\n"use strict";\n${src}\n}`, { sourceType: 'module' });
    return true;
  } catch {
    return false;
  }
}

/** Why a test is skipped, or undefined when it is kept. */
export function skipReason(meta, src) {
  if (meta.negative && meta.negative.phase !== 'runtime') return `negative: ${meta.negative.phase} error`;
  const flag = SKIP_FLAGS.find((f) => meta.flags.includes(f));
  if (flag) return `flag: ${flag}`;
  const feature = meta.features.find((f) => SKIP_FEATURES[f]);
  if (feature) return SKIP_FEATURES[feature];
  const inc = meta.includes.find((i) => !INCLUDES.has(i));
  if (inc) return `include not implemented: ${inc}`;
  return sourceSkip(src);
}

function git(gitDir, args, input) {
  const r = spawnSync(
    'git',
    ['--git-dir', gitDir, ...args],
    input === undefined ? { maxBuffer: 1 << 30, encoding: 'utf8' } : { input, maxBuffer: 1 << 30 },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Every test file (path, blob) under test/language/<dir>, _FIXTURE files left out. */
function listTests(gitDir, commit, dir) {
  const out = git(gitDir, ['ls-tree', '-r', commit, `test/language/${dir}/`]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [meta, path] = l.split('\t');
      return { path, blob: meta.split(' ')[2] };
    })
    .filter((t) => t.path.endsWith('.js') && !t.path.includes('_FIXTURE'));
}

/** The texts of `blobs`, read in one `git cat-file --batch`. */
function readBlobs(gitDir, blobs) {
  const buf = git(gitDir, ['cat-file', '--batch'], blobs.join('\n') + '\n');
  const texts = [];
  let at = 0;
  for (let i = 0; i < blobs.length; i++) {
    const nl = buf.indexOf(10, at);
    const size = Number(buf.toString('utf8', at, nl).split(' ')[2]);
    texts.push(buf.toString('utf8', nl + 1, nl + 1 + size));
    at = nl + 1 + size + 1;
  }
  return texts;
}

function importDirectory(gitDir, commit, dir) {
  const files = listTests(gitDir, commit, dir);
  const texts = readBlobs(
    gitDir,
    files.map((f) => f.blob),
  );
  const tests = [];
  const skipped = {};
  const notices = new Set();
  files.forEach((f, i) => {
    const meta = frontmatter(texts[i]);
    const source = body(texts[i], meta.end);
    const why = skipReason(meta, source);
    if (why) (skipped[why] ??= []).push(f.path.slice('test/language/'.length));
    else {
      const extra = {
        ...(meta.negative ? { throws: meta.negative.type } : {}),
        ...(isModuleCode(source) ? {} : { script: true }),
      };
      tests.push({ path: f.path.slice('test/language/'.length), includes: meta.includes, ...extra, source });
      for (const m of texts[i].slice(0, Math.max(meta.end, 1)).matchAll(/^\W*(Copyright\b.*?)\s*(\*\/)?$/gm))
        notices.add(m[1]);
    }
  });
  return { tests, skipped, notices };
}

function main() {
  const [gitDir, commitArg] = process.argv.slice(2);
  if (!gitDir) throw new Error('usage: node scripts/test262-import.mjs <path-to-test262-git-dir> [commit]');
  const commit = git(gitDir, ['rev-parse', commitArg ?? 'HEAD']).trim();
  const out = fileURLToPath(new URL('../test/conformance/test262/corpus/', import.meta.url));
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (f.endsWith('.json')) rmSync(join(out, f));
  const skips = {};
  const notices = new Set();
  for (const dir of DIRECTORIES) {
    const { tests, skipped, notices: own } = importDirectory(gitDir, commit, dir);
    for (const n of own) notices.add(n);
    const file = `${dir.replace('/', '-')}.json`;
    writeFileSync(
      join(out, file),
      JSON.stringify({ commit, directory: `test/language/${dir}`, tests }, null, 0) + '\n',
    );
    skips[dir] = skipped;
    const n = Object.values(skipped).reduce((s, l) => s + l.length, 0);
    process.stdout.write(`${dir}: ${tests.length} kept, ${n} skipped\n`);
  }
  writeFileSync(join(out, 'skipped.json'), JSON.stringify({ commit, skipped: skips }, null, 1) + '\n');
  writeLicence(gitDir, commit, out, notices);
}

/** test262's LICENSE, the commit, and the copyright lines of the imported files (their headers are cut). */
function writeLicence(gitDir, commit, out, notices) {
  const licence = git(gitDir, ['show', `${commit}:LICENSE`])
    .replace(/[ \t]+$/gm, '')
    .trimEnd();
  const text = [
    licence,
    '',
    `The files of this folder hold test data from test262 (https://github.com/tc39/test262), commit ${commit},`,
    'used under the licence above. Each test is the text of its file without the licence comment and the',
    'frontmatter; the copyright notices of those comments are these:',
    '',
    ...[...notices].sort(),
  ];
  writeFileSync(join(out, 'LICENSE'), text.join('\n') + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
