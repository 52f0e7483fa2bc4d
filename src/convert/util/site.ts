// The header of each if/loop/case as the user wrote it (`while (a != 1)`, `for (const c of l)`,
// `case 2:`), printed from the original AST before any pass rewrites it, for the labels of the
// Cond/While it becomes. Needs @babel/types, the generator. Produces `recordSites`.

import * as t from './babel-types.js';
import { generateCode } from './babel.js';
import { walk } from './walk.js';

const MAX = 60;

function print(n: t.Node | null | undefined): string {
  if (!n) return '';
  const code = generateCode(n, { comments: false, compact: false, retainLines: false }).code;
  return code.replace(/;$/, '');
}

function tidy(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > MAX ? `${one.slice(0, MAX - 1)}…` : one;
}

/** `while (a != 1)` and the like for `n`, or undefined for other nodes. */
function header(n: t.Node): string | undefined {
  if (t.isIfStatement(n)) return `if (${print(n.test)})`;
  if (t.isWhileStatement(n)) return `while (${print(n.test)})`;
  if (t.isDoWhileStatement(n)) return `do … while (${print(n.test)})`;
  if (t.isForStatement(n)) return `for (${print(n.init)}; ${print(n.test)}; ${print(n.update)})`;
  if (t.isForOfStatement(n)) return `for ${n.await ? 'await ' : ''}(${print(n.left)} of ${print(n.right)})`;
  if (t.isForInStatement(n)) return `for (${print(n.left)} in ${print(n.right)})`;
  if (t.isSwitchCase(n)) return n.test ? `case ${print(n.test)}:` : 'default:';
  return undefined;
}

/** Records the header of every if, loop and switch case of `root` (nested functions included) in `sites`. */
export function recordSites(root: t.Node, sites: Map<t.Node, string>): void {
  walk(root, (n) => {
    if (t.isClass(n)) return false;
    const h = header(n);
    if (h !== undefined) sites.set(n, tidy(h));
    return undefined;
  });
}
