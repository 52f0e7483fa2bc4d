// Babel, loaded on first use rather than when autograph-ts is imported: in Node each package is
// required synchronously the first time a function is converted (they are CommonJS); in a browser
// the `autograph-ts/convert` entry provides them (`provideBabel`), and without it run-time
// conversion is the catalogued `convert/converter-missing`. Needs babel-types. Produces `babel`,
// `provideBabel`, `ensureBabelTypes`.

import type * as BabelTypes from '@babel/types';
import type * as BabelParser from '@babel/parser';
import type templateModule from '@babel/template';
import type generatorModule from '@babel/generator';
import type * as codeFrameModule from '@babel/code-frame';
import { agError } from '../../errors/catalogue.js';
import { bindBabelTypes } from './babel-types.js';
import { requireFrom } from '../../platform/node.js';

/** The Babel packages the converter uses, as their modules (ESM namespaces or CommonJS exports). */
export interface BabelModules {
  readonly types: typeof BabelTypes;
  readonly parser: typeof BabelParser;
  readonly template: typeof templateModule | { default: typeof templateModule };
  readonly generator: typeof generatorModule | { default: typeof generatorModule };
  readonly codeFrame: typeof codeFrameModule;
}

const PACKAGES: { readonly [K in keyof BabelModules]: string } = {
  types: '@babel/types',
  parser: '@babel/parser',
  template: '@babel/template',
  generator: '@babel/generator',
  codeFrame: '@babel/code-frame',
};

const loaded: { -readonly [K in keyof BabelModules]?: BabelModules[K] } = {};
let typesBound = false;

type Require = (id: string) => unknown;
let nodeRequire: Require | null | undefined;

/** Node's require, relative to this module; null where there is none (browsers). */
function requireHere(): Require | null {
  if (nodeRequire === undefined) {
    nodeRequire = requireFrom(import.meta.url) ?? null;
  }
  return nodeRequire;
}

/** Gives the converter the Babel packages (the browser entry `autograph-ts/convert` does this). */
export function provideBabel(modules: BabelModules): void {
  Object.assign(loaded, modules);
  bindBabelTypes(modules.types);
  typesBound = true;
}

/** One Babel package, loaded now if it is not yet. */
export function babel<K extends keyof BabelModules>(name: K): BabelModules[K] {
  let m = loaded[name] as BabelModules[K] | undefined;
  if (!m) {
    const req = requireHere();
    if (!req) throw agError('convert/converter-missing', { reason: 'no Node.js require in this environment' });
    try {
      m = req(PACKAGES[name]) as BabelModules[K];
    } catch (e) {
      throw agError('convert/converter-missing', {
        reason: `${PACKAGES[name]}: ${(e as Error).message.split('\n')[0]}`,
      });
    }
    loaded[name] = m;
  }
  return m;
}

/** Fills the `t` bindings of babel-types.ts; every entry point of the converter calls it first. */
export function ensureBabelTypes(): void {
  if (typesBound) return;
  bindBabelTypes(babel('types'));
  typesBound = true;
}
