// Graphviz (compiled to WebAssembly by @viz-js/viz, an optional peer), loaded on the first drawing
// and kept. Node imports the package by itself where the app installed it. A bundler cannot see that import (its specifier is not a literal),
// so a browser bundle carries Graphviz only if the app draws and says where Graphviz comes from:
// `setGraphviz(() => import('@viz-js/viz'))`, or an asset URL of its ESM build; without it a drawing
// is the catalogued `export/graphviz-missing`. Needs the catalogue. Produces `graphviz`, `setGraphviz`.

import { agError } from '../../errors/catalogue.js';

/** What `@viz-js/viz` exports that drawing uses. */
export interface GraphvizModule {
  instance(): Promise<{ renderString(src: string, opts: { format: 'svg'; engine: 'dot' }): string }>;
}
type Graphviz = Awaited<ReturnType<GraphvizModule['instance']>>;

/** The package, named through a variable so that bundlers leave the import alone. */
const PACKAGE: string = '@viz-js/viz';

let load: () => Promise<GraphvizModule> = () => import(PACKAGE) as Promise<GraphvizModule>;
let loaded: Promise<Graphviz> | undefined;

/**
 * Where drawing gets Graphviz from: in a browser bundle, `setGraphviz(() => import('@viz-js/viz'))`
 * (the bundler then includes it), or a loader of its ESM build served as an asset. Node needs nothing
 * but the package installed.
 */
export function setGraphviz(loader: () => Promise<GraphvizModule>): void {
  load = loader;
  loaded = undefined;
}

/** The Graphviz instance, loaded now if it is not yet. */
export function graphviz(): Promise<Graphviz> {
  loaded ??= load().then(
    (m) => m.instance(),
    (e: unknown) => {
      loaded = undefined;
      throw agError('export/graphviz-missing', { reason: e instanceof Error ? e.message.split('\n')[0]! : String(e) });
    },
  );
  return loaded;
}
