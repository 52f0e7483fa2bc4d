// A Vitest config using the autograph Vite plugin, so tests may close over module variables freely
// (no `scope`). Run: npx vitest run --config examples/plugin/vitest.config.ts
// Needs src/plugin/vite-plugin. Produces the config (the project's own config can add the same plugin).

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { autograph } from '../../src/plugin/vite-plugin.js';

export default defineConfig({
  // Inside this repo autograph-ts is imported by path; users import 'autograph-ts' and need no options.
  plugins: [
    autograph({
      importSources: [/(^|\/)src\/index(\.[jt]s)?$/],
      runtimeModule: fileURLToPath(new URL('../../src/plugin/runtime.ts', import.meta.url)),
    }),
  ],
  test: { include: ['examples/plugin/**/*.spec.ts'], testTimeout: 60_000, pool: 'forks' },
});
