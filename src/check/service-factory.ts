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
  const own: Partial<ts.LanguageServiceHost> = {
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
    // The project's version changes with every edit: ours changes with the overlay too.
    getProjectVersion: undefined,
  };
  const proxy = new Proxy(host, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in own) return own[key as keyof ts.LanguageServiceHost];
      const v = Reflect.get(target, key, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
    has(target, key) {
      return (typeof key === 'string' && key in own && own[key as keyof ts.LanguageServiceHost] !== undefined) || Reflect.has(target, key);
    },
  });
  const service = tsm.createLanguageService(proxy, tsm.createDocumentRegistry(tsm.sys.useCaseSensitiveFileNames, host.getCurrentDirectory()));
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
