// Programs for `autograph check`: ts.createProgram over the project's root files plus the operators
// file, with virtual texts in place of some files. Each program reuses the previous one, and files
// not overlaid keep their parsed source files, so a new round re-parses only what was rewritten.
// Under --watch the first program is the one TypeScript's watch made (the operators file among its
// roots), whose source files the next rounds reuse. Needs the compiler API. Produces `compilerFactory`.

import type ts from 'typescript';
import type { OperatorsFile } from './operators-file.js';
import type { ProgramFactory } from './tensor-program.js';

export interface ProjectSetup {
  readonly rootNames: readonly string[];
  readonly options: ts.CompilerOptions;
  readonly projectReferences?: readonly ts.ProjectReference[];
  readonly configFileParsingDiagnostics?: readonly ts.Diagnostic[];
}

/**
 * `initial`, when given, is the first program (made elsewhere with the operators file among its
 * roots, `setup.rootNames` not naming it): returned for the first, empty overlay.
 */
export function compilerFactory(
  tsm: typeof ts,
  setup: ProjectSetup,
  ops: OperatorsFile,
  base: ts.CompilerHost = tsm.createCompilerHost(setup.options),
  initial?: ts.Program,
): ProgramFactory {
  const files = new Map<string, ts.SourceFile | undefined>();
  const virtual = new Map<string, { text: string; sf: ts.SourceFile }>();
  for (const sf of initial?.getSourceFiles() ?? []) {
    if (sf.fileName === ops.fileName) virtual.set(sf.fileName, { text: sf.text, sf });
    else files.set(sf.fileName, sf);
  }
  let overlay: ReadonlyMap<string, string> = new Map();
  const host: ts.CompilerHost = Object.create(base) as ts.CompilerHost;
  // As tsc: JSDoc is parsed only where it can matter to type errors (most of a .d.ts's comments are not).
  host.jsDocParsingMode = tsm.JSDocParsingMode.ParseForTypeErrors;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = fileName === ops.fileName ? ops.text : overlay.get(fileName);
    if (text !== undefined) {
      const known = virtual.get(fileName);
      if (known && known.text === text) return known.sf;
      const sf = tsm.createSourceFile(fileName, text, languageVersion, true);
      virtual.set(fileName, { text, sf });
      return sf;
    }
    if (!files.has(fileName)) files.set(fileName, base.getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return files.get(fileName);
  };
  host.fileExists = (f) => f === ops.fileName || base.fileExists(f);
  host.readFile = (f) => (f === ops.fileName ? ops.text : base.readFile(f));

  let previous: ts.Program | undefined;
  return {
    create(next) {
      if (initial && !previous && next.size === 0) return (previous = initial);
      overlay = next;
      previous = tsm.createProgram({
        rootNames: [...setup.rootNames, ops.fileName],
        options: setup.options,
        projectReferences: setup.projectReferences,
        configFileParsingDiagnostics: setup.configFileParsingDiagnostics,
        host,
        oldProgram: previous,
      });
      return previous;
    },
  };
}
