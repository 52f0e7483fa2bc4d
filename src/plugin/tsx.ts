// tsx, the optional peer that strips TypeScript types for Node (`.ts` modules under the Node loader
// and as CLI targets): whether its hooks are in place, and registering them when it is installed.
// Needs tsx, loaded only when asked for. Produces `tsxActive`, `registerTsx`, `isTypeScriptFile`.

/** A TypeScript module path or URL (`.ts`, `.mts`, `.cts`, `.tsx`). */
export function isTypeScriptFile(pathOrUrl: string): boolean {
  return /\.(?:[cm]?ts|tsx)(?:[?#].*)?$/.test(pathOrUrl);
}

/** Whether tsx's hooks are already in place (`--import tsx`, `--import tsx/esm`, the tsx CLI). */
export function tsxActive(): boolean {
  const args = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return (
    args.some((a) => /(^|[\\/=])tsx([\\/]|$)/.test(a)) ||
    process.argv.some((a) => /[\\/]tsx[\\/]dist[\\/]cli\.[cm]?js$/.test(a))
  );
}

let registered: Promise<boolean> | undefined;
/** The package whose import registers its hooks (it ships no type declarations for that entry). */
const TSX_LOADER: string = 'tsx';

/**
 * Registers tsx's hooks unless they are in place, as `--import tsx` does (importing the package
 * registers both its ESM and its CommonJS hooks, so `.ts` files of a CommonJS package load too);
 * false when tsx is not installed.
 */
export function registerTsx(): Promise<boolean> {
  registered ??= tsxActive()
    ? Promise.resolve(true)
    : import(TSX_LOADER).then(
        () => true,
        () => false,
      );
  return registered;
}
