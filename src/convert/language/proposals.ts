// The language table's proposals: syntax only a Babel parser plugin reads, which V8 does not run, so
// no function reaches the run-time converter with it, and tsx and Vite do not accept it. (Only a Babel
// config that enables the plugin ahead of autograph-ts/babel could show one to the converter.)
// Needs entry.ts. Produces `PROPOSALS`.

import type { ParserPlugin } from '@babel/parser';
import { notMet, type NotMet, type Rows } from './entry.js';

/** A proposal's row: its name and the parser plugin that reads it (with an example body). */
function proposal(name: string, plugin: ParserPlugin, example?: string): NotMet {
  const id = typeof plugin === 'string' ? plugin : plugin[0];
  const reason = `${name} (a proposal): only Babel's \`${id}\` parser plugin reads it, and V8 does not run it`;
  return example === undefined ? notMet('proposal', reason) : notMet('proposal', reason, example, [plugin]);
}

const SMART: ParserPlugin = ['pipelineOperator', { proposal: 'smart' }];
const HACK: ParserPlugin = ['pipelineOperator', { proposal: 'hack', topicToken: '%' }];

export const PROPOSALS = {
  ArgumentPlaceholder: proposal(
    'partial application `f(?, 1)`',
    'partialApplication',
    'const f = (a, b) => a + b; const g = f(?, 1); return g(2);',
  ),
  BindExpression: proposal(
    'the bind operator `o::f`',
    'functionBind',
    'const o = { v: 1 }; function get() { return this.v; } return (o::get)();',
  ),
  DecimalLiteral: proposal('decimal literals `0.1m`', 'decimal', 'return 0.1m + 0.2m;'),
  DoExpression: proposal(
    'do expressions',
    'doExpressions',
    'const x = 1; return do { if (x > 0) { "pos"; } else { "neg"; } };',
  ),
  ExportDefaultSpecifier: proposal('`export v from "m"`', 'exportDefaultFrom'),
  ModuleExpression: proposal('module blocks', 'moduleBlocks', 'return module { export const x = 1; };'),
  PipelineBareFunction: proposal(
    'the smart pipeline `x |> f`',
    SMART,
    'const f = (v) => v + 1; const x = 2; return x |> f;',
  ),
  PipelinePrimaryTopicReference: proposal("the smart pipeline's topic `#`", SMART, 'const x = 2; return x |> # * 2;'),
  PipelineTopicExpression: proposal('the smart pipeline `x |> # * 2`', SMART, 'const x = 2; return x |> # * 2;'),
  RecordExpression: proposal('records `#{ a: 1 }`', ['recordAndTuple', { syntaxType: 'hash' }], 'return #{ a: 1 };'),
  TopicReference: proposal("the Hack pipeline's topic `%`", HACK, 'const x = 2; return x |> % * 2;'),
  TupleExpression: proposal('tuples `#[1, 2]`', ['recordAndTuple', { syntaxType: 'hash' }], 'return #[1, 2];'),
  VoidPattern: proposal(
    'discard bindings `const [void, b]`',
    ['discardBinding', { syntaxType: 'void' }],
    'const [void, b] = [1, 2]; return b;',
  ),
  V8IntrinsicIdentifier: {
    status: 'refused',
    family: 'proposal',
    passes: [],
    error: 'convert/parse-failed',
    construct: 'a V8 intrinsic (`%Name(…)`)',
    instead: 'call the intrinsic from a function that is not converted',
    reason:
      "V8 runs `%Name(…)` under --allow-natives-syntax, but the converter's parser (no v8intrinsic plugin) cannot read it",
    example: 'const f = () => 1; return %GetOptimizationStatus(f);',
    syntax: ['v8intrinsic'],
  },
} as const satisfies Rows;
