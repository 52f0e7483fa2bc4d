// The language table's literals (left as JS values), module syntax and the wrapper nodes (never
// inside a function), and Babel's own node types (internal, or deprecated names). Needs entry.ts.
// Produces `LITERALS`, `MODULES`, `BABEL_INTERNALS`.

import { notMet, type Rows } from './entry.js';

export const LITERALS = {
  BigIntLiteral: {
    status: 'passed',
    family: 'literal',
    reason:
      "a JS value; the runtime's operators give BigInts JS's results (and JS's TypeError when mixed with numbers)",
    example: 'const a = 2n; return [a ** 10n + 1n, a < 3];',
  },
  BooleanLiteral: {
    status: 'passed',
    family: 'literal',
    reason: 'a JS value',
    example: 'const t = true; return [t && !false, t === true];',
  },
  NullLiteral: {
    status: 'passed',
    family: 'literal',
    reason: "a JS value (a comparison with null stays JS's)",
    example: 'const a = null; return [a ?? 3, a == null, a + 1];',
  },
  NumericLiteral: {
    status: 'passed',
    family: 'literal',
    reason: 'a JS value; an operator between two literals stays as written',
    example: 'const x = 2; return [0x10 + 1e3 + 1_000, x * 0.5];',
  },
  RegExpLiteral: {
    status: 'passed',
    family: 'literal',
    reason: 'a JS value (a new RegExp each evaluation, as in JS)',
    example: 'const r = /a/g; const s = "aaa"; let n = 0; while (r.exec(s)) n = n + 1; return n;',
  },
  StringLiteral: {
    status: 'passed',
    family: 'literal',
    reason: 'a JS value; `+` on strings concatenates as in JS',
    example: 'const a = "a"; let n = 1; return [a + "b", a + n, "10" < "9"];',
  },
  TemplateElement: {
    status: 'passed',
    family: 'literal',
    reason: 'the text of a template literal',
    example: 'const x = 2; return `x=${x * 2}!`;',
  },
  TemplateLiteral: {
    status: 'passed',
    family: 'literal',
    reason: 'its substitutions are converted; the string is built as in JS',
    example: 'const x = 2; return `${x}${x * x}${"x"}`;',
  },
} as const satisfies Rows;

/** Why module syntax is never met. */
const MODULE_LEVEL = 'module syntax: only at the top level of a module, never inside a function';

export const MODULES = {
  ExportAllDeclaration: notMet('module', MODULE_LEVEL),
  ExportDefaultDeclaration: notMet('module', MODULE_LEVEL),
  ExportNamedDeclaration: notMet('module', MODULE_LEVEL),
  ExportNamespaceSpecifier: notMet('module', MODULE_LEVEL),
  ExportSpecifier: notMet('module', MODULE_LEVEL),
  ImportAttribute: notMet('module', `${MODULE_LEVEL} (\`import … with { type: "json" }\`)`),
  ImportDeclaration: notMet('module', MODULE_LEVEL),
  ImportDefaultSpecifier: notMet('module', MODULE_LEVEL),
  ImportNamespaceSpecifier: notMet('module', MODULE_LEVEL),
  ImportSpecifier: notMet('module', MODULE_LEVEL),
  File: notMet('module', 'the parse result around the function (the converter receives the function node)'),
  Program: notMet('module', 'the program around the function (the converter receives the function node)'),
  InterpreterDirective: notMet('module', 'a `#!` line: only at the very start of a file'),
} as const satisfies Rows;

export const BABEL_INTERNALS = {
  Noop: notMet('babel', "made by Babel's own transforms, never by the parser"),
  Placeholder: notMet(
    'babel',
    '`%%name%%` of @babel/template, replaced before a pass returns (the placeholders parser plugin)',
  ),
  NumberLiteral: notMet('babel', 'a deprecated name: the parser makes NumericLiteral'),
  RegexLiteral: notMet('babel', 'a deprecated name: the parser makes RegExpLiteral'),
  RestProperty: notMet('babel', 'a deprecated name: the parser makes RestElement'),
  SpreadProperty: notMet('babel', 'a deprecated name: the parser makes SpreadElement'),
} as const satisfies Rows;
