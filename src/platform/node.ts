// Node's built-in modules and `require`, reached lazily through `process.getBuiltinModule` (Node ≥
// 20.16), so that importing autograph-ts pulls in no `node:` module: a browser bundle stays free of
// them and the code that needs one says what it lacks. Needs nothing. Produces `nodeBuiltin`,
// `requireFrom`.

type Require = (id: string) => unknown;

interface NodeProcess {
  readonly getBuiltinModule?: (id: string) => unknown;
}

/** A Node built-in module (`'node:fs'` …), or undefined outside Node. */
export function nodeBuiltin<T>(id: `node:${string}`): T | undefined {
  const proc = (globalThis as { process?: NodeProcess }).process;
  return proc?.getBuiltinModule?.(id) as T | undefined;
}

/**
 * Node's `require` resolving from the module at `url` (pass `import.meta.url`), or undefined outside
 * Node. (The CommonJS bundle of the editor plugin defines `import.meta.url` as its own file's URL.)
 */
export function requireFrom(url: string | undefined): Require | undefined {
  if (!url) return undefined;
  return nodeBuiltin<{ createRequire(url: string): Require }>('node:module')?.createRequire(url);
}
