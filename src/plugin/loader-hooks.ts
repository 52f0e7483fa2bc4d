// Node module-customization hooks (registered by register.ts): the `load` hook applies the in-place
// transform to the user's ES modules (.js/.mjs/.ts/.mts/.jsx/.tsx; not node_modules, not this
// package), after earlier hooks (tsx) have turned TS into JS: jit/toGraph targets convert in place,
// every other function with something to stage gets a converted twin; a target that cannot be
// converted is left as written and its error raised when it is called; outputs are cached on disk
// (transform-cache). Needs transform-source, transform-cache.
// Produces `initialize`, `load`.

import { readFileSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mightNeedTransform, transformSource, withInlineMap, type TransformOptions } from './transform-source.js';
import { agError } from '../errors/catalogue.js';
import { isTypeScriptFile } from './tsx.js';
import { cachedTransform } from './transform-cache.js';
import { warningSilenced } from '../platform/log.js';

export interface LoaderData {
  readonly runtimeModule?: string;
  /** Extra import sources meaning autograph-ts (strings; `/…/` strings become RegExps). */
  readonly importSources?: readonly string[];
  /** False: no converted twins, only jit/toGraph targets and 'use autograph' functions convert. */
  readonly twins?: boolean;
  /** False when tsx could not be registered: a TypeScript module is then the catalogued plugin/tsx-missing. */
  readonly tsx?: boolean;
}

let options: TransformOptions = {};
let tsx = true;

export function initialize(data: LoaderData | undefined): void {
  tsx = data?.tsx !== false;
  if (data?.runtimeModule?.startsWith('file:')) own = new URL('../', data.runtimeModule).href;
  options = {
    runtimeModule: data?.runtimeModule,
    // Importing a module always works: a function that cannot be converted fails when it is called.
    errorsAtCall: true,
    twins: data?.twins !== false,
    importSources: (data?.importSources ?? []).map((s) =>
      s.length > 2 && s.startsWith('/') && s.endsWith('/') ? new RegExp(s.slice(1, -1)) : s,
    ),
  };
}

const EXT = /\.(m?[jt]s|[jt]sx)$/;
/** autograph-ts's own modules (src/ or dist/ around the runtime module, or this file): never transformed. */
let own = new URL('../', import.meta.url).href;

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array | null;
  shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

export async function load(url: string, context: { format?: string | null }, nextLoad: NextLoad): Promise<LoadResult> {
  if (!tsx && url.startsWith('file:') && isTypeScriptFile(url))
    throw agError('plugin/tsx-missing', { file: fileURLToPath(url) });
  const result = await nextLoad(url, context);
  if (
    !url.startsWith('file:') ||
    url.includes('/node_modules/') ||
    url.startsWith(own) ||
    !EXT.test(new URL(url).pathname)
  )
    return result;
  if (result.format === 'commonjs') warnCommonJs(url, result.source);
  if (result.format !== 'module' && result.format !== 'module-typescript') return result;
  if (result.source == null) return result;
  const text =
    typeof result.source === 'string' ? result.source : Buffer.from(result.source as Uint8Array).toString('utf8');
  const filename = fileURLToPath(url);
  const key = JSON.stringify({
    filename,
    runtimeModule: options.runtimeModule,
    twins: options.twins,
    sources: options.importSources?.map(String),
  });
  const source = cachedTransform(text, key, () => {
    const out = transformSource(text, { ...options, filename });
    return out ? withInlineMap(out) : null;
  });
  return source === null ? result : { ...result, source };
}

/** One warning for a user's CommonJS module that uses autograph-ts: it is not converted in place. */
function warnCommonJs(url: string, source: LoadResult['source']): void {
  let text: string;
  try {
    text =
      source == null
        ? readFileSync(new URL(url), 'utf8')
        : typeof source === 'string'
          ? source
          : Buffer.from(source as Uint8Array).toString('utf8');
  } catch {
    return;
  }
  // Straight to stderr: the hooks run on their own thread, whose console output reaches the main
  // thread by message and is lost when a short program exits first.
  if (warningSilenced('plugin/commonjs-module') || !mightNeedTransform(text, { ...options, twins: false })) return;
  writeSync(2, `${agError('plugin/commonjs-module', { file: fileURLToPath(url) }).message}\n`);
}
