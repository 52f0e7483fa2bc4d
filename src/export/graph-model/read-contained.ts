// Reads a file that a model names by a path relative to the model's folder, refusing what would
// read anything else: absolute paths, `..` and symbolic links that leave the folder, devices, FIFOs
// and other non-regular files, files over a size cap or of another size than the model declares.
// Needs node:fs (loaded when called, through node-files) and the catalogue. Produces `readContained`, `modelFolder`, `LoadLimits`.

import { nodeFiles } from '../node-files.js';
import { agError } from '../../errors/catalogue.js';
import type { AutographError } from '../../errors/ag-error.js';

/** Size caps of what a model folder may make the loader read. */
export interface LoadLimits {
  /** The largest model.json read (bytes; default 64 MiB). */
  readonly maxModelBytes?: number;
  /** The largest total of weight files read (bytes; default 1 GiB). */
  readonly maxWeightBytes?: number;
}

export const DEFAULT_MAX_MODEL_BYTES = 64 * 2 ** 20;
export const DEFAULT_MAX_WEIGHT_BYTES = 2 ** 30;

/** A model folder: the path the caller gave, and its real path (symbolic links resolved). */
export interface ModelFolder {
  readonly given: string;
  readonly real: string;
}

export function refused(folder: string, file: string, reason: string): AutographError {
  return agError('export/model-file-refused', { dir: folder, file, reason });
}

/** The real path of the folder `dir` (which the caller chose, so it may itself be a link). */
export function modelFolder(dir: string): ModelFolder {
  const { fs } = nodeFiles('loadGraphModelArtifacts');
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    throw refused(dir, '.', 'the folder does not exist');
  }
  if (!fs.statSync(real).isDirectory()) throw refused(dir, '.', 'is not a folder');
  return { given: dir, real };
}

function inside(root: string, p: string): boolean {
  const { path } = nodeFiles('loadGraphModelArtifacts');
  const rel = path.relative(root, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The bytes of `name` (a path relative to the folder, as a model file lists it). Refuses names
 * that are not relative paths inside the folder (after resolving symbolic links), files that are not
 * regular files, files larger than `maxBytes`, and files whose size is not `exactBytes` when given.
 */
export function readContained(folder: ModelFolder, name: unknown, maxBytes: number, exactBytes?: number): Uint8Array {
  const { fs, path } = nodeFiles('loadGraphModelArtifacts');
  const shown = typeof name === 'string' ? name : (JSON.stringify(name) ?? String(name));
  const no = (reason: string): AutographError => refused(folder.given, shown, reason);
  if (typeof name !== 'string' || name === '') throw no('is not a file name');
  if (name.includes('\0')) throw no('holds a NUL character');
  if (path.isAbsolute(name) || path.win32.isAbsolute(name))
    throw no('is an absolute path: a model names its files relative to its folder');
  const full = path.resolve(folder.real, name);
  if (!inside(folder.real, full)) throw no('leaves the model folder');
  let real: string;
  try {
    real = fs.realpathSync(full);
  } catch {
    throw no('does not exist');
  }
  if (!inside(folder.real, real)) throw no('leaves the model folder through a symbolic link');
  const st = fs.statSync(real);
  if (!st.isFile()) throw no('is not a regular file');
  if (exactBytes !== undefined && st.size !== exactBytes)
    throw no(`has ${st.size} bytes where the model's manifest declares ${exactBytes}`);
  if (st.size > maxBytes) throw no(`has ${st.size} bytes, over the limit of ${maxBytes}`);
  // O_NONBLOCK: a file swapped for a FIFO after the check must not block the open.
  const flags = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);
  let fd: number;
  try {
    fd = fs.openSync(real, flags);
  } catch (e) {
    throw no(`cannot be opened (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const now = fs.fstatSync(fd);
    if (!now.isFile() || now.ino !== st.ino || now.dev !== st.dev || now.size !== st.size)
      throw no('changed while it was being read');
    const bytes = new Uint8Array(st.size);
    let offset = 0;
    while (offset < bytes.length) {
      const n = fs.readSync(fd, bytes, offset, bytes.length - offset, offset);
      if (n === 0) throw no('changed while it was being read');
      offset += n;
    }
    return bytes;
  } finally {
    fs.closeSync(fd);
  }
}
