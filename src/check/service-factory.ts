// Programs for the editor plugin: a language service of its own over the editor's project, whose host
// serves the operators file and the virtual texts (with versions of their own) and defers everything
// else to the editor's host. Needs the compiler API. Produces `serviceFactory`, `ServiceFactory`.

import type ts from 'typescript';
import type { OperatorsFile } from './operators-file.js';
import type { ProgramFactory } from './tensor-program.js';

export interface ServiceFactory extends ProgramFactory {
  /** The language service over the virtual texts of the last `create`. */
  readonly service: ts.LanguageService;
}

export function serviceFactory(tsm: typeof ts, host: ts.LanguageServiceHost, ops: OperatorsFile): ServiceFactory {
  let overlay: ReadonlyMap<string, string> = new Map();
  const versions = new Map<string, { text: string; n: number }>();
  let counter = 0;
  const opsSnapshot = tsm.ScriptSnapshot.fromString(ops.text);
  // The editor's host is the project itself (tsserver): only the plain host API is passed on, so
  // the project's own update, resolution cache and compiler host stay its own.
  const bind = <K extends keyof ts.LanguageServiceHost>(k: K): ts.LanguageServiceHost[K] => {
    const f = host[k] as unknown;
    return (
      typeof f === 'function' ? (f as (...a: unknown[]) => unknown).bind(host) : undefined
    ) as ts.LanguageServiceHost[K];
  };
  const inner: ts.LanguageServiceHost = {
    getCompilationSettings: () => host.getCompilationSettings(),
    getCurrentDirectory: () => host.getCurrentDirectory(),
    getDefaultLibFileName: (o) => host.getDefaultLibFileName(o),
    getNewLine: bind('getNewLine'),
    getScriptKind: bind('getScriptKind'),
    getProjectReferences: bind('getProjectReferences'),
    useCaseSensitiveFileNames: bind('useCaseSensitiveFileNames'),
    readDirectory: bind('readDirectory'),
    realpath: bind('realpath'),
    directoryExists: bind('directoryExists'),
    getDirectories: bind('getDirectories'),
    getTypeRootsVersion: bind('getTypeRootsVersion'),
    getParsedCommandLine: bind('getParsedCommandLine'),
    log: bind('log'),
    trace: bind('trace'),
    error: bind('error'),
    getScriptFileNames: () => [...host.getScriptFileNames(), ops.fileName],
    getScriptVersion: (f) => {
      if (f === ops.fileName) return 'autograph-operators';
      const text = overlay.get(f);
      if (text === undefined) return host.getScriptVersion(f);
      let v = versions.get(f);
      if (!v || v.text !== text) versions.set(f, (v = { text, n: ++counter }));
      return `${host.getScriptVersion(f)}+autograph${v.n}`;
    },
    getScriptSnapshot: (f) => {
      if (f === ops.fileName) return opsSnapshot;
      const text = overlay.get(f);
      return text === undefined ? host.getScriptSnapshot(f) : tsm.ScriptSnapshot.fromString(text);
    },
    fileExists: (f) => f === ops.fileName || (host.fileExists?.(f) ?? tsm.sys.fileExists(f)),
    readFile: (f, enc) => (f === ops.fileName ? ops.text : (host.readFile?.(f, enc) ?? tsm.sys.readFile(f, enc))),
  };
  const service = tsm.createLanguageService(
    inner,
    tsm.createDocumentRegistry(tsm.sys.useCaseSensitiveFileNames, host.getCurrentDirectory()),
  );
  return {
    service,
    create(next) {
      overlay = new Map(next);
      const p = service.getProgram();
      if (!p) throw new Error('autograph-ts plugin: the language service made no program');
      return p;
    },
  };
}
