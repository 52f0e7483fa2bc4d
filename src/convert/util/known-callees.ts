// Callees that are never the user's code: members of well-known globals (`tf.add`, `Math.floor`,
// `console.log`, `ag__.*`) and well-known global functions. The call-trees pass calls them directly
// (not through convertedCall); the closure analysis knows they run no user closure they are not
// handed. Needs nothing. Produces `DIRECT_ROOTS`, `DIRECT_FUNCTIONS`, `rootName`.

import * as t from './babel-types.js';

/** Free names whose members are never user code. */
export const DIRECT_ROOTS: ReadonlySet<string> = new Set([
  'ag__',
  'tf',
  'Math',
  'JSON',
  'Object',
  'Array',
  'Number',
  'String',
  'Boolean',
  'Symbol',
  'Reflect',
  'Promise',
  'Date',
  'BigInt',
  'Map',
  'Set',
  'WeakMap',
  'console',
  'performance',
  'process',
]);

/** Global functions that are never user code. */
export const DIRECT_FUNCTIONS: ReadonlySet<string> = new Set([
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'Number',
  'String',
  'Boolean',
  'Array',
  'Symbol',
  'BigInt',
  'require',
  'Object',
]);

/** `a` of `a.b.c` (also through optional members); null when the root is not a name. */
export function rootName(e: t.Node): string | null {
  while (t.isMemberExpression(e) || t.isOptionalMemberExpression(e)) e = e.object;
  return t.isIdentifier(e) ? e.name : null;
}
