// A disk cache of the loader's transforms: converting every function of a module costs time at each
// start (a few hundred ms per thousand lines), and a module's output depends only on its text, its
// path and the options, so an unchanged module is read back instead. Entries live in
// node_modules/.cache/autograph-ts of the working folder (else the temp folder), keyed by a hash
// that also covers the converter's own files. AUTOGRAPH_CACHE=0 turns it off.
// Needs node:fs, node:crypto, node:os, node:path. Produces `cachedTransform`.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

let folder: string | null | undefined;
let stamp: string | undefined;

/** The cache folder, made on first use; null when none can be made. */
function cacheFolder(): string | null {
  if (folder !== undefined) return folder;
  const modules = join(process.cwd(), 'node_modules');
  for (const base of [...(existsSync(modules) ? [join(modules, '.cache')] : []), tmpdir()]) {
    try {
      const dir = join(base, 'autograph-ts');
      mkdirSync(dir, { recursive: true });
      return (folder = dir);
    } catch {
      // try the next place
    }
  }
  return (folder = null);
}

/**
 * What identifies this build of the transform: Node's version and the size and time of every file of
 * the converter and of this folder (a new version, or an edited pass, never reads an old entry).
 */
function versionStamp(): string {
  if (stamp !== undefined) return stamp;
  const h = createHash('sha256').update(process.version);
  for (const rel of ['./', '../convert/', '../errors/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    let names: string[] = [];
    try {
      names = (readdirSync(dir, { recursive: true }) as string[]).sort();
    } catch {
      // a bundled loader: its own file stands for the build (below)
    }
    for (const name of names) {
      try {
        const st = statSync(join(dir, name));
        h.update(`${name}:${st.size}:${st.mtimeMs}\n`);
      } catch {
        // gone meanwhile
      }
    }
  }
  const own = statSync(fileURLToPath(import.meta.url));
  return (stamp = h.update(`${own.size}:${own.mtimeMs}`).digest('hex'));
}

/**
 * `transform(code)`, read from the cache when the same text, key and build were transformed before
 * (`null` results too); written to it otherwise. Any failure of the cache falls back to transforming.
 */
export function cachedTransform(code: string, key: string, transform: () => string | null): string | null {
  const dir = process.env.AUTOGRAPH_CACHE === '0' ? null : cacheFolder();
  if (!dir) return transform();
  const hash = createHash('sha256')
    .update(versionStamp())
    .update('\0')
    .update(key)
    .update('\0')
    .update(code)
    .digest('hex');
  const file = join(dir, `${hash}.js`);
  try {
    const text = readFileSync(file, 'utf8');
    return text === '' ? null : text;
  } catch {
    // not cached yet
  }
  const out = transform();
  try {
    // Written whole, then renamed: a process that reads it never sees half an entry.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, out ?? '');
    renameSync(partial, file);
  } catch {
    // a read-only place: no cache
  }
  return out;
}
