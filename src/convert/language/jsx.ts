// The language table's JSX node types. tsx and Vite compile JSX into calls before conversion (and
// fn.toString() shows compiled code at run time); only the Babel plugin meets JSX, ahead of the JSX
// transform, and leaves it in place with the expressions inside converted. Needs entry.ts.
// Produces `JSX`.

import type { ParserPlugin } from '@babel/parser';
import type { Passed, Rows } from './entry.js';

const SYNTAX: readonly ParserPlugin[] = ['jsx'];
/** The element factory the examples use (the JSX transform calls it). */
const H = 'const h = (tag, props, ...children) => ({ tag, props, children });';

/** A JSX node: `what` it is, in a function body with an element that has it. */
const jsx = (what: string, element: string): Passed => ({
  status: 'passed',
  family: 'jsx',
  syntax: SYNTAX,
  reason: `${what}: left for the JSX transform (the element factory is called as written); expressions inside are converted`,
  example: `${H} const n = 2; return ${element};`,
});

export const JSX = {
  JSXAttribute: jsx('an attribute `a={e}`', '<p a={n * 2} />'),
  JSXClosingElement: jsx('a closing tag', '<p>{n * 2}</p>'),
  JSXClosingFragment: jsx('`</>`', '<>{n * 2}</>'),
  JSXElement: jsx('an element', '<p>{n * 2}</p>'),
  JSXEmptyExpression: jsx('an empty `{}` (a comment)', '<p>{/* none */}{n * 2}</p>'),
  JSXExpressionContainer: jsx('`{e}`', '<p>{n * 2}</p>'),
  JSXFragment: jsx('a fragment `<>…</>`', '<>{n * 2}</>'),
  JSXIdentifier: jsx('a tag or attribute name', '<p id={n * 2} />'),
  JSXMemberExpression: jsx('a tag `a.b`', '<h.x>{n * 2}</h.x>'),
  JSXNamespacedName: jsx('a name `a:b`', '<svg:p x:y={n * 2} />'),
  JSXOpeningElement: jsx('an opening tag', '<p>{n * 2}</p>'),
  JSXOpeningFragment: jsx('`<>`', '<>{n * 2}</>'),
  JSXSpreadAttribute: jsx('`{...props}`', '<p {...{ a: n * 2 }} />'),
  JSXSpreadChild: jsx('`{...children}`', '<p>{...[n * 2]}</p>'),
  JSXText: jsx('text between tags', '<p>n is {n * 2}</p>'),
} as const satisfies Rows;
