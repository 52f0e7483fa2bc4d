// The virtual text of a source file: the same text with exactly the planned candidates rewritten as
// calls of the typed operator helpers (`a * b` → `__autograph.mul(a, b)`), operands kept verbatim,
// plus where every rewritten or enclosing node landed. Needs the compiler's AST and candidates.
// Produces `virtualText`, `VirtualText`, `HELPERS`.

import type ts from 'typescript';
import type { Candidate } from './candidates.js';
import { PositionMap, type Span } from './position-map.js';

/** The global the helpers hang on (declared by the operators file, see operators-file.ts). */
export const HELPERS = '__autograph';

export interface VirtualText {
  readonly text: string;
  readonly map: PositionMap;
  /** Virtual spans of the nodes the rewrite passed through (planned ones and their ancestors' children). */
  readonly spans: ReadonlyMap<ts.Node, Span>;
}

export function virtualText(tsm: typeof ts, sf: ts.SourceFile, plan: ReadonlyMap<ts.Node, Candidate>): VirtualText {
  const src = sf.text;
  const map = new PositionMap();
  const spans = new Map<ts.Node, Span>();
  const parts: string[] = [];
  let length = 0;
  // Nodes on the path to a planned node: those are walked child by child, the rest copied whole.
  const onPath = new Set<ts.Node>();
  for (const n of plan.keys()) for (let p: ts.Node | undefined = n; p && !onPath.has(p); p = p.parent) onPath.add(p);

  const copy = (from: number, to: number): void => {
    if (to <= from) return;
    map.verbatim(length, from, to - from);
    parts.push(src.slice(from, to));
    length += to - from;
  };
  const insert = (text: string, origin: Span): void => {
    map.inserted(length, text.length, origin);
    parts.push(text);
    length += text.length;
  };
  const startOf = (n: ts.Node): number => Math.min(n.getStart(sf), n.end);
  const textOf = (n: ts.Node): string => src.slice(startOf(n), n.end);

  /** Emits the node's text from its first token (its leading trivia belongs to the gap before it). */
  const emit = (n: ts.Node): void => {
    const vStart = length;
    const c = plan.get(n);
    if (c) emitPlanned(c);
    else if (onPath.has(n)) emitChildren(n, startOf(n));
    else copy(startOf(n), n.end);
    spans.set(n, { start: vStart, end: length });
  };
  /** Emits `[from, n.end)`, walking into the children (the gaps between them copied as they are). */
  const emitChildren = (n: ts.Node, from: number, wrap?: (child: ts.Node) => boolean): void => {
    let cursor = from;
    tsm.forEachChild(n, (child) => {
      if (child.end <= cursor) return;
      copy(cursor, startOf(child));
      if (!wrap?.(child)) emit(child);
      cursor = child.end;
    });
    copy(cursor, n.end);
  };

  const emitPlanned = (c: Candidate): void => {
    const n = c.node;
    const origin: Span = { start: startOf(n), end: n.end };
    const call = (name: string): void => insert(`${HELPERS}.${name}(`, origin);
    switch (c.kind) {
      case 'binary':
      case 'logical': {
        const b = c.node;
        call(c.helper);
        emit(b.left);
        insert(', ', origin);
        emit(b.right);
        insert(')', origin);
        return;
      }
      case 'unary':
        call(c.helper);
        emit(c.node.operand);
        insert(')', origin);
        return;
      case 'update': {
        const target = c.node.operand;
        insert('(', origin);
        emit(target);
        insert(` = ${HELPERS}.${c.helper}(${textOf(target)}))`, origin);
        return;
      }
      case 'compound': {
        const b = c.node;
        emit(b.left);
        insert(` = ${HELPERS}.${c.helper}(${textOf(b.left)}, `, origin);
        emit(b.right);
        insert(')', origin);
        return;
      }
      case 'math':
        insert(`${HELPERS}.`, origin);
        emitChildren(n, startOf(n));
        return;
      case 'conditional': {
        const e = c.node;
        call('ifExp');
        emit(e.condition);
        insert(', ', origin);
        emit(e.whenTrue);
        insert(', ', origin);
        emit(e.whenFalse);
        insert(')', origin);
        return;
      }
      case 'forOf': {
        const f = c.node;
        emitChildren(n, startOf(n), (child) => {
          if (child !== f.expression) return false;
          const o: Span = { start: startOf(child), end: child.end };
          insert(`${HELPERS}.iter(`, o);
          emit(child);
          insert(')', o);
          return true;
        });
        return;
      }
    }
  };

  // Outside converted functions the text is copied whole.
  let cursor = 0;
  tsm.forEachChild(sf, (child) => {
    if (!onPath.has(child)) return;
    copy(cursor, child.pos);
    copy(child.pos, startOf(child));
    emit(child);
    cursor = child.end;
  });
  copy(cursor, src.length);
  return { text: parts.join(''), map, spans };
}
