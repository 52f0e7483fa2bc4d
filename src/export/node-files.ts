// The file-system modules the exporters' save/load helpers use, loaded when one is called, so that
// the exporters themselves run anywhere (a browser gets a catalogued error from those helpers only).
// Needs platform/node. Produces `nodeFiles`, `writeFileAt`.

import type * as Fs from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import type * as Path from 'node:path';
import { agError } from '../errors/catalogue.js';
import { nodeBuiltin } from '../platform/node.js';

export interface NodeFiles {
  readonly fs: typeof Fs;
  readonly fsp: typeof FsPromises;
  readonly path: typeof Path;
}

/** node:fs, node:fs/promises and node:path; `export/node-only` naming `call` outside Node. */
export function nodeFiles(call: string): NodeFiles {
  const fs = nodeBuiltin<typeof Fs>('node:fs');
  const fsp = nodeBuiltin<typeof FsPromises>('node:fs/promises');
  const path = nodeBuiltin<typeof Path>('node:path');
  if (!fs || !fsp || !path) throw agError('export/node-only', { call });
  return { fs, fsp, path };
}

/** Writes `data` into the file `path` (`export/node-only` naming `call` outside Node). */
export async function writeFileAt(call: string, path: string, data: string | Uint8Array): Promise<void> {
  await nodeFiles(call).fsp.writeFile(path, data);
}
