// `autograph-ts/babel`: a Babel plugin (for @babel/core users: babel.config, babel-loader, Metro…)
// converting jit/toGraph targets and 'use autograph' functions in place; Babel itself keeps the
// source maps (converted nodes keep their original loc). Needs convert-in-place (no @babel/core at
// build time: the plugin only reads `path.node`/`state`). Produces the default-exported plugin.

import type * as t from '@babel/types';
import { convertProgram, type ConvertProgramOptions } from './convert-in-place.js';

export type AutographBabelOptions = Omit<ConvertProgramOptions, 'filename' | 'originalLocation' | 'originalSource'>;

/** The parts of Babel's NodePath/PluginPass the plugin uses. */
interface ProgramPath {
  readonly node: t.Program;
  readonly parent: t.Node;
  readonly scope?: { crawl(): void };
}
interface PluginState {
  readonly opts?: AutographBabelOptions;
  readonly filename?: string;
  readonly file?: {
    readonly code?: string;
    readonly ast?: t.File;
    readonly opts?: { readonly filename?: string; readonly parserOpts?: { readonly plugins?: unknown[] } };
  };
}

export interface BabelPlugin {
  readonly name: string;
  readonly visitor: { Program(path: ProgramPath, state: PluginState): void };
}

/** Parser plugins for a file by its extension (when Babel does not say which it used). */
function pluginsFor(filename: string): string[] {
  if (/\.[cm]?tsx$/.test(filename)) return ['typescript', 'jsx'];
  if (/\.[cm]?ts$/.test(filename)) return ['typescript'];
  return ['jsx'];
}

export default function autographBabelPlugin(_api?: unknown, options?: AutographBabelOptions): BabelPlugin {
  return {
    name: 'autograph-ts',
    visitor: {
      Program(path, state) {
        const code = state.file?.code ?? '';
        const file: t.File = state.file?.ast ?? ({ type: 'File', program: path.node } as t.File);
        const { converted, twins } = convertProgram(
          file.program === path.node ? file : ({ type: 'File', program: path.node } as t.File),
          code,
          {
            ...(options ?? state.opts ?? {}),
            filename: state.filename ?? state.file?.opts?.filename,
            // Each twin is parsed before it goes in (with the file's parser plugins): a pass emitting
            // invalid code must not break the user's build (transformSource checks the whole output).
            checkTwins: (state.file?.opts?.parserOpts?.plugins ??
              pluginsFor(state.filename ?? state.file?.opts?.filename ?? '')) as never,
          },
        );
        // The tree changed under Babel's paths: recompute bindings (for later plugins).
        if (converted.length || twins) path.scope?.crawl();
      },
    },
  };
}
