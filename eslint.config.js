// ESLint for the whole repository (`npm run lint`, run by .ci/run): ESLint's and typescript-eslint's
// recommended rules on every TypeScript and JavaScript file we write, and `autograph/floors` on src/,
// the import boundaries generated from the floor table (scripts/lint/floors.mjs, also read by
// test/architecture/floors.test.ts). Formatting is Prettier's (`npm run format:check`), so no rule
// here is about layout.

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import floors from './scripts/lint/floors-rule.mjs';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig(
  {
    ignores: [
      'dist/',
      'out/',
      'coverage/',
      'docs/',
      'node_modules/',
      '.scratch/',
      // Inputs and outputs the tests compare byte for byte, and code written to be wrong.
      '**/fixtures/',
      '**/golden/',
      'test/plugin/.tmp-*/',
      // Sloppy-mode scripts (legacy octal literals, `with`), the converter's non-strict inputs:
      // typescript-eslint's parser, which reads every file here, refuses them.
      'test/convert/sloppy/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A file of programs that apply JS operators to tensors is `@ts-nocheck`, saying why.
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-nocheck': 'allow-with-description' }],
      // `_`-named parameters and rest siblings are deliberate: the name says "unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Programs under test: JavaScript written to exercise the converter and the language's corners
    // (dead stores, fall-through, `return` in `finally`, empty blocks, expressions for their effect
    // or their throw), compared with plain JS on the same values; many are `@ts-nocheck` because
    // they apply operators to tensors, which the checker (test/check), not tsc, types.
    files: [
      'test/conformance/**',
      'test/convert/**',
      'test/semantics/**',
      'test/corpus/**',
      'test/hardening/**',
      'test/fuzz/**',
      'test/trace/random/**',
    ],
    // their disable comments speak to readers with other linters' rules on
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      'no-empty': 'off',
      'no-fallthrough': 'off',
      'no-unsafe-finally': 'off',
      'no-useless-assignment': 'off',
      'prefer-const': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { autograph: floors },
    rules: { 'autograph/floors': ['error', { srcDir }] },
  },
);
