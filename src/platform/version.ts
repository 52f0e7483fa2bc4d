// The version of autograph-ts, package.json's "version": the build writes it into the bundle
// (scripts/build.mjs defines __AUTOGRAPH_VERSION__); the sources run as they are (tsx, vitest) read
// package.json beside them. Needs node:fs only in that case (platform/node). Produces `version`.

import { nodeBuiltin } from './node.js';

declare const __AUTOGRAPH_VERSION__: string | undefined;

/** package.json's version, read where the sources run unbundled (src/platform/ → the package root). */
function fromPackageJson(): string {
  try {
    const fs = nodeBuiltin<{ readFileSync(path: URL, encoding: 'utf8'): string }>('node:fs');
    return (JSON.parse(fs!.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
      .version;
  } catch {
    return '0.0.0-unknown';
  }
}

/** The version of autograph-ts (package.json's "version"), e.g. `'0.1.0'`. */
export const version: string = typeof __AUTOGRAPH_VERSION__ === 'string' ? __AUTOGRAPH_VERSION__ : fromPackageJson();
