// Source-to-source conversion of one function: parse → passes → generate (with a source map),
// plus the free variables the generated code needs. Needs parse-function, pipeline, scopes,
// util/babel. Produces `convertSource` → `ConvertedSource`.

import type { RawSourceMap } from '@babel/generator';
import type { Mapping } from './generated-sources.js';
import { parseFunction } from './parse-function.js';
import { ConvertContext } from './context.js';
import { runPipeline } from './pipeline.js';
import { analyzeScopes } from './analysis/scopes.js';
import { generateCode } from './util/babel.js';
import { ensureBabelTypes } from './util/babel-load.js';
import { modeSensitive, type ModeHint } from './function-mode.js';

export interface ConvertedSource {
  readonly name: string;
  /** The original source text (fn.toString()). */
  readonly source: string;
  /** The generated function, readable JS. */
  readonly code: string;
  readonly map: RawSourceMap | null;
  /** Generated → original positions (lines 1-based, columns 0-based). */
  readonly mappings: readonly Mapping[];
  /** Free names of the generated code (besides ag__), each with the properties read from it. */
  readonly free: Map<string, Set<string>>;
  /** Where each free name is first used in the function's source (generated names: nowhere). */
  readonly freeAt: ReadonlyMap<string, { line: number; column: number }>;
  /** What the source tells of the function's mode (strict or sloppy), read before conversion. */
  readonly mode: ModeHint;
}

export function convertSource(source: string, name: string, opts: { until?: string } = {}): ConvertedSource {
  ensureBabelTypes();
  const parsed = parseFunction(source, name);
  const root = parsed.node;
  const mode = modeSensitive(root);
  const ctx = new ConvertContext(source, name, root);
  runPipeline(root, ctx, opts.until);
  const result = generateCode(root, { comments: true, sourceMaps: true, sourceFileName: `${name}.js` }, source);
  const { code } = result;
  const mappings = ((result as unknown as { rawMappings?: Mapping[] }).rawMappings ?? []) as Mapping[];
  const { free, freeAt } = analyzeScopes(root);
  free.delete('ag__');
  // The encoded map is built only when asked for (the run-time path uses the raw mappings).
  return {
    name, source, code, mappings, free, freeAt, mode,
    get map() {
      return result.map;
    },
  };
}

