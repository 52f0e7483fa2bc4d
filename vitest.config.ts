// Vitest for the whole suite, in three projects: `unit` (everything under test/ except test/in-place/
// and test/exec/webgpu/) exercises the run-time converter path, so those functions reach free
// variables through `scope`; `in-place` runs test/in-place/ through the autograph Vite plugin
// (src/plugin/vite-plugin.ts), so its functions passed to `jit` close over module variables and the
// imported `tf` freely; `webgpu` runs tfjs's webgpu backend in Node over SwiftShader
// (test/helpers/webgpu.ts), alone with `npx vitest run --project webgpu`.

import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { autograph } from './src/plugin/vite-plugin.js';
import { SlowestFirst } from './test/helpers/sequencer.js';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The slowest files start first (test/helpers/sequencer.ts), so the workers finish together.
    sequence: { sequencer: SlowestFirst },
    setupFiles: ['test/helpers/setup-converter.ts'],
    // The JSON report lets .ci/run print a plain "N passed, N failed" closing line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/in-place/**', 'test/exec/webgpu/**'],
        },
      },
      {
        extends: true,
        test: { name: 'webgpu', include: ['test/exec/webgpu/**/*.test.ts'] },
      },
      {
        extends: true,
        // Inside this repo autograph-ts is imported by path; users import 'autograph-ts' and need no options.
        plugins: [
          autograph({
            importSources: [/(^|\/)src\/index(\.[jt]s)?$/],
            runtimeModule: fileURLToPath(new URL('./src/plugin/runtime.ts', import.meta.url)),
          }),
        ],
        test: { name: 'in-place', include: ['test/in-place/**/*.test.ts'] },
      },
    ],
  },
});
