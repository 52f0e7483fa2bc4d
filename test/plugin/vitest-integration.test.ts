// Vitest with the Vite plugin in a config's `plugins`: runs examples/plugin/vitest.config.ts in a
// child Vitest, whose spec's jit functions close over module variables with no `scope`.
// Needs examples/plugin. Checks that the child run passes.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './app-source.js';

describe('vitest + vite plugin', () => {
  it('a spec converted by the plugin passes', () => {
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'examples/plugin/vitest.config.ts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          VITEST: undefined,
          VITEST_WORKER_ID: undefined,
          VITEST_POOL_ID: undefined,
        },
        timeout: 120_000,
      },
    );
    expect(r.stdout + r.stderr).toMatch(/1 passed/);
    expect(r.status).toBe(0);
  });
});
