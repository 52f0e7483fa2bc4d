// Source-to-source conversion of one function: parse → passes → generate, plus the free variables
// the generated code needs. The code is printed without a source map (which makes printing about
// four times slower); the mappings and the map are made on first read, by converting the same text
// again with one (the AST is not kept). Needs parse-function, pipeline, scopes, util/babel.
// Produces `convertSource` → `ConvertedSource`.

import type { GeneratorResult, RawSourceMap } from '@babel/generator';
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
  /** The source map (made on first read). */
  readonly map: RawSourceMap | null;
  /** Generated → original positions (lines 1-based, columns 0-based), made on first read. */
  readonly mappings: readonly Mapping[];
  /** Free names of the generated code (besides ag__), each with the properties read from it. */
  readonly free: Map<string, Set<string>>;
  /** Where each free name is first used in the function's source (generated names: nowhere). */
  readonly freeAt: ReadonlyMap<string, { line: number; column: number }>;
  /** What the source tells of the function's mode (strict or sloppy), read before conversion. */
  readonly mode: ModeHint;
}

export function convertSource(source: string, name: string, opts: { until?: string } = {}): ConvertedSource {
  const { code, free, freeAt, mode } = convert(source, name, opts, false);
  let withMap: GeneratorResult | undefined;
  let mappings: Mapping[] | undefined;
  /** The same conversion printed with its source map (made once, on first need). */
  const mapped = (): GeneratorResult => {
    if (!withMap) {
      withMap = convert(source, name, opts, true).result;
      if (withMap.code !== code) throw new Error(`internal: converting ${name} again printed other code`);
    }
    return withMap;
  };
  return {
    name,
    source,
    code,
    free,
    freeAt,
    mode,
    get mappings() {
      return (mappings ??= ((mapped() as unknown as { rawMappings?: Mapping[] }).rawMappings ?? []) as Mapping[]);
    },
    get map() {
      return mapped().map;
    },
  };
}

/** Parse, passes, print (with the source map when `sourceMap`), free names of the printed code. */
function convert(source: string, name: string, opts: { until?: string }, sourceMap: boolean) {
  ensureBabelTypes();
  const parsed = parseFunction(source, name);
  const root = parsed.node;
  const mode = modeSensitive(root);
  const ctx = new ConvertContext(source, name, root);
  runPipeline(root, ctx, opts.until);
  const result = generateCode(
    root,
    sourceMap ? { comments: true, sourceMaps: true, sourceFileName: `${name}.js` } : { comments: true },
    source,
  );
  const { free, freeAt } = analyzeScopes(root, { refs: false });
  free.delete('ag__');
  return { code: result.code, result, free, freeAt, mode };
}
