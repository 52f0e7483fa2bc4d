// Node module-customization hooks (registered by register.ts): the `load` hook applies the in-place
// transform to the user's ES modules (.js/.mjs/.ts/.mts/.jsx/.tsx) that mention autograph-ts (not
// node_modules), after earlier hooks (tsx) have turned TS into JS. Needs transform-source.
// Produces `initialize`, `load`.

import { fileURLToPath } from 'node:url';
import { transformSource, withInlineMap, type TransformOptions } from './transform-source.js';

export interface LoaderData {
  readonly runtimeModule?: string;
  /** Extra import sources meaning autograph-ts (strings; `/…/` strings become RegExps). */
  readonly importSources?: readonly string[];
}

let options: TransformOptions = {};

export function initialize(data: LoaderData | undefined): void {
  options = {
    runtimeModule: data?.runtimeModule,
    importSources: (data?.importSources ?? []).map((s) => (s.length > 2 && s.startsWith('/') && s.endsWith('/') ? new RegExp(s.slice(1, -1)) : s)),
  };
}

const EXT = /\.(m?[jt]s|[jt]sx)$/;

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array | null;
  shortCircuit?: boolean;
}
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

export async function load(url: string, context: { format?: string | null }, nextLoad: NextLoad): Promise<LoadResult> {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || !EXT.test(new URL(url).pathname)) return result;
  if (result.format !== 'module' && result.format !== 'module-typescript') return result;
  if (result.source == null) return result;
  const text = typeof result.source === 'string' ? result.source : Buffer.from(result.source as Uint8Array).toString('utf8');
  const out = transformSource(text, { ...options, filename: fileURLToPath(url) });
  if (!out) return result;
  return { ...result, source: withInlineMap(out) };
}
