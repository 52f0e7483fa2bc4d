// One check of a project as `autograph check` runs it, and how its diagnostics are printed: the
// tensor program of the project's files and the diagnostics `tsc --noEmit` would report for it;
// tsc's reporter (colours and code frames when pretty) and its closing error summary. Shared by a
// single check (run-check.ts) and --watch (run-watch.ts). Needs the modules of this folder.
// Produces `checkProject`, `reporter`, `Reporter`, `Located`, `CheckIO`.

import type ts from 'typescript';
import { compilerFactory, type ProjectSetup } from './compiler-factory.js';
import { projectDiagnostics } from './diagnostics.js';
import { autographEntries, type OperatorsFile } from './operators-file.js';
import { pluginOptions } from './plugin-options.js';
import { buildTensorProgram, type TensorProgram } from './tensor-program.js';

export interface CheckIO {
  /** Where diagnostics go (tsc writes them to stdout). */
  readonly write: (text: string) => void;
  readonly cwd?: string;
  /** Colours and code frames, as tsc on a terminal (`--pretty` and `--pretty false` decide first). */
  readonly tty?: boolean;
}

/** Where the project is: a tsconfig (given, found in a given folder, or above the current one), or bare files. */
export type Located =
  | { readonly kind: 'config'; readonly configPath: string; readonly options: ts.CompilerOptions }
  | { readonly kind: 'files'; readonly rootNames: readonly string[]; readonly options: ts.CompilerOptions };

type Internals = {
  createDiagnosticReporter?: (sys: ts.System, pretty?: boolean) => ts.DiagnosticReporter;
  getErrorSummaryText?: (
    count: number,
    files: readonly unknown[],
    newLine: string,
    host: ts.FormatDiagnosticsHost,
  ) => string;
};

/** How diagnostics are printed: tsc's reporter (colours and code frames when pretty), and its error summary. */
export interface Reporter {
  readonly pretty: boolean;
  readonly report: (d: ts.Diagnostic) => void;
  /** tsc's closing "Found N errors in …" (pretty output only). */
  readonly summary: (diagnostics: readonly ts.Diagnostic[]) => void;
}

export function reporter(tsm: typeof ts, sys: ts.System, io: CheckIO, options: ts.CompilerOptions): Reporter {
  const cwd = sys.getCurrentDirectory();
  const pretty = typeof options.pretty === 'boolean' ? options.pretty : io.tty === true && !process.env.NO_COLOR;
  const internals = tsm as unknown as Internals;
  const formatHost: ts.FormatDiagnosticsHost = {
    getCurrentDirectory: () => cwd,
    getNewLine: () => sys.newLine,
    getCanonicalFileName: (f) => f,
  };
  const report =
    internals.createDiagnosticReporter?.(sys, pretty) ??
    ((d: ts.Diagnostic) =>
      io.write(
        pretty
          ? `${tsm.formatDiagnosticsWithColorAndContext([d], formatHost)}${sys.newLine}`
          : tsm.formatDiagnostic(d, formatHost),
      ));
  const summary = (diagnostics: readonly ts.Diagnostic[]): void => {
    const errors = diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error);
    if (!pretty || !errors.length || !internals.getErrorSummaryText) return;
    // As tsc: each error names its file and the line of the file's first diagnostic.
    const files = errors.map((d) => {
      const first = d.file && diagnostics.find((x) => x.file?.fileName === d.file!.fileName);
      return first?.file
        ? { fileName: first.file.fileName, line: first.file.getLineAndCharacterOfPosition(first.start ?? 0).line + 1 }
        : undefined;
    });
    io.write(internals.getErrorSummaryText(errors.length, files, sys.newLine, formatHost));
  };
  return { pretty, report, summary };
}

/** The tensor program of the project and what `tsc --noEmit` would report for it. */
export function checkProject(
  tsm: typeof ts,
  setup: ProjectSetup,
  ops: OperatorsFile,
  initial?: ts.Program,
): { tp: TensorProgram; diagnostics: ts.Diagnostic[] } {
  const tp = buildTensorProgram(tsm, compilerFactory(tsm, setup, ops, undefined, initial), {
    operators: ops,
    entries: autographEntries(ops),
    importSources: pluginOptions(setup.options).importSources,
  });
  return { tp, diagnostics: projectDiagnostics(tsm, tp, setup.configFileParsingDiagnostics) };
}
