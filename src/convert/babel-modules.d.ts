// Minimal type declarations for the Babel packages that ship no typings of their own
// (@babel/template, @babel/generator, @babel/code-frame). Only what src/convert uses.
// Needs @babel/types. Produces ambient module declarations.

declare module '@babel/template' {
  import type * as t from '@babel/types';
  export interface TemplateOptions {
    syntacticPlaceholders?: boolean;
    placeholderPattern?: RegExp | false;
    preserveComments?: boolean;
  }
  type Replacements = Record<string, unknown>;
  interface TemplateBuilder<R> {
    (code: string, opts?: TemplateOptions): (replacements?: Replacements) => R;
    ast(code: string, opts?: TemplateOptions): R;
  }
  interface DefaultTemplate {
    statement: TemplateBuilder<t.Statement>;
    statements: TemplateBuilder<t.Statement[]>;
    expression: TemplateBuilder<t.Expression>;
  }
  const template: DefaultTemplate;
  export default template;
}

declare module '@babel/generator' {
  import type * as t from '@babel/types';
  export interface GeneratorOptions {
    sourceMaps?: boolean;
    sourceFileName?: string;
    comments?: boolean;
    retainLines?: boolean;
    compact?: boolean;
    concise?: boolean;
  }
  export interface RawSourceMap {
    version: number;
    sources: string[];
    names: string[];
    mappings: string;
    sourcesContent?: string[];
  }
  export interface GeneratorResult {
    code: string;
    map: RawSourceMap | null;
  }
  function generate(ast: t.Node, opts?: GeneratorOptions, code?: string): GeneratorResult;
  export default generate;
}

declare module '@babel/code-frame' {
  export interface Position {
    line: number;
    column?: number;
  }
  export function codeFrameColumns(
    rawLines: string,
    location: { start: Position; end?: Position },
    opts?: { highlightCode?: boolean; linesAbove?: number; linesBelow?: number; message?: string },
  ): string;
}
