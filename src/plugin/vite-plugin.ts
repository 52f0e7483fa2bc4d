// `autograph-ts/vite`: a Vite (and so Vitest) plugin whose `transform` hook applies the in-place
// transform to the app's JS/TS modules (after Vite's own TS stripping; node_modules and this
// package skipped). Errors
// are mapped back through the combined source map to the original file:line. Needs
// transform-source. Produces `autograph` (default export too).

import { transformSource, type RawSourceMap, type TransformOptions } from './transform-source.js';

export type AutographViteOptions = Omit<TransformOptions, 'filename' | 'inputSourceMap' | 'locationSourceMap'>;

interface TransformContext {
  getCombinedSourcemap?: () => unknown;
}

export interface AutographVitePlugin {
  readonly name: string;
  transform(this: TransformContext | void, code: string, id: string): { code: string; map: RawSourceMap | null } | null;
}

const EXT = /\.(m?[jt]s|[jt]sx)$/;
/** autograph-ts's own modules (src/ or dist/ around this file), which Vite serves too: never transformed. */
const OWN = decodeURIComponent(new URL('../', import.meta.url).pathname);

export function autograph(options: AutographViteOptions = {}): AutographVitePlugin {
  return {
    name: 'autograph-ts',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (id.startsWith('\0') || file.includes('/node_modules/') || file.startsWith(OWN) || !EXT.test(file))
        return null;
      let locationSourceMap: RawSourceMap | null = null;
      try {
        // The map from the original file to `code` (Vite's TS transform), for error locations.
        const m =
          this && typeof this.getCombinedSourcemap === 'function'
            ? (this.getCombinedSourcemap() as RawSourceMap | null)
            : null;
        if (m && typeof m.mappings === 'string' && m.mappings.length > 0) locationSourceMap = m;
      } catch {
        locationSourceMap = null;
      }
      const out = transformSource(code, { ...options, filename: file, locationSourceMap });
      // Vite composes this step's map with the previous ones itself.
      return out ? { code: out.code, map: out.map } : null;
    },
  };
}

export default autograph;
