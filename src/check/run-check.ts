// `autograph check [tsconfig] [tsc options]`: reads the project as `tsc --noEmit` would (a tsconfig
// or its folder, -p, file names, compiler options), builds the tensor program, and prints the
// diagnostics in tsc's format (pretty on a terminal, `file(line,col): error TSxxxx: …` otherwise)
// with tsc's exit codes: 0 clean, 1 bad command line or project, 2 diagnostics; `--watch` goes on
// checking (run-watch.ts). Needs the compiler API (given) and the modules of this folder.
// Produces `runCheck`, `CHECK_EXIT`.

import type ts from 'typescript';
import { checkProject, reporter, type CheckIO, type Located } from './check-project.js';
import type { ProjectSetup } from './compiler-factory.js';
import { operatorsFile } from './operators-file.js';
import { watchCheck } from './run-watch.js';
import type { TensorProgram } from './tensor-program.js';

export type { CheckIO } from './check-project.js';

export const CHECK_EXIT = { ok: 0, badProject: 1, diagnostics: 2 } as const;

export interface CheckResult {
  readonly exitCode: number;
  readonly diagnostics: readonly ts.Diagnostic[];
  /** The tensor program (absent when the command line or the project could not be read, and under --watch). */
  readonly tensorProgram?: TensorProgram;
  /** Under --watch: the watch, checking on every change until closed. */
  readonly watch?: { close(): void };
}

function error(tsm: typeof ts, code: number, text: string): ts.Diagnostic {
  return {
    category: tsm.DiagnosticCategory.Error,
    code,
    messageText: text,
    file: undefined,
    start: undefined,
    length: undefined,
  };
}

function locateProject(
  tsm: typeof ts,
  args: readonly string[],
  sys: ts.System,
  cwd: string,
): { located?: Located; errors: ts.Diagnostic[] } {
  const cl = tsm.parseCommandLine([...args], (p) => sys.readFile(p));
  if (cl.errors.length) return { errors: cl.errors };
  let project = cl.options.project as string | undefined;
  const files = cl.fileNames;
  // `autograph check path/to/tsconfig.json` (or a folder) means -p.
  if (
    !project &&
    files.length === 1 &&
    (files[0]!.endsWith('.json') || sys.directoryExists(tsm.sys.resolvePath(files[0]!)))
  ) {
    project = files[0];
    files.length = 0;
  }
  const options: ts.CompilerOptions = { ...cl.options, project: undefined, noEmit: true };
  if (files.length && !project) {
    return {
      located: {
        kind: 'files',
        rootNames:
          cwd === process.cwd() ? files : files.map((f) => sys.resolvePath(f.startsWith('/') ? f : `${cwd}/${f}`)),
        options,
      },
      errors: [],
    };
  }
  if (!project) {
    const found = tsm.findConfigFile(cwd, (f) => sys.fileExists(f));
    if (!found)
      return { errors: [error(tsm, 5081, `Cannot find a tsconfig.json file at the current directory: ${cwd}.`)] };
    return { located: { kind: 'config', configPath: found, options }, errors: [] };
  }
  const abs = sys.resolvePath(project.startsWith('/') ? project : `${cwd}/${project}`);
  if (sys.directoryExists(abs)) {
    const configPath = `${abs}/tsconfig.json`;
    if (!sys.fileExists(configPath))
      return {
        errors: [error(tsm, 5057, `Cannot find a tsconfig.json file at the specified directory: '${project}'.`)],
      };
    return { located: { kind: 'config', configPath, options }, errors: [] };
  }
  if (sys.fileExists(abs)) return { located: { kind: 'config', configPath: abs, options }, errors: [] };
  return { errors: [error(tsm, 5058, `The specified path does not exist: '${project}'.`)] };
}

/** The project's root files and options (its tsconfig read as tsc reads it). */
function readProject(
  tsm: typeof ts,
  located: Located,
  sys: ts.System,
): { setup?: ProjectSetup; errors: ts.Diagnostic[] } {
  if (located.kind === 'files')
    return { setup: { rootNames: located.rootNames, options: located.options }, errors: [] };
  const unrecoverable: ts.Diagnostic[] = [];
  const host: ts.ParseConfigFileHost = { ...sys, onUnRecoverableConfigFileDiagnostic: (d) => unrecoverable.push(d) };
  const parsed = tsm.getParsedCommandLineOfConfigFile(located.configPath, located.options, host);
  if (!parsed) return { errors: unrecoverable };
  return {
    setup: {
      rootNames: parsed.fileNames,
      options: { ...parsed.options, noEmit: true },
      projectReferences: parsed.projectReferences,
      configFileParsingDiagnostics: tsm.getConfigFileParsingDiagnostics(parsed),
    },
    errors: [],
  };
}

/**
 * Checks the project named by `args` (what follows `autograph check`), printing as tsc does; with
 * `--watch`, checks it again on every change (run-watch.ts) and returns the watch to close.
 */
export function runCheck(tsm: typeof ts, args: readonly string[], io: CheckIO): CheckResult {
  const cwd = io.cwd ?? process.cwd();
  const sys: ts.System = {
    ...tsm.sys,
    getCurrentDirectory: () => cwd,
    write: io.write,
    writeOutputIsTTY: () => io.tty === true,
  };
  const { located, errors: locateErrors } = locateProject(tsm, args, sys, cwd);
  const { setup, errors } =
    located && !located.options.watch ? readProject(tsm, located, sys) : { setup: undefined, errors: locateErrors };
  const out = reporter(tsm, sys, io, setup?.options ?? located?.options ?? {});
  if (located?.options.watch)
    return { exitCode: CHECK_EXIT.ok, diagnostics: [], watch: watchCheck(tsm, located, sys, out) };
  if (!setup) {
    errors.forEach(out.report);
    return { exitCode: CHECK_EXIT.badProject, diagnostics: errors };
  }
  const { tp, diagnostics } = checkProject(tsm, setup, operatorsFile());
  diagnostics.forEach(out.report);
  out.summary(diagnostics);
  return { exitCode: diagnostics.length ? CHECK_EXIT.diagnostics : CHECK_EXIT.ok, diagnostics, tensorProgram: tp };
}
