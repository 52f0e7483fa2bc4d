// Whether a function is strict code, so that its conversion runs in the same mode (sloppy code —
// CommonJS files without "use strict", `new Function` — differs in `this`, `arguments` aliasing,
// writes to frozen objects, octal literals). An ordinary sloppy function has own `caller` and
// `arguments` properties; arrows and methods do not show it, so their script is read (through
// function-origin) and the function's place in it checked: a module, a class, or a "use strict"
// directive around it. Needs function-origin, @babel/parser. Produces `isStrictFunction`.

import * as t from './util/babel-types.js';
import { babel } from './util/babel-load.js';
import { scriptOf } from './function-origin.js';
import type { UserFunction } from '../platform/functions.js';

const parsedScripts = new Map<string, t.File | null>();

function parseScript(text: string): t.File | null {
  let file = parsedScripts.get(text);
  if (file !== undefined) return file;
  file = null;
  for (const sourceType of ['script', 'module'] as const) {
    try {
      file = babel('parser').parse(text, {
        sourceType,
        errorRecovery: true,
        allowReturnOutsideFunction: true,
      }) as unknown as t.File;
      break;
    } catch {
      // try the other source type
    }
  }
  if (parsedScripts.size > 64) parsedScripts.clear();
  parsedScripts.set(text, file);
  return file;
}

const useStrict = (body: { directives?: t.Directive[] } | null | undefined): boolean =>
  (body?.directives ?? []).some((d) => d.value.value === 'use strict');

/** Whether the code at `offset` of the program is strict: inside a class or under a "use strict" directive. */
function strictAt(file: t.File, offset: number): boolean | undefined {
  if (useStrict(file.program)) return true;
  let found: boolean | undefined;
  const visit = (n: t.Node, strict: boolean): void => {
    if (found !== undefined || n.start == null || n.end == null || offset < n.start || offset >= n.end) return;
    if (t.isClass(n)) strict = true;
    if (t.isFunction(n) && t.isBlockStatement(n.body) && useStrict(n.body)) strict = true;
    if (t.isFunction(n) && n.start === offset) {
      found = strict;
      return;
    }
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      if (Array.isArray(c)) c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node, strict));
      else if (c && typeof c === 'object') visit(c as t.Node, strict);
    }
    // A method's text starts at its key; V8's location may be inside it: the innermost function wins.
    if (found === undefined && t.isFunction(n) && offset >= n.start && offset < n.end) found = strict;
  };
  visit(file.program, false);
  return found;
}

/** What a function's own text tells of its mode: 'sloppy' (it only parses so), 'strict' (its own
 * "use strict"), true (its meaning may depend on its mode), false (it does not). */
export type ModeHint = boolean | 'sloppy' | 'strict';

/**
 * Whether the meaning of `root` (an arrow or a method) may depend on its mode: writes to properties
 * (frozen objects), `delete`, function declarations in blocks, `arguments` of a method. Octal
 * literals only parse in sloppy code: they show it.
 */
export function modeSensitive(root: t.Function): ModeHint {
  let found: ModeHint = false;
  const visit = (n: t.Node, inBlock: boolean): void => {
    if (found === 'sloppy') return;
    if (
      (t.isNumericLiteral(n) && /^0\d/.test(String(n.extra?.raw ?? ''))) ||
      (t.isStringLiteral(n) && /\\(?:0\d|[1-7])/.test(String(n.extra?.raw ?? '')))
    ) {
      found = 'sloppy';
      return;
    }
    if (t.isAssignmentExpression(n) && t.isMemberExpression(n.left)) found = true;
    if (t.isUpdateExpression(n) && t.isMemberExpression(n.argument)) found = true;
    if (t.isUnaryExpression(n, { operator: 'delete' })) found = true;
    if (t.isFunctionDeclaration(n) && inBlock) found = true;
    if (t.isIdentifier(n, { name: 'arguments' }) && !t.isArrowFunctionExpression(root)) found = true;
    for (const k of t.VISITOR_KEYS[n.type] ?? []) {
      const c = (n as unknown as Record<string, unknown>)[k];
      const block = t.isBlockStatement(n) && !(t.isFunction(n) && k === 'body');
      if (Array.isArray(c))
        c.forEach((x) => x && typeof x === 'object' && visit(x as t.Node, block || (inBlock && !t.isFunction(n))));
      else if (c && typeof c === 'object') visit(c as t.Node, t.isFunction(n) ? false : inBlock);
    }
  };
  if (t.isBlockStatement(root.body) && useStrict(root.body)) return 'strict';
  visit(root, false);
  return found;
}

/**
 * True when `fn` is strict code (or its mode cannot be told: strict is what modules, classes and
 * TypeScript output are).
 */
export function isStrictFunction(fn: UserFunction, source: string, sensitive: ModeHint): boolean {
  // An ordinary function (not arrow, method or class member) shows its mode directly.
  if (Object.prototype.hasOwnProperty.call(fn, 'caller')) return false;
  if (sensitive === 'strict' || ('prototype' in fn && !/^class\b/.test(source))) return true;
  if (sensitive === 'sloppy') return false;
  // Finding the script is slow the first time per script: only where the mode makes a difference.
  if (!sensitive) return true;
  const script = scriptOf(fn);
  if (!script) return true;
  if (script.isModule) return true;
  const file = parseScript(script.text);
  if (!file) return true;
  return strictAt(file, script.start) ?? true;
}
