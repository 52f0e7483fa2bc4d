// The expressions of converted functions that the converter may turn into tensor ops — the same ones
// its passes rewrite (operators, logical-expressions, conditional-expressions, for…of in
// control-flow) — each with the operands whose types decide whether it is a tensor op.
// Needs the compiler's AST and the converter's operator tables. Produces `collectCandidates`, `Candidate`.

import type ts from 'typescript';
import { BINARY_OPS, MATH_FUNCTIONS } from '../convert/util/operator-names.js';
import type { FunctionNode } from './converted-functions.js';

export type Candidate =
  /** `a op b` → `__autograph.<helper>(a, b)`. */
  | {
      readonly kind: 'binary';
      readonly node: ts.BinaryExpression;
      readonly helper: string;
      readonly operands: readonly ts.Expression[];
    }
  /** `a && b`, `a || b`: decided by the left operand. */
  | {
      readonly kind: 'logical';
      readonly node: ts.BinaryExpression;
      readonly helper: 'and' | 'or';
      readonly operands: readonly ts.Expression[];
    }
  /** `-a`, `+a`, `~a`, `!a`. */
  | {
      readonly kind: 'unary';
      readonly node: ts.PrefixUnaryExpression;
      readonly helper: string;
      readonly operands: readonly ts.Expression[];
    }
  /** `x++`, `--x` on an identifier or a member chain → `(x = __autograph.inc(x))`. */
  | {
      readonly kind: 'update';
      readonly node: ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
      readonly helper: 'inc' | 'dec';
      readonly operands: readonly ts.Expression[];
    }
  /** `x op= y` → `x = __autograph.<helper>(x, y)`. */
  | {
      readonly kind: 'compound';
      readonly node: ts.BinaryExpression;
      readonly helper: string;
      readonly operands: readonly ts.Expression[];
    }
  /** `Math.f(…)` → `__autograph.Math.f(…)`. */
  | {
      readonly kind: 'math';
      readonly node: ts.CallExpression;
      readonly helper: string;
      readonly operands: readonly ts.Expression[];
    }
  /** `c ? a : b` → `__autograph.ifExp(c, a, b)`. */
  | {
      readonly kind: 'conditional';
      readonly node: ts.ConditionalExpression;
      readonly helper: 'ifExp';
      readonly operands: readonly ts.Expression[];
    }
  /** `for (x of e)` → `for (x of __autograph.iter(e))`. */
  | {
      readonly kind: 'forOf';
      readonly node: ts.ForOfStatement;
      readonly helper: 'iter';
      readonly operands: readonly ts.Expression[];
    };

function skipParens(tsm: typeof ts, e: ts.Expression): ts.Expression {
  while (tsm.isParenthesizedExpression(e)) e = e.expression;
  return e;
}

/** Operands that never make a tensor op (the operators pass leaves these comparisons to JS). */
function isPlainOperand(tsm: typeof ts, e0: ts.Expression): boolean {
  const e = skipParens(tsm, e0);
  return (
    tsm.isStringLiteral(e) ||
    tsm.isNoSubstitutionTemplateLiteral(e) ||
    tsm.isTemplateExpression(e) ||
    e.kind === tsm.SyntaxKind.NullKeyword ||
    (tsm.isIdentifier(e) && e.text === 'undefined') ||
    tsm.isTypeOfExpression(e)
  );
}

/** An assignment target the operators pass rewrites (`x`, `this.a`, `o.a.b`, `o[0]`, `o[k]`). */
function isPureTarget(tsm: typeof ts, e: ts.Expression): boolean {
  if (tsm.isIdentifier(e) || e.kind === tsm.SyntaxKind.ThisKeyword) return true;
  if (tsm.isPropertyAccessExpression(e)) return !tsm.isPrivateIdentifier(e.name) && isPureTarget(tsm, e.expression);
  if (tsm.isElementAccessExpression(e)) {
    const a = e.argumentExpression;
    return (
      isPureTarget(tsm, e.expression) && (tsm.isIdentifier(a) || tsm.isStringLiteral(a) || tsm.isNumericLiteral(a))
    );
  }
  return false;
}

function unaryHelper(tsm: typeof ts, op: ts.PrefixUnaryOperator): string | undefined {
  const K = tsm.SyntaxKind;
  if (op === K.MinusToken) return 'neg';
  if (op === K.PlusToken) return 'pos';
  if (op === K.TildeToken) return 'bitNot';
  if (op === K.ExclamationToken) return 'not';
  return undefined;
}

/**
 * The candidates inside `fns` (and the functions and classes nested in them, which the converter
 * converts with them), innermost first.
 */
export function collectCandidates(tsm: typeof ts, fns: readonly FunctionNode[]): Candidate[] {
  const out: Candidate[] = [];
  const visit = (n: ts.Node): void => {
    tsm.forEachChild(n, visit); // children first: an inner decision informs the outer one
    const c = candidateOf(tsm, n);
    if (c) out.push(c);
  };
  for (const fn of fns) visit(fn);
  return out;
}

function candidateOf(tsm: typeof ts, n: ts.Node): Candidate | undefined {
  const K = tsm.SyntaxKind;
  if (tsm.isBinaryExpression(n)) {
    const opText = tsm.tokenToString(n.operatorToken.kind) ?? '';
    if (n.operatorToken.kind === K.AmpersandAmpersandToken || n.operatorToken.kind === K.BarBarToken) {
      return {
        kind: 'logical',
        node: n,
        helper: n.operatorToken.kind === K.AmpersandAmpersandToken ? 'and' : 'or',
        operands: [n.left],
      };
    }
    const helper = BINARY_OPS[opText];
    if (helper) {
      if (isPlainOperand(tsm, n.left) || isPlainOperand(tsm, n.right)) return undefined;
      if (tsm.isNumericLiteral(skipParens(tsm, n.left)) && tsm.isNumericLiteral(skipParens(tsm, n.right)))
        return undefined;
      return { kind: 'binary', node: n, helper, operands: [n.left, n.right] };
    }
    if (
      opText.length > 1 &&
      opText.endsWith('=') &&
      opText !== '==' &&
      opText !== '===' &&
      opText !== '!=' &&
      opText !== '!=='
    ) {
      const compound = BINARY_OPS[opText.slice(0, -1)];
      if (compound && isPureTarget(tsm, n.left))
        return { kind: 'compound', node: n, helper: compound, operands: [n.left, n.right] };
    }
    return undefined;
  }
  if (tsm.isPrefixUnaryExpression(n)) {
    if (n.operator === K.PlusPlusToken || n.operator === K.MinusMinusToken) {
      if (!isPureTarget(tsm, n.operand)) return undefined;
      return { kind: 'update', node: n, helper: n.operator === K.PlusPlusToken ? 'inc' : 'dec', operands: [n.operand] };
    }
    const helper = unaryHelper(tsm, n.operator);
    if (!helper) return undefined;
    if (helper !== 'not' && tsm.isNumericLiteral(n.operand)) return undefined;
    return { kind: 'unary', node: n, helper, operands: [n.operand] };
  }
  if (tsm.isPostfixUnaryExpression(n)) {
    if (!isPureTarget(tsm, n.operand)) return undefined;
    return { kind: 'update', node: n, helper: n.operator === K.PlusPlusToken ? 'inc' : 'dec', operands: [n.operand] };
  }
  if (tsm.isCallExpression(n) && tsm.isPropertyAccessExpression(n.expression)) {
    const callee = n.expression;
    if (!tsm.isIdentifier(callee.expression) || callee.expression.text !== 'Math' || !tsm.isIdentifier(callee.name))
      return undefined;
    if (!MATH_FUNCTIONS.has(callee.name.text) || n.questionDotToken || callee.questionDotToken) return undefined;
    return { kind: 'math', node: n, helper: callee.name.text, operands: [...n.arguments] };
  }
  if (tsm.isConditionalExpression(n)) return { kind: 'conditional', node: n, helper: 'ifExp', operands: [n.condition] };
  if (tsm.isForOfStatement(n) && !n.awaitModifier)
    return { kind: 'forOf', node: n, helper: 'iter', operands: [n.expression] };
  return undefined;
}
