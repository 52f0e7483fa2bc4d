// `autograph check --watch`: TypeScript's own watch (createWatchProgram over the tsconfig, or over
// the files given) makes the project's program again on every change, with the operators file among
// its roots; after each one the tensor program is built on it (its unchanged files reused) and the
// diagnostics are printed as `tsc --noEmit --watch` prints them, closing with its status line
// ("Found 1 error. Watching for file changes."). Needs the compiler API and check-project.
// Produces `watchCheck`.

import type ts from 'typescript';
import { checkProject, type Located, type Reporter } from './check-project.js';
import { operatorsFile } from './operators-file.js';

/** tsc's codes of the status that closes a compilation in watch mode. */
const FOUND_ONE = 6193;
const FOUND_MANY = 6194;

/** Watches the project and checks it on every change; the watch stays open until `close()`. */
export function watchCheck(tsm: typeof ts, located: Located, sys: ts.System, out: Reporter): { close(): void } {
  const ops = operatorsFile();
  const createProgram = tsm.createSemanticDiagnosticsBuilderProgram;
  const host =
    located.kind === 'config'
      ? tsm.createWatchCompilerHost(located.configPath, located.options, sys, createProgram, out.report)
      : tsm.createWatchCompilerHost([...located.rootNames], located.options, sys, createProgram, out.report);
  host.jsDocParsingMode = tsm.JSDocParsingMode.ParseForTypeErrors; // as tsc --watch
  // The operators file is one more root, served from memory.
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (f, enc) => (f === ops.fileName ? ops.text : readFile(f, enc));
  host.fileExists = (f) => f === ops.fileName || fileExists(f);
  const make = host.createProgram;
  host.createProgram = (roots, options, compilerHost, old, configDiagnostics, references) =>
    make(roots && [...roots, ops.fileName], options, compilerHost, old, configDiagnostics, references);
  // Instead of emitting and reporting the program's own diagnostics: the checker's.
  host.afterProgramCreate = (builder) => {
    const program = builder.getProgram();
    const setup = {
      rootNames: program.getRootFileNames().filter((f) => f !== ops.fileName),
      options: program.getCompilerOptions(),
      projectReferences: program.getProjectReferences(),
      configFileParsingDiagnostics: program.getConfigFileParsingDiagnostics(),
    };
    const { diagnostics } = checkProject(tsm, setup, ops, program);
    diagnostics.forEach(out.report);
    out.summary(diagnostics);
    const errors = diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error).length;
    const text =
      errors === 1 ? 'Found 1 error. Watching for file changes.' : `Found ${errors} errors. Watching for file changes.`;
    const status: ts.Diagnostic = {
      category: tsm.DiagnosticCategory.Message,
      code: errors === 1 ? FOUND_ONE : FOUND_MANY,
      messageText: text,
      file: undefined,
      start: undefined,
      length: undefined,
    };
    host.onWatchStatusChange?.(status, sys.newLine, program.getCompilerOptions(), errors);
  };
  return 'configFileName' in host ? tsm.createWatchProgram(host) : tsm.createWatchProgram(host);
}
