// The dependency picture of docs/architecture.md, checked: every relative import in src/ (type-only
// ones too) goes from a higher floor to a lower one or stays inside its own folder, the floors are
// folders (so the structure drawn by folders is the picture: no folder imports one above it, and no
// two folders import each other), and the only import circles between files are the inherent ones
// the document lists. Also: only engine/ reaches tfjs's engine internals. Reads the sources with
// TypeScript's `preProcessFile`; runs nothing.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// The floor table is shared with the ESLint rule `autograph/floors` (eslint.config.js).
import { FLOORS, floorOf, importRefusal, targetOf, targetRefusal, topOf } from '../../scripts/lint/floors.mjs';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Imports from one target folder into another that TARGET_IMPORTS does not allow. */
function crossTargetImports(all: Map<string, string[]>): string[] {
  return [...all].flatMap(([from, targets]) => targets.flatMap((to) => targetRefusal(from, to) ?? []));
}

/**
 * Import circles between files that are inherent (docs/architecture.md, "Circles"): each is one
 * recursion of the problem itself. Listed by their files, sorted.
 */
export const INHERENT_CIRCLES: readonly (readonly string[])[] = [
  // A jit function's gradient is itself a jit function (jit-gradient jits the vjp of the call).
  ['api/jit-gradient.ts', 'api/jit.ts'],
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const rel = (abs: string) => path.relative(SRC, abs).split(path.sep).join('/');

/** The specifiers a file imports for types only (`import type`, or every name marked `type`). */
function typeOnlySpecifiers(file: string, text: string): Set<string> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const typeOnly = new Set<string>();
  const valued = new Set<string>();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const c = st.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      const onlyTypes =
        !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      (onlyTypes ? typeOnly : valued).add(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const named = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : undefined;
      const onlyTypes = st.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly));
      (onlyTypes ? typeOnly : valued).add(st.moduleSpecifier.text);
    }
  }
  for (const v of valued) typeOnly.delete(v);
  return typeOnly;
}

interface Imports {
  /** Every relative import (type-only ones too), as src-relative paths. */
  readonly all: string[];
  /** The imports that remain at run time. */
  readonly values: string[];
}

/** Every file's relative imports (resolved to src-relative .ts paths). */
function importGraph(): Map<string, Imports> {
  const files = sourceFiles(SRC);
  const known = new Set(files.map(rel));
  const graph = new Map<string, Imports>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const typeOnly = typeOnlySpecifiers(file, text);
    const all: string[] = [];
    const values: string[] = [];
    for (const imp of info.importedFiles) {
      if (!imp.fileName.startsWith('.')) continue;
      const base = rel(path.resolve(path.dirname(file), imp.fileName)).replace(/\.(m?js|m?ts)$/, '');
      const target = [`${base}.ts`, `${base}.mts`, `${base}/index.ts`].find((t) => known.has(t));
      if (!target) {
        if (!/\.(mjs|json)$/.test(imp.fileName))
          throw new Error(`${rel(file)}: import '${imp.fileName}' resolves to no source file`);
        continue;
      }
      all.push(target);
      if (!typeOnly.has(imp.fileName)) values.push(target);
    }
    graph.set(rel(file), { all, values });
  }
  return graph;
}

const top = topOf;

/** The imports between top-level folders (and entry files) of src/: folder → the folders it imports. */
function folderGraph(all: Map<string, string[]>): Map<string, string[]> {
  const edges = new Map<string, Set<string>>();
  for (const [from, targets] of all) {
    const a = top(from);
    if (!edges.has(a)) edges.set(a, new Set());
    for (const to of targets) if (top(to) !== a) edges.get(a)!.add(top(to));
  }
  return new Map([...edges].map(([a, bs]) => [a, [...bs].sort()]));
}

/** The floor of a top-level folder or entry file. */
const folderFloor = (folder: string): number => floorOf(folder.endsWith('.ts') ? folder : `${folder}/`)[0];

/** Strongly connected components with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the floors of src/', () => {
  const graph = importGraph();
  const all = new Map([...graph].map(([f, i]) => [f, i.all]));
  const values = new Map([...graph].map(([f, i]) => [f, i.values]));

  it('reads the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(all.get('trace/cond.ts')).toContain('trace/subgraph.ts');
    // `import type { Capture, Graph, Node, Value }` is a type-only import; `import { printGraph }` is not.
    expect(all.get('ir/print.ts')).toContain('ir/graph.ts');
    expect(values.get('ir/print.ts')).not.toContain('ir/graph.ts');
    expect(values.get('ir/graph.ts')).toContain('ir/print.ts');
  });

  it('puts every module on a floor', () => {
    for (const file of graph.keys()) expect(() => floorOf(file), file).not.toThrow();
  });

  it('has no import from a lower floor to a higher one, nor between folders of one floor', () => {
    // importRefusal is what the ESLint rule autograph/floors reports
    const wrong = [...all].flatMap(([from, targets]) => targets.flatMap((to) => importRefusal(from, to) ?? []));
    expect(wrong).toEqual([]);
    expect(importRefusal('ir/graph.ts', 'opt/pipeline.ts')).toMatch(
      /^ir\/graph\.ts \(floor 1, ir\/\) imports opt\/pipeline\.ts \(floor 6, opt\/\): a higher floor$/,
    );
  });

  it('has no import between the folders of exec/targets/ but the allowed directions', () => {
    expect(crossTargetImports(all)).toEqual([]);
    const targets = new Set([...all.keys()].map(targetOf).filter((t) => t !== undefined));
    expect([...targets].sort()).toEqual(expect.arrayContaining(['js', 'wasm-heap', 'wasm-simd']));
    expect(floorOf('exec/targets/js/element-loops.ts')).toEqual([
      floorOf('exec/compiled/codegen.ts')[0],
      'exec/targets/',
    ]);
    // the check is not vacuous: the other direction is refused
    const bad = new Map(all);
    bad.set('exec/targets/wasm-simd/loops.ts', [
      ...(all.get('exec/targets/wasm-simd/loops.ts') ?? []),
      'exec/targets/wasm-heap/epilogue.ts',
    ]);
    expect(crossTargetImports(bad)).toEqual([
      'exec/targets/wasm-simd/loops.ts (target wasm-simd) imports exec/targets/wasm-heap/epilogue.ts (target wasm-heap)',
    ]);
  });

  it('is the picture docs/architecture.md draws: the same folders, no floor drawn above one FLOORS puts higher', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/architecture.md', import.meta.url)), 'utf8');
    const block = /The folders stand on floors[\s\S]*?```\n([\s\S]*?)```/.exec(doc)![1]!;
    const drawn = new Map<string, number>();
    for (const line of block.split('\n')) {
      const m = /^\s*(\d+)\s+(.*)$/.exec(line);
      if (!m) continue;
      for (const tok of m[2]!.split(/\s+/)) if (/^([a-z-]+\/)+$|^[a-z]+\.ts$/.test(tok)) drawn.set(tok, Number(m[1]));
    }
    expect([...drawn.keys()].sort()).toEqual(FLOORS.flat().sort());
    const wrong: string[] = [];
    for (const [a, da] of drawn) {
      for (const [b, db] of drawn)
        if (da < db && floorOf(a)[0] >= floorOf(b)[0]) wrong.push(`${a} (drawn ${da}) below ${b} (drawn ${db})`);
    }
    expect(wrong).toEqual([]);
  });

  it('has no import circle other than the inherent ones (imports that remain at run time)', () => {
    expect(circles(values)).toEqual(INHERENT_CIRCLES.map((c) => [...c].sort()));
  });

  it('lists folders only (and the entry files at the top), each one that exists', () => {
    const entries = readdirSync(SRC, { withFileTypes: true });
    const folders = new Set(entries.filter((e) => e.isDirectory()).map((e) => `${e.name}/`));
    const topFiles = new Set(entries.filter((e) => e.isFile() && /\.ts$/.test(e.name)).map((e) => e.name));
    for (const prefix of FLOORS.flat()) {
      if (prefix.endsWith('/')) expect(statSync(path.join(SRC, prefix)).isDirectory(), prefix).toBe(true);
      else
        expect(topFiles.has(prefix), `${prefix}: a floor names a folder, or an entry file at the top of src/`).toBe(
          true,
        );
    }
    // every top-level folder and file is on a floor of its own name
    for (const name of [...folders, ...topFiles])
      expect(floorOf(name.endsWith('/') ? `${name}x.ts` : name)[1], name).toBe(name);
  });

  it('draws, by folders, no import running back up and no two folders importing each other', () => {
    const folders = folderGraph(all);
    const up: string[] = [];
    for (const [a, bs] of folders)
      for (const b of bs)
        if (folderFloor(b) >= folderFloor(a))
          up.push(`${a}/ (floor ${folderFloor(a)}) imports ${b}/ (floor ${folderFloor(b)})`);
    expect(up).toEqual([]);
    expect(circles(folders)).toEqual([]);
    // the inherent circles stay inside one folder: a picture by folders shows none of them
    for (const c of INHERENT_CIRCLES) expect(new Set(c.map(top)).size, c.join(' ↔ ')).toBe(1);
    // the picture is the one docs/architecture.md draws: ort/ runs the ONNX export, install/ wires both
    expect(folders.get('ort')).toEqual(expect.arrayContaining(['exec', 'export']));
    expect(folders.get('exec')).not.toContain('export');
    expect(folders.get('export')).not.toContain('exec');
    expect(folders.get('install')).toEqual(expect.arrayContaining(['exec', 'export', 'ort']));
    // not vacuous: an import from exec/ into export/ is seen both ways
    const bad = new Map(all);
    bad.set('exec/executor.ts', [...(all.get('exec/executor.ts') ?? []), 'export/exporter.ts']);
    bad.set('export/exporter.ts', [...(all.get('export/exporter.ts') ?? []), 'exec/executor.ts']);
    expect(circles(folderGraph(bad))).toEqual([['exec', 'export']]);
  });

  it('sees a violation and a circle when there is one (the check is not vacuous)', () => {
    const bad = new Map(values);
    bad.set('ir/graph.ts', [...(values.get('ir/graph.ts') ?? []), 'opt/pipeline.ts']);
    const [low] = floorOf('ir/graph.ts');
    const [high] = floorOf('opt/pipeline.ts');
    expect(high).toBeGreaterThan(low);
    bad.set('opt/pipeline.ts', [...(values.get('opt/pipeline.ts') ?? []), 'ir/graph.ts']);
    expect(circles(bad).some((c) => c.includes('ir/graph.ts') && c.includes('opt/pipeline.ts'))).toBe(true);
  });
});

describe('tfjs engine internals', () => {
  /** Casts of the engine, or of a backend, to types tfjs does not publish. */
  const REACH = /tf\.engine\(\)\s+as\s+unknown\s+as|\bas\s+unknown\s+as\s+\{\s*(state|makeVariable|data|backendName)\b/;
  /** Files of exec/compiled that still type the engine themselves (exec/compiled's own work moves them). */

  it('are reached from engine/ only', () => {
    const reaching = sourceFiles(SRC)
      .map((f) => [rel(f), readFileSync(f, 'utf8')] as const)
      .filter(([f, text]) => !f.startsWith('engine/') && REACH.test(text))
      .map(([f]) => f)
      .sort();
    expect(reaching).toEqual([]);
  });

  it('declare EngineState once', () => {
    const declaring = sourceFiles(SRC)
      .filter((f) => /interface EngineState\b/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(declaring).toEqual(['engine/tfjs-engine.ts']);
  });
});
