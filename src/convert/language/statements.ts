// The language table's statements: control flow (rewritten into runtime calls or flags), blocks,
// declarations, directives. Needs entry.ts. Produces `STATEMENTS` (one row per node type).

import type { RefusedForm, Rows } from './entry.js';
import { ASYNC } from './forms.js';

/** A switch the switch pass refuses: one case declares a name that another case uses. */
const SWITCH_FORMS: readonly RefusedForm[] = [
  {
    construct: 'a switch whose cases share the declaration of \'y\'', instead: 'declare \'y\' before the switch', error: 'convert/unsupported-syntax', pass: 'switch',
    example: 'const x = 2; switch (x) { case 1: let y = 2; break; case 2: y = 3; } return x;',
  },
];

export const STATEMENTS = {
  BlockStatement: {
    status: 'passed', family: 'statement', passes: ['break', 'continue', 'return'],
    reason: 'a scope: its statements are converted one by one (jump passes may guard the rest of it with `if (!flag)`)',
    example: 'const one = 1; let a = one; { let a = 2; a = a * 3; } return a;',
  },
  BreakStatement: {
    status: 'rewritten', family: 'statement', passes: ['switch', 'break'], helpers: [],
    into: '`break_ = true`; the rest of the body is guarded and the loop test gets `!break_` (a final break of a switch case is dropped)',
    reason: 'a staged loop body is a closure, which cannot break out of the loop that calls it',
    example: 'let s = 0; while (true) { s = s + 1; if (s > 3) break; } return s;',
  },
  ContinueStatement: {
    status: 'rewritten', family: 'statement', passes: ['continue'], helpers: [],
    into: '`continue_ = true`, reset at the start of each iteration; the rest of the body is guarded',
    reason: 'a staged loop body is a closure, which cannot continue the loop that calls it',
    example: 'let s = 0; for (let i = 0; i < 5; i++) { if (i % 2) continue; s = s + i; } return s;',
  },
  DebuggerStatement: {
    status: 'passed', family: 'statement',
    reason: 'no value and no control flow: under a debugger it pauses in the generated code',
    example: 'const one = 1; if (one > 5) debugger; return one * 2;',
  },
  DoWhileStatement: {
    status: 'rewritten', family: 'statement', passes: ['loop-tests', 'control-flow'], helpers: ['whileStmt'],
    into: 'the body as a closure, called once, then `ag__.whileStmt(test, body, get, set, names)` (a test that writes is evaluated in the body)',
    reason: 'a loop whose test is a tensor while tracing is staged as a While node',
    example: 'let i = 0; do { i = i + 2; } while (i < 5); return i;',
  },
  EmptyStatement: {
    status: 'passed', family: 'statement', passes: ['functions'],
    reason: 'does nothing (the functions pass drops it from statement lists)',
    example: 'let i = 0; for (; i < 3; i++); return i * 2;',
  },
  ExpressionStatement: {
    status: 'rewritten', family: 'statement', passes: ['effect-statements'], helpers: [],
    into: '`c ? a : b;`, `a && b;`, `a || b;`, `a ?? b;` → the if statements they mean; any other expression statement is kept (its expression converted)',
    reason: 'a dropped value only decides what runs: as an if, a staged one carries what its branches write and needs no one value of both sides',
    example: 'const one = 1; let a = one; let s = 0; (a > 0) && (s = s + 2); a > 5 ? (s = 1) : (a = a * 3); return [a, s];',
  },
  ForInStatement: {
    status: 'rewritten', family: 'statement', passes: ['control-flow'], helpers: ['forStmt', 'forInKeys'],
    into: '`ag__.forStmt(ag__.forInKeys(obj), extraTest, body, get, set, names)`: keys listed at the start, those deleted before their turn skipped',
    reason: 'the body becomes a closure over the loop variable; a tensor object is the catalogued convert/tensor-for-in',
    example: 'const o = { x: 1, y: 2 }; let s = 0; for (const k in o) s = s + o[k]; return s;',
  },
  ForOfStatement: {
    status: 'rewritten', family: 'statement', passes: ['control-flow'], helpers: ['forStmt'],
    into: '`ag__.forStmt(iterable, extraTest, body, get, set, names)` (a tensor iterates over its first axis, staged)',
    reason: 'a loop over a tensor while tracing is staged as a While node; other iterables run as JS',
    example: 'let s = 0; for (const v of [1, 2, 3]) s = s + v; return s;',
    refusedForms: [{ ...ASYNC, example: 'async function f(xs) { for await (const x of xs) {} } return typeof f;' }],
  },
  ForStatement: {
    status: 'rewritten', family: 'statement', passes: ['for-heads', 'loop-tests', 'control-flow'], helpers: ['whileStmt'],
    into: 'the update moved to the end of the body (a `let` that closures capture copied per iteration), then `ag__.whileStmt(…, { statement: \'for\' })`',
    reason: 'a loop whose test is a tensor while tracing is staged as a While node',
    example: 'let s = 0; for (let i = 0; i < 4; i++) s = s + i; return s;',
  },
  IfStatement: {
    status: 'rewritten', family: 'statement', passes: ['control-flow'], helpers: ['ifStmt'],
    into: 'the branches as closures: `ag__.ifStmt(test, body, orelse, get, set, names, nouts)`',
    reason: 'an if on a tensor while tracing is staged as a Cond node; otherwise one branch runs, as in JS',
    example: 'const x = -2; let y = 0; if (x < 0) y = -x; else y = x; return y;',
  },
  LabeledStatement: {
    status: 'rewritten', family: 'statement', passes: ['break'], helpers: [],
    into: 'removed once every labelled break/continue has its target: those jumps become flags',
    reason: 'labels only name jump targets, and the jump passes lower every jump',
    example: 'let n = 0; outer: for (let i = 0; i < 3; i++) { for (let j = 0; j < 3; j++) { if (j > i) continue outer; n = n + 1; } } return n;',
  },
  ReturnStatement: {
    status: 'rewritten', family: 'statement', passes: ['return'], helpers: [],
    into: 'unless it is the one final statement: `retval_ = e; do_return = true`, the rest guarded, and one final `return retval_`',
    reason: 'a staged branch or loop body is a closure, which cannot return from the function around it',
    example: 'for (let i = 0; i < 10; i++) { if (i * i > 10) return i; } return -1;',
  },
  SwitchCase: {
    status: 'rewritten', family: 'statement', passes: ['switch'], helpers: ['strictEq'],
    into: 'its test one `switch_value === test` of the chain its switch becomes, its body guarded there',
    reason: 'rewritten with its switch statement',
    example: 'const x = 2; let r = 0; switch (x) { case 1: r = 10; break; case 2: r = 20; break; } return r;',
  },
  SwitchStatement: {
    status: 'rewritten', family: 'statement', passes: ['switch'], helpers: ['strictEq', 'ifStmt', 'le'],
    into: 'an if/else-if chain on `switch_value === test` when each case ends in a jump; else the index of the case entered, each body under `if (switch_case <= k)`',
    reason: 'a switch on a tensor is then staged as conds; fall-through and breaks inside cases keep their JS meaning',
    example: 'const x = 2; let r = ""; switch (x) { case 1: r = "one"; break; case 2: r = r + "two"; case 3: r = r + "few"; break; default: r = "many"; } return r;',
    refusedForms: SWITCH_FORMS,
  },
  ThrowStatement: {
    status: 'passed', family: 'statement',
    reason: 'throws as in JS; in a branch staged on a tensor it throws when the branch is traced, whatever the data (ag.assert stages a check)',
    example: 'const x = -1; if (x < 0) throw new RangeError("negative"); return x;',
  },
  TryStatement: {
    status: 'rewritten', family: 'statement', passes: ['finally', 'control-flow'], helpers: ['enterTry', 'exitTry'],
    into: 'with a catch: its block bracketed by `ag__.enterTry()`/`ag__.exitTry()`; a finally that jumps: a labelled block, the finally body, the completion replayed',
    reason: 'staging errors must not be caught by the user\'s catch, and jump passes cannot cross a finally that jumps',
    example: 'let s = 0; try { s = 1; JSON.parse("{"); } catch (e) { s = s + 10; } finally { s = s + 100; } return s;',
  },
  CatchClause: {
    status: 'rewritten', family: 'statement', passes: ['control-flow'], helpers: ['rethrowStagingError', 'exitTry'],
    into: 'its body first calls `ag__.exitTry()` and `ag__.rethrowStagingError(e)` (a pattern parameter is destructured after)',
    reason: 'errors raised by staging are not the user\'s to catch',
    example: 'const one = 1; try { throw new TypeError("t" + one); } catch ({ message }) { return message; }',
  },
  VariableDeclaration: {
    status: 'rewritten', family: 'statement', passes: ['functions', 'lists', 'slices'], helpers: [],
    into: '`var` → one `let` at the top of the function and assignments where it stood; `const` arrays pushed, popped or set by index → `let`',
    reason: 'closures of staged bodies assign the function\'s variables, which must be declared where every closure sees them',
    example: 'var a = 1; let b = 2; const c = 3; if (a > 0) { var d = a + b + c; } return d;',
  },
  VariableDeclarator: {
    status: 'rewritten', family: 'statement', passes: ['functions', 'lists'], helpers: ['aliasOf'],
    into: 'a `var` declarator becomes an assignment; `const y = z` of a pushed array `z` becomes `const y = ag__.aliasOf(z)`',
    reason: 'rewritten with its declaration; an alias of a staged list is marked so that staging can warn about it',
    example: 'const z = []; const y = z; z.push(1); return [y.length, z.length * 2];',
  },
  WhileStatement: {
    status: 'rewritten', family: 'statement', passes: ['loop-tests', 'control-flow'], helpers: ['whileStmt'],
    into: '`ag__.whileStmt(test, body, get, set, names)`, test and body as closures (a test that writes is evaluated in the body)',
    reason: 'a loop whose test is a tensor while tracing is staged as a While node',
    example: 'let n = 27, c = 0; while (n != 1) { n = n % 2 == 0 ? n / 2 : 3 * n + 1; c = c + 1; } return c;',
  },
  WithStatement: {
    status: 'refused', family: 'statement', passes: ['functions'], error: 'convert/unsupported-syntax',
    construct: 'the with statement', instead: 'access the object properties explicitly',
    reason: 'names inside it resolve at run time, so no analysis can tell which variables a branch modifies',
    example: 'const o = { a: 1 }; with (o) { return a + 1; }',
  },
  Directive: {
    status: 'passed', family: 'statement',
    reason: 'a prologue (`"use strict"`): the generated function keeps the mode of the original',
    example: '"use strict"; const one = 1; return [(function () { return this; })() === undefined, one * 2];',
  },
  DirectiveLiteral: {
    status: 'passed', family: 'statement',
    reason: 'the text of a Directive',
    example: '"use strict"; const one = 1; return one * 2;',
  },
} as const satisfies Rows;
