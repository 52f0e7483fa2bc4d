// Which functions of a TypeScript source file will be converted: exactly the targets the in-place
// plugins find (plugin/find-targets: functions passed to jit/toGraph, their same-module callees,
// 'use autograph' functions), located as TypeScript nodes. Needs @babel/parser, find-targets and the
// compiler's AST. Produces `convertedFunctions`.

import { parse, type ParserPlugin } from '@babel/parser';
import type * as t from '@babel/types';
import type ts from 'typescript';
import { DIRECTIVE, findTargets } from '../plugin/find-targets.js';
import { ensureBabelTypes } from '../convert/util/babel-load.js';

export type FunctionNode = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction;

/** Cheap test: could the file hold a converted function at all? */
export function mayConvert(text: string, importSources: readonly string[]): boolean {
  return text.includes(DIRECTIVE) || text.includes('autograph-ts') || importSources.some((s) => text.includes(s));
}

function parserPlugins(fileName: string): ParserPlugin[] {
  if (/\.[cm]?tsx$/.test(fileName)) return ['typescript', 'jsx'];
  if (/\.[cm]?ts$/.test(fileName)) return ['typescript'];
  return ['jsx'];
}

/**
 * The outermost converted functions of `sf`, in source order. `importSources` are the module
 * specifiers of this file that mean autograph-ts besides 'autograph-ts' itself (e.g. a relative path
 * to the package's entry). A file Babel cannot parse has none (the compiler reports its syntax).
 */
export function convertedFunctions(tsm: typeof ts, sf: ts.SourceFile, importSources: readonly string[]): FunctionNode[] {
  if (!mayConvert(sf.text, importSources)) return [];
  let file: t.File;
  try {
    file = parse(sf.text, { sourceType: 'module', plugins: parserPlugins(sf.fileName), errorRecovery: true }) as unknown as t.File;
  } catch {
    return [];
  }
  ensureBabelTypes(); // find-targets reads Babel's node types through the converter's facade
  const targets = findTargets(file, { importSources });
  if (targets.length === 0) return [];
  // A function is known in both trees by where its body starts.
  const byBody = new Map<number, FunctionNode>();
  const visit = (n: ts.Node): void => {
    if ((tsm.isFunctionDeclaration(n) || tsm.isFunctionExpression(n) || tsm.isArrowFunction(n)) && n.body) byBody.set(n.body.getStart(sf), n);
    tsm.forEachChild(n, visit);
  };
  visit(sf);
  const out: FunctionNode[] = [];
  for (const tg of targets) {
    const start = tg.node.body.start;
    const fn = start === null || start === undefined ? undefined : byBody.get(start);
    if (fn) out.push(fn);
  }
  return out;
}
