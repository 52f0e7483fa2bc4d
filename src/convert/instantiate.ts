// Run-time path for free variables (docs/architecture.md, "the closure problem"): the generated code is evaluated with `new Function`,
// its free variables bound from `scope`, else left to `globalThis`. Names a bundler gave to module
// imports (`__vite_ssr_import_0__`, `import_tfjs`) resolve to the scope value that has every
// property the code reads from them; esbuild's `__name` helper is provided. Unresolved names are a
// catalogued error listing both fixes.
// Needs ConvertedSource. Produces `instantiate`.

import { agError } from '../errors/catalogue.js';
import type { ConvertedSource } from './convert-source.js';
import { registerGenerated, scriptUrl } from './generated-sources.js';
import { importAliases, isDefaultImport, originalLocation } from './function-origin.js';
import { locationOf } from './source-location.js';
import { isStrictFunction } from './function-mode.js';
import type { UserFunction } from '../platform/functions.js';

/** Set on globalThis by the runtime of code converted in place (src/plugin/runtime-browser.ts). */
const IN_PLACE_RUNTIME = Symbol.for('autograph-ts.inPlaceRuntime');
const MODULE_ALIAS =
  /^(__vite_ssr_import_\d+__|__vi_import_\d+__|__vite_ssr_dynamic_import__|import_[\w$]+|_[\w$]+__namespace)$/;
const IMPLICIT = new Set(['arguments', 'undefined', 'NaN', 'Infinity', 'globalThis']);
/**
 * Transpiler helpers that a function's own text calls, bound when the scope does not give them: tsx
 * (esbuild's keepNames) wraps a named inner function as `__name(fn, "name")`, and toString() loses
 * the module's helper. The same definition as esbuild's.
 */
const HELPERS: Record<string, unknown> = {
  __name: (target: object, value: string) => Object.defineProperty(target, 'name', { value, configurable: true }),
};

function resolveAlias(
  alias: string,
  props: Set<string>,
  scope: Record<string, unknown>,
  aliases: () => Map<string, string>,
): { found: boolean; value?: unknown } {
  // The import the alias stands for, by the name the user's source gives it (`ag` for
  // `import * as ag`): unambiguous even where two scope values have the properties read.
  const named = aliases().get(alias);
  if (named !== undefined && Object.prototype.hasOwnProperty.call(scope, named)) {
    // A default import is read as `alias.default`: the scope holds the default export itself.
    if (isDefaultImport(aliases(), alias)) return { found: true, value: { default: scope[named] } };
    return { found: true, value: scope[named] };
  }
  // Named imports (`import { range } from …` → `alias.range`) given by name in the scope.
  if (props.size > 0 && [...props].every((p) => Object.prototype.hasOwnProperty.call(scope, p))) {
    return { found: true, value: Object.fromEntries([...props].map((p) => [p, scope[p]])) };
  }
  const candidates = Object.values(scope).filter(
    (v) =>
      v !== null && (typeof v === 'object' || typeof v === 'function') && [...props].every((p) => p in (v as object)),
  );
  if (candidates.length === 0 || props.size === 0) return { found: false };
  return { found: true, value: candidates[0] };
}

/**
 * Reads `conv`'s mappings when called. Made here, not inside `instantiate`, so that the closure
 * the registry keeps holds `conv` alone: a closure made there would share that call's context,
 * and with it the user's function, which the registry must hold only weakly.
 */
function mappingsOf(conv: ConvertedSource): () => ConvertedSource['mappings'] {
  return () => conv.mappings;
}

/**
 * Builds the converted function from `conv`. `self` is the original function (bound when the
 * code refers to its own name without declaring it, e.g. a recursive arrow function).
 */
export function instantiate(
  conv: ConvertedSource,
  runtime: object,
  scope: Record<string, unknown> | undefined,
  self: UserFunction,
): UserFunction {
  const names: string[] = [];
  const values: unknown[] = [];
  const missing: string[] = [];
  let known: Map<string, string> | undefined;
  const aliases = (): Map<string, string> => (known ??= importAliases(self));
  for (const [name, props] of conv.free) {
    if (IMPLICIT.has(name)) continue;
    if (scope && Object.prototype.hasOwnProperty.call(scope, name)) {
      names.push(name);
      values.push(scope[name]);
    } else if (name in globalThis) {
      continue;
    } else if (MODULE_ALIAS.test(name) && scope && resolveAlias(name, props, scope, aliases).found) {
      names.push(name);
      values.push(resolveAlias(name, props, scope, aliases).value);
    } else if (Object.prototype.hasOwnProperty.call(HELPERS, name)) {
      names.push(name);
      values.push(HELPERS[name]);
    } else if (name === self.name) {
      names.push(name);
      values.push(self);
    } else {
      missing.push(name);
    }
  }
  if (missing.length) {
    // At the first use of the first missing name: in the user's file where it can be found.
    const at = conv.freeAt.get(missing[0]!);
    const where =
      at && (originalLocation(self, at.line, at.column + 1, conv.name) ?? locationOf(conv.source, conv.name, at));
    // Modules converted in place run here (the loader, a plugin): the hint does not offer them again.
    const inPlace = (globalThis as Record<symbol, unknown>)[IN_PLACE_RUNTIME] === true;
    throw agError(
      'convert/unresolved-free-variables',
      { names: missing, functionName: conv.name, inPlace },
      where || undefined,
    );
  }
  const url = scriptUrl(conv.name);
  // new Function adds two header lines; then the mode of the original ("use strict", or an empty
  // statement for sloppy code); then `return (` before the code.
  const mode = isStrictFunction(self, conv.source, conv.mode) ? '"use strict";' : ';';
  const body = `${mode}\nreturn (${conv.code});\n//# sourceURL=${url}`;
  const factory = new Function('ag__', ...names, body) as (...a: unknown[]) => UserFunction;
  const generated = factory(runtime, ...values);
  registerGenerated(
    url,
    {
      name: conv.name,
      source: conv.source,
      mappings: mappingsOf(conv),
      lineOffset: 3,
      columnOffset: 'return ('.length,
      fn: self,
    },
    generated,
  );
  return generated;
}
