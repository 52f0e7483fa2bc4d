// `toCode(fn)` (TF's autograph.to_code): the JS that toGraph would run for `fn`, readable (user
// names and comments kept), optionally with the user source position of each line; for a function
// converted in place, its twin. Needs the converter (through convert/registry), function-origin,
// the twin registry. Produces `toCode`.

import { agError } from '../errors/catalogue.js';
import type { ConvertedSource } from '../convert/convert-source.js';
import { sourceConverter } from '../convert/registry.js';
import { originalLocation } from '../convert/function-origin.js';
import { twinOf } from '../runtime/do-not-convert.js';
import { isGenerated } from '../runtime/allowlist.js';

/** The flag the build-time plugins set on functions they converted (see src/plugin/runtime.ts). */
const IN_PLACE = Symbol.for('autograph-ts.convertedInPlace');
/** The generated code the plugin recorded beside such a function (its `keepCode` option). */
const CODE = Symbol.for('autograph-ts.generatedCode');

export interface ToCodeOptions {
  /** Stop after this pass of the pipeline (see src/convert/pipeline.ts), for debugging passes. */
  readonly until?: string;
  /**
   * End each generated line with a `// file:line:column` comment of the user source it came from
   * (the user's file where its place can be found, else the line in the function's text).
   */
  readonly sourcePositions?: boolean;
}

/** TF's `autograph.to_code`: the readable JS that the converter generates for `fn`. */
export function toCode(fn: (...args: never[]) => unknown, opts: ToCodeOptions = {}): string {
  if (typeof fn !== 'function') throw agError('convert/not-a-function', { got: fn === null ? 'null' : typeof fn });
  // Converted in place by a build-time plugin: its text already is the generated code (or, minified
  // by a bundler, the plugin kept the code as written).
  const marks = fn as unknown as Record<symbol, unknown>;
  if (marks[IN_PLACE]) return typeof marks[CODE] === 'string' ? marks[CODE] : Function.prototype.toString.call(fn);
  // A function the loader or a plugin gave a converted twin: the twin is the code that runs.
  const twin = twinOf(fn);
  if (twin && opts.until === undefined && !opts.sourcePositions) return Function.prototype.toString.call(twin);
  const text = Function.prototype.toString.call(fn);
  // Code made by converted code (a closure it created, a function fused with its twin) is converted already.
  if (isGenerated(text) && opts.until === undefined && !opts.sourcePositions) return text;
  const conv = sourceConverter().convertSource(text, fn.name || 'anonymous', { until: opts.until });
  return opts.sourcePositions ? withPositions(conv, fn) : conv.code;
}

/** The generated code with a source-position comment where a line starts a new source line. */
function withPositions(conv: ConvertedSource, fn: object): string {
  // Per generated line, the original position of its leftmost mapped token.
  const firstOf = new Map<number, { generatedColumn: number; line: number; column: number }>();
  for (const m of conv.mappings) {
    if (!m.original) continue;
    const seen = firstOf.get(m.generated.line);
    if (!seen || m.generated.column < seen.generatedColumn) {
      firstOf.set(m.generated.line, {
        generatedColumn: m.generated.column,
        line: m.original.line,
        column: m.original.column,
      });
    }
  }
  let last = -1;
  return conv.code
    .split('\n')
    .map((text, i) => {
      const at = firstOf.get(i + 1);
      if (!at || at.line === last || !text.trim()) return text;
      last = at.line;
      const inFile = originalLocation(fn, at.line, at.column + 1);
      const where = inFile
        ? `${shortPath(inFile.file!)}:${inFile.line}:${inFile.column}`
        : `line ${at.line}:${at.column + 1} of ${conv.name}`;
      return `${text} // ${where}`;
    })
    .join('\n');
}

/** `file` relative to the working directory when it lies inside it. */
function shortPath(file: string): string {
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  return cwd && file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
}
