// The optional peers a CLI command needs, loaded when it runs: typescript for `autograph check` (the
// app's own copy, so the checker is the compiler the project builds with). Missing, or a version the
// checker does not run on, is the catalogued cli/typescript-missing naming the install command.
// Needs typescript (optional). Produces `loadTypeScript`.

import { createRequire } from 'node:module';
import type ts from 'typescript';
import { cliError } from './messages.js';

/** TypeScript versions the checker runs on: 5.9 and later 5.x, and 6.x (7 has no compiler API in JS). */
function supported(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (major === 5 && minor >= 9) || major === 6;
}

/**
 * The app's typescript module, or cli/typescript-missing. (require, not import(): Node would first
 * scan the compiler's 9 MB of CommonJS for its named exports, about 0.3 s.)
 */
export function loadTypeScript(): typeof ts {
  let tsm: typeof ts;
  try {
    tsm = createRequire(import.meta.url)('typescript') as typeof ts;
  } catch (e) {
    const missing = (e as { code?: string }).code === 'MODULE_NOT_FOUND';
    throw cliError(
      'cli/typescript-missing',
      { reason: missing ? 'it is not installed' : `it could not be loaded: ${String(e)}` },
      e,
    );
  }
  if (typeof tsm.version !== 'string' || !supported(tsm.version)) {
    throw cliError('cli/typescript-missing', {
      reason: `the installed typescript ${String(tsm.version)} is not a version it runs on: 5.9 or a later 5.x, or 6.x`,
    });
  }
  return tsm;
}
