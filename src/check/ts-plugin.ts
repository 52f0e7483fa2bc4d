// The TypeScript language-service plugin (tsconfig `compilerOptions.plugins: [{ "name":
// "autograph-ts/ts-plugin" }]`): the editor shows what `autograph check` reports — semantic
// diagnostics from the tensor program, mapped back — and hovers give the types of the rewritten
// program (`a * a / 2` is a Tensor; hovering its operator names the tensor op's type). Everything
// else is the editor's own language service. Needs the modules of this folder, and the compiler the
// editor runs (handed to the plugin). Produces the plugin factory (default export) and `decorate`.

import type ts from 'typescript';
import type { Candidate } from './candidates.js';
import { fileDiagnostics } from './diagnostics.js';
import { autographEntries, operatorsFile } from './operators-file.js';
import { fromConfig, type CheckPluginOptions } from './plugin-options.js';
import { serviceFactory } from './service-factory.js';
import { buildTensorProgram, nodeAt, type TensorProgram } from './tensor-program.js';

/** The language service `ls` with the checker's diagnostics and hovers. */
export function decorate(
  tsm: typeof ts,
  ls: ts.LanguageService,
  host: ts.LanguageServiceHost,
  options: CheckPluginOptions,
): ts.LanguageService {
  const ops = operatorsFile();
  const factory = serviceFactory(tsm, host, ops);
  const entries = autographEntries(ops);
  let cached: { key: string; tp: TensorProgram } | undefined;
  const stateKey = (): string =>
    host.getProjectVersion?.() ??
    host
      .getScriptFileNames()
      .map((f) => `${f}@${host.getScriptVersion(f)}`)
      .join('|');
  const tensorProgram = (): TensorProgram => {
    const key = stateKey();
    if (cached?.key !== key)
      cached = {
        key,
        tp: buildTensorProgram(tsm, factory, { operators: ops, entries, importSources: options.importSources }),
      };
    return cached.tp;
  };

  const proxy: ts.LanguageService = Object.create(null) as ts.LanguageService;
  for (const k of Object.keys(ls) as (keyof ts.LanguageService)[]) {
    const f = ls[k];
    (proxy as unknown as Record<string, unknown>)[k] =
      typeof f === 'function' ? (f as (...a: unknown[]) => unknown).bind(ls) : f;
  }
  proxy.getSemanticDiagnostics = (fileName) => {
    if (fileName === ops.fileName) return [];
    return fileDiagnostics(tsm, tensorProgram(), fileName, 'semantic');
  };
  proxy.getQuickInfoAtPosition = (fileName, position, ...rest) => {
    const tp = tensorProgram();
    const f = tp.files.get(fileName);
    if (!f?.virtual) return ls.getQuickInfoAtPosition(fileName, position, ...rest);
    const v = f.virtual.map.toVirtual(position);
    if (v === undefined) return operatorInfo(tsm, tp, fileName, position);
    const info = factory.service.getQuickInfoAtPosition(fileName, v, ...rest);
    if (!info) return info;
    const span = f.virtual.map.toOriginal(info.textSpan.start, info.textSpan.start + info.textSpan.length);
    return { ...info, textSpan: { start: span.start, length: span.end - span.start } };
  };
  return proxy;
}

/** Hover on the operator of a rewritten expression: the expression and its tensor type. */
function operatorInfo(tsm: typeof ts, tp: TensorProgram, fileName: string, position: number): ts.QuickInfo | undefined {
  const f = tp.files.get(fileName)!;
  // The innermost rewritten expression around the position (the operator hovered is its own).
  let best: Candidate | undefined;
  for (const c of f.plan.values()) {
    const s = c.node.getStart(f.original);
    if (
      s <= position &&
      position < c.node.end &&
      (!best || c.node.end - s < best.node.end - best.node.getStart(f.original))
    )
      best = c;
  }
  const vsf = tp.program.getSourceFile(fileName);
  const span = best && f.virtual?.spans.get(best.node);
  const v = span && vsf && nodeAt(tsm, vsf, span.start, span.end);
  if (!best || !v) return undefined;
  const checker = tp.program.getTypeChecker();
  const type = checker.typeToString(checker.getTypeAtLocation(v), v, tsm.TypeFormatFlags.NoTruncation);
  const start = best.node.getStart(f.original);
  const text = f.original.text.slice(start, best.node.end);
  return {
    kind: tsm.ScriptElementKind.unknown,
    kindModifiers: '',
    textSpan: { start, length: best.node.end - start },
    displayParts: [
      { text: '(tensor op)', kind: 'text' },
      { text: ' ', kind: 'space' },
      { text, kind: 'text' },
      { text: ':', kind: 'punctuation' },
      { text: ' ', kind: 'space' },
      { text: type, kind: 'text' },
    ],
  };
}

/** The plugin module tsserver loads: `{ create(info) }` decorating the project's language service. */
export default function autographTsPlugin(modules: { typescript: typeof ts }): ts.server.PluginModule {
  const tsm = modules.typescript;
  return {
    create(info) {
      return decorate(
        tsm,
        info.languageService,
        info.languageServiceHost,
        fromConfig(info.config as Record<string, unknown>),
      );
    },
  };
}
