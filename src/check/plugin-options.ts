// The checker's settings, read from the tsconfig entry that enables the editor plugin
// (`compilerOptions.plugins: [{ "name": "autograph-ts/ts-plugin", "importSources": [...] }]`), so the
// command line and the editor agree. Needs nothing. Produces `pluginOptions`, `PLUGIN_NAME`.

export const PLUGIN_NAME = 'autograph-ts/ts-plugin';

export interface CheckPluginOptions {
  /** Module specifiers that mean autograph-ts besides 'autograph-ts' and paths resolving to its entry. */
  readonly importSources: readonly string[];
}

/** The options of the plugin entry of `options.plugins` (any entry whose name starts with 'autograph-ts'). */
export function pluginOptions(
  options: { plugins?: readonly { name: string }[] } | Record<string, unknown>,
): CheckPluginOptions {
  const plugins = (options as { plugins?: unknown }).plugins;
  const entry = Array.isArray(plugins)
    ? (plugins as Record<string, unknown>[]).find(
        (p) => typeof p.name === 'string' && p.name.startsWith('autograph-ts'),
      )
    : undefined;
  return fromConfig(entry);
}

/** The options of one plugin entry (as tsserver hands it to the plugin). */
export function fromConfig(entry: Record<string, unknown> | undefined): CheckPluginOptions {
  const sources = entry?.importSources;
  return { importSources: Array.isArray(sources) ? sources.filter((s): s is string => typeof s === 'string') : [] };
}
