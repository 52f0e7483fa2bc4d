// The ESLint rule `autograph/floors`: a relative import in src/ (type-only ones and dynamic
// `import()` too) that runs from a floor up to a higher one, across folders of one floor, or between
// code-generation targets other than as allowed, is reported where it is written. The table is
// floors.mjs, the one the architecture test reads; the rule is registered in eslint.config.js.

import path from 'node:path';
import { importRefusal } from './floors.mjs';

/** The src-relative path (with a .ts extension) that `specifier`, imported from `file`, names; undefined outside src/. */
function resolveInSrc(srcDir, file, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const abs = path.resolve(path.dirname(file), specifier);
  const rel = path.relative(srcDir, abs).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.replace(/\.(m?js|m?ts)$/, '') + '.ts';
}

/** @type {import('eslint').Rule.RuleModule} */
export const floorsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports in src/ run from a floor down, never up (docs/architecture.md)' },
    schema: [
      { type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'], additionalProperties: false },
    ],
    messages: {
      up: '{{reason}}. The floors are in scripts/lint/floors.mjs and docs/architecture.md: move the code down, or pass what it needs in from above.',
    },
  },
  create(context) {
    const srcDir = context.options[0].srcDir;
    const from = path.relative(srcDir, context.filename).split(path.sep).join('/');
    if (from.startsWith('..') || path.isAbsolute(from)) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const to = resolveInSrc(srcDir, context.filename, source.value);
      if (to === undefined) return;
      let reason;
      try {
        reason = importRefusal(from, to);
      } catch (e) {
        reason = e instanceof Error ? e.message : String(e);
      }
      if (reason) context.report({ node: source, messageId: 'up', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
      TSImportType: (node) => {
        const arg = node.source ?? node.argument?.literal ?? node.argument;
        check(node, arg?.type === 'Literal' ? arg : undefined);
      },
    };
  },
};

/** The plugin that carries the rule, as eslint.config.js registers it. */
export default { meta: { name: 'autograph-floors' }, rules: { floors: floorsRule } };
