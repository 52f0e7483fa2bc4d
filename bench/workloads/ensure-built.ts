// Builds dist/ before a workload that runs the built package (B11's import, B12's CLI) when the
// entry it runs is missing or older than anything in src/.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newest(dir: string): number {
  return Math.max(
    ...readdirSync(dir).map((f) => {
      const p = join(dir, f);
      const s = statSync(p);
      return s.isDirectory() ? newest(p) : s.mtimeMs;
    }),
  );
}

/** Runs `npm run build` when `entry` (relative to the checkout) is missing or older than src/. */
export function ensureBuilt(entry: string, log: (line: string) => void): void {
  const path = join(ROOT, entry);
  if (existsSync(path) && statSync(path).mtimeMs >= newest(join(ROOT, 'src'))) return;
  log('  building dist/ (npm run build) …');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
