// Parses the source text of one function (as `fn.toString()` gives it) into a Babel AST.
// Needs @babel/parser (through babel-load). Produces `ParsedFunction`: the function node (declaration, expression,
// arrow or method), its kind and name; line/column of nodes are those of the source text.

import * as t from './util/babel-types.js';
import { babel, ensureBabelTypes } from './util/babel-load.js';
import { agError } from '../errors/catalogue.js';
import { locationOf } from './source-location.js';

export type FunctionKind = 'function' | 'arrow' | 'method';

export interface ParsedFunction {
  readonly source: string;
  readonly name: string;
  readonly kind: FunctionKind;
  /** The function node; methods are turned into function expressions. */
  readonly node: t.FunctionExpression | t.FunctionDeclaration | t.ArrowFunctionExpression;
  /** The program holding the node (comments are attached to nodes). */
  readonly file: t.File;
}

function tryParse(code: string): t.File | Error {
  ensureBabelTypes();
  try {
    // The source starts on line 1 after the wrapper's first line (startLine 0 keeps lines aligned).
    return babel('parser').parse(code, {
      sourceType: 'script',
      startLine: 0,
      errorRecovery: false,
    }) as unknown as t.File;
  } catch (e) {
    return e as Error;
  }
}

/** Parses `source` (the text of one function) named `name`. */
export function parseFunction(source: string, name: string): ParsedFunction {
  if (/\{\s*\[native code\]\s*\}\s*$/.test(source)) throw agError('convert/native-function', { name });
  const asExpr = tryParse(`(\n${source}\n)`);
  if (!(asExpr instanceof Error)) {
    const st = asExpr.program.body[0];
    if (st && t.isExpressionStatement(st)) {
      const e = st.expression;
      if (t.isFunctionExpression(e) || t.isArrowFunctionExpression(e)) {
        return { source, name, kind: t.isArrowFunctionExpression(e) ? 'arrow' : 'function', node: e, file: asExpr };
      }
      if (t.isClassExpression(e)) {
        throw agError('convert/unsupported-syntax', {
          construct: 'converting a class',
          instead:
            'convert its methods (or the function that uses it); methods called from converted code are converted',
        });
      }
    }
  }
  // A method (`m(x) { … }`, `get v() { … }`): parse it inside an object literal.
  const asMethod = tryParse(`({\n${source}\n})`);
  if (!(asMethod instanceof Error)) {
    const st = asMethod.program.body[0];
    const obj = st && t.isExpressionStatement(st) ? st.expression : null;
    const m = t.isObjectExpression(obj) ? obj.properties[0] : null;
    if (m && t.isObjectMethod(m)) {
      // A method named by a keyword (`delete(x) { … }`) keeps no name: `function delete` does not parse.
      const id =
        t.isIdentifier(m.key) && !m.computed && t.isValidIdentifier(m.key.name) ? t.identifier(m.key.name) : null;
      const fe = t.functionExpression(id, m.params, m.body, m.generator, m.async);
      fe.loc = m.loc;
      fe.start = m.start;
      fe.end = m.end;
      return { source, name, kind: 'method', node: fe, file: asMethod };
    }
  }
  const err = asExpr instanceof Error ? asExpr : new Error('not a function');
  const pos = (err as { loc?: { line: number; column: number } }).loc;
  throw agError(
    'convert/parse-failed',
    { name, reason: err.message.replace(/\s*\(\d+:\d+\)$/, '') },
    pos ? locationOf(source, name, pos) : undefined,
  );
}
