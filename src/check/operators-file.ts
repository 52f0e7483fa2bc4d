// The one extra file the checker adds to a program: a declaration script, named as if it sat next to
// operator-types, that declares the global the rewritten operator expressions call (`__autograph`)
// and names the tensor type by which a tensor operand is recognized. Needs node:fs/path/url.
// Produces `operatorsFile`, `autographEntries`.

import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELPERS } from './virtual-text.js';

export const TENSOR_ALIAS = '__autograph_Tensor';

export interface OperatorsFile {
  /** The virtual declaration file (never on disk). */
  readonly fileName: string;
  readonly text: string;
  /** The real module with the operator types (src/check/operator-types.ts, or its .d.ts once built). */
  readonly typesFile: string;
}

/** The folder of this module: import.meta.url in ESM, __dirname in a CommonJS bundle. */
function here(): string {
  const url = (import.meta as { url?: string }).url;
  if (url) return dirname(fileURLToPath(url));
  return typeof __dirname === 'string' ? __dirname : process.cwd();
}

/**
 * Where operator-types lives: the folder nearest this module that has it — its source beside this
 * module when run from src/check, its declaration file in dist/check when run from the built
 * package (dist/check or a bundle in dist/). Run from src/, a dist/ that `npm pack` is rebuilding at
 * that moment (its .d.ts present, the ones it imports not yet) would leave the tensor type
 * unresolved, and no operator would be seen as a tensor op.
 */
function typesFolder(start: string): string {
  const dirs = [start, join(start, 'check'), join(start, '..', '..', 'dist', 'check')];
  for (const dir of dirs) {
    for (const file of ['operator-types.d.ts', 'operator-types.ts'])
      if (existsSync(join(dir, file))) return realpathSync(dir);
  }
  return start;
}

const normalize = (p: string): string => p.replace(/\\/g, '/');

export function operatorsFile(folder: string = typesFolder(here())): OperatorsFile {
  const dts = join(folder, 'operator-types.d.ts');
  const typesFile = normalize(existsSync(dts) ? dts : join(folder, 'operator-types.ts'));
  const text = [
    '// Declared by `autograph check` for the operator expressions it rewrites in converted functions.',
    `declare var ${HELPERS}: import('./operator-types.js').TensorOperators;`,
    `declare type ${TENSOR_ALIAS} = import('./operator-types.js').AnyTensor;`,
    '',
  ].join('\n');
  return { fileName: normalize(join(folder, '__autograph_operators__.d.ts')), text, typesFile };
}

/** The package's entry files (src/index.ts and browser.ts, their dist builds): an import resolving to one means autograph-ts. */
export function autographEntries(ops: OperatorsFile): string[] {
  const root = join(dirname(ops.typesFile), '..', '..');
  return ['src/index.ts', 'src/browser.ts', 'dist/index.d.ts', 'dist/index.js', 'dist/browser.d.ts', 'dist/browser.js']
    .map((f) => join(root, f))
    .filter((f) => existsSync(f))
    .map((f) => normalize(realpathSync(f)));
}
