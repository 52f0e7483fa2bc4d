// Where the rest of the library finds the run-time converter: its two entry points are installed by
// install.ts, which the Node entry imports and browser bundles import only through
// `autograph-ts/convert` — so a page whose functions were converted at build time carries none of
// the converter. Needs nothing of the converter itself. Produces `installConverter`, `sourceConverter`,
// `installedConverter`.

import type { convertSource } from './convert-source.js';
import type { instantiate } from './instantiate.js';
import type { fieldWritesOf } from './analysis/outer-writes.js';
import { agError } from '../errors/catalogue.js';

export interface SourceConverter {
  readonly convertSource: typeof convertSource;
  readonly instantiate: typeof instantiate;
  readonly fieldWritesOf: typeof fieldWritesOf;
}

let installed: SourceConverter | undefined;

/** Called once by install.ts. */
export function installConverter(c: SourceConverter): void {
  installed = c;
}

/** The run-time converter when it is installed (a bundle may leave it out), else undefined. */
export function installedConverter(): SourceConverter | undefined {
  return installed;
}

/** The run-time converter; `convert/converter-missing` in a bundle that left it out. */
export function sourceConverter(): SourceConverter {
  if (!installed) throw agError('convert/converter-missing', { reason: 'this bundle leaves the converter out' });
  return installed;
}
