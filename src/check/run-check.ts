// `autograph check [tsconfig] [tsc options]`: reads the project as `tsc --noEmit` would (a tsconfig
// or its folder, -p, file names, compiler options), builds the tensor program, and prints the
// diagnostics in tsc's format (pretty on a terminal, `file(line,col): error TSxxxx: …` otherwise)
// with tsc's exit codes: 0 clean, 1 bad command line or project, 2 diagnostics.
// Needs the compiler API (given) and the modules of this folder. Produces `runCheck`, `CHECK_EXIT`.

import type ts from 'typescript';
import { compilerFactory, type ProjectSetup } from './compiler-factory.js';
import { projectDiagnostics } from './diagnostics.js';
import { autographEntries, operatorsFile } from './operators-file.js';
import { pluginOptions } from './plugin-options.js';
import { buildTensorProgram, type TensorProgram } from './tensor-program.js';

export const CHECK_EXIT = { ok: 0, badProject: 1, diagnostics: 2 } as const;

export interface CheckIO {
  /** Where diagnostics go (tsc writes them to stdout). */
  readonly write: (text: string) => void;
  readonly cwd?: string;
  /** Colours and code frames, as tsc on a terminal (`--pretty` and `--pretty false` decide first). */
  readonly tty?: boolean;
}

export interface CheckResult {
  readonly exitCode: number;
  readonly diagnostics: readonly ts.Diagnostic[];
  /** The tensor program (absent when the command line or the project could not be read). */
  readonly tensorProgram?: TensorProgram;
}

type Internals = {
  createDiagnosticReporter?: (sys: ts.System, pretty?: boolean) => ts.DiagnosticReporter;
  getErrorSummaryText?: (count: number, files: readonly unknown[], newLine: string, host: ts.FormatDiagnosticsHost) => string;
};

function error(tsm: typeof ts, code: number, text: string): ts.Diagnostic {
  return { category: tsm.DiagnosticCategory.Error, code, messageText: text, file: undefined, start: undefined, length: undefined };
}

/** The project to check: a tsconfig (given, found in a given folder, or above the current one), or bare files. */
function readProject(tsm: typeof ts, args: readonly string[], sys: ts.System, cwd: string): { setup?: ProjectSetup; errors: ts.Diagnostic[] } {
  const cl = tsm.parseCommandLine([...args], (p) => sys.readFile(p));
  if (cl.errors.length) return { errors: cl.errors };
  let project = cl.options.project as string | undefined;
  const files = cl.fileNames;
  // `autograph check path/to/tsconfig.json` (or a folder) means -p.
  if (!project && files.length === 1 && (files[0]!.endsWith('.json') || sys.directoryExists(tsm.sys.resolvePath(files[0]!)))) {
    project = files[0];
    files.length = 0;
  }
  if (files.length && !project) {
    return { setup: { rootNames: cwd === process.cwd() ? files : files.map((f) => sys.resolvePath(f.startsWith('/') ? f : `${cwd}/${f}`)), options: { ...cl.options, noEmit: true } }, errors: [] };
  }
  let configPath: string | undefined;
  if (project) {
    const abs = sys.resolvePath(project.startsWith('/') ? project : `${cwd}/${project}`);
    if (sys.directoryExists(abs)) {
      configPath = `${abs}/tsconfig.json`;
      if (!sys.fileExists(configPath)) return { errors: [error(tsm, 5057, `Cannot find a tsconfig.json file at the specified directory: '${project}'.`)] };
    } else if (sys.fileExists(abs)) configPath = abs;
    else return { errors: [error(tsm, 5058, `The specified path does not exist: '${project}'.`)] };
  } else {
    configPath = tsm.findConfigFile(cwd, (f) => sys.fileExists(f));
    if (!configPath) return { errors: [error(tsm, 5081, `Cannot find a tsconfig.json file at the current directory: ${cwd}.`)] };
  }
  const unrecoverable: ts.Diagnostic[] = [];
  const host: ts.ParseConfigFileHost = { ...sys, onUnRecoverableConfigFileDiagnostic: (d) => unrecoverable.push(d) };
  const parsed = tsm.getParsedCommandLineOfConfigFile(configPath, { ...cl.options, project: undefined }, host);
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

/** Checks the project named by `args` (what follows `autograph check`), printing as tsc does. */
export function runCheck(tsm: typeof ts, args: readonly string[], io: CheckIO): CheckResult {
  const cwd = io.cwd ?? process.cwd();
  const sys: ts.System = { ...tsm.sys, getCurrentDirectory: () => cwd, write: io.write, writeOutputIsTTY: () => io.tty === true };
  const { setup, errors } = readProject(tsm, args, sys, cwd);
  const options = setup?.options ?? {};
  const pretty = typeof options.pretty === 'boolean' ? options.pretty : io.tty === true && !process.env.NO_COLOR;
  const internals = tsm as unknown as Internals;
  const formatHost: ts.FormatDiagnosticsHost = { getCurrentDirectory: () => cwd, getNewLine: () => sys.newLine, getCanonicalFileName: (f) => f };
  const report =
    internals.createDiagnosticReporter?.(sys, pretty) ??
    ((d: ts.Diagnostic) => io.write(pretty ? `${tsm.formatDiagnosticsWithColorAndContext([d], formatHost)}${sys.newLine}` : tsm.formatDiagnostic(d, formatHost)));
  if (!setup) {
    errors.forEach(report);
    return { exitCode: CHECK_EXIT.badProject, diagnostics: errors };
  }
  const ops = operatorsFile();
  const tp = buildTensorProgram(tsm, compilerFactory(tsm, setup, ops), {
    operators: ops,
    entries: autographEntries(ops),
    importSources: pluginOptions(setup.options).importSources,
  });
  const diagnostics = projectDiagnostics(tsm, tp, setup.configFileParsingDiagnostics);
  diagnostics.forEach(report);
  const errorCount = diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error).length;
  if (pretty && errorCount && internals.getErrorSummaryText) {
    // As tsc: each error names its file and the line of the file's first diagnostic.
    const files = diagnostics
      .filter((d) => d.category === tsm.DiagnosticCategory.Error)
      .map((d) => {
        const first = d.file && diagnostics.find((x) => x.file?.fileName === d.file!.fileName);
        return first?.file ? { fileName: first.file.fileName, line: first.file.getLineAndCharacterOfPosition(first.start ?? 0).line + 1 } : undefined;
      });
    io.write(internals.getErrorSummaryText(errorCount, files, sys.newLine, formatHost));
  }
  return { exitCode: diagnostics.length ? CHECK_EXIT.diagnostics : CHECK_EXIT.ok, diagnostics, tensorProgram: tp };
}
