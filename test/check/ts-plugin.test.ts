// The language-service plugin through ts.createLanguageService, as tsserver applies it: the editor's
// diagnostics are those of `autograph check` (operators on tensors in converted functions accepted,
// real mistakes reported at their place), hovers give the tensor types, and edits are seen.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../src/check/ts-plugin.js';

const dir = fileURLToPath(new URL('./fixtures/editor/', import.meta.url));
const file = join(dir, 'huber.ts').replace(/\\/g, '/');

function makeService() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const texts = new Map<string, { text: string; version: number }>();
  texts.set(file, { text: readFileSync(file, 'utf8'), version: 1 });
  let projectVersion = 1;
  const host: ts.LanguageServiceHost = {
    getProjectVersion: () => String(projectVersion),
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: (f) => String(texts.get(f)?.version ?? 0),
    getScriptSnapshot: (f) => {
      const t = texts.get(f)?.text ?? ts.sys.readFile(f);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => parsed.options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const plain = ts.createLanguageService(host, ts.createDocumentRegistry());
  const config = (parsed.options.plugins as unknown as Record<string, unknown>[])[0]!;
  const info = {
    languageService: plain,
    languageServiceHost: host,
    config,
    project: {} as ts.server.Project,
    serverHost: {} as ts.server.ServerHost,
  } as ts.server.PluginCreateInfo;
  const service = plugin({ typescript: ts }).create(info);
  const edit = (text: string) => {
    const cur = texts.get(file)!;
    texts.set(file, { text, version: cur.version + 1 });
    projectVersion++;
  };
  return { plain, service, edit, text: () => texts.get(file)!.text };
}

const at = (text: string, needle: string, offset = 0): number => {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`no '${needle}' in the fixture`);
  return i + offset;
};
const where = (text: string, d: ts.Diagnostic) => {
  const before = text.slice(0, d.start);
  const line = before.split('\n').length;
  return {
    line,
    column: d.start! - before.lastIndexOf('\n'),
    code: d.code,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  };
};

describe('the autograph-ts language-service plugin', () => {
  let s: ReturnType<typeof makeService>;
  beforeAll(() => {
    s = makeService();
  }, 120_000);

  it('reports only the real mistake, where tsc would put it; plain tsc reports the tensor operators too', () => {
    const text = s.text();
    const ours = s.service.getSemanticDiagnostics(file).map((d) => where(text, d));
    expect(ours).toEqual([
      { line: 13, column: 14, code: 2322, message: "Type 'Tensor<Rank>' is not assignable to type 'number'." },
    ]);
    const plain = s.plain.getSemanticDiagnostics(file).map((d) => d.code);
    expect(plain).toEqual(expect.arrayContaining([2365, 2362, 2363]));
    expect(plain.length).toBeGreaterThan(3);
  });

  it('hovers give the tensor types: a variable, and the operator of a rewritten expression', () => {
    const text = s.text();
    const loss = s.service.getQuickInfoAtPosition(file, at(text, 'return loss', 7))!;
    expect(ts.displayPartsToString(loss.displayParts)).toBe('let loss: tf.Tensor<tf.Rank>');
    expect(text.slice(loss.textSpan.start, loss.textSpan.start + loss.textSpan.length)).toBe('loss');
    const plainLoss = s.plain.getQuickInfoAtPosition(file, at(text, 'return loss', 7))!;
    expect(ts.displayPartsToString(plainLoss.displayParts)).toBe('let loss: number');

    const div = s.service.getQuickInfoAtPosition(file, at(text, 'a * a / 2', 6))!;
    expect(ts.displayPartsToString(div.displayParts)).toBe('(tensor op) a * a / 2: tf.Tensor<tf.Rank>');
    expect(text.slice(div.textSpan.start, div.textSpan.start + div.textSpan.length)).toBe('a * a / 2');
    const mul = s.service.getQuickInfoAtPosition(file, at(text, 'a * a / 2', 2))!;
    expect(ts.displayPartsToString(mul.displayParts)).toBe('(tensor op) a * a: tf.Tensor<tf.Rank>');
  });

  it('follows edits: a mistake made inside the converted function shows at its place', () => {
    const text = s.text().replace('return loss;', 'const n: string = loss;\n  return loss;');
    s.edit(text);
    const ours = s.service.getSemanticDiagnostics(file).map((d) => where(text, d));
    expect(ours).toEqual([
      { line: 10, column: 9, code: 2322, message: "Type 'Tensor<Rank>' is not assignable to type 'string'." },
      { line: 14, column: 14, code: 2322, message: "Type 'Tensor<Rank>' is not assignable to type 'number'." },
    ]);
  });
});
