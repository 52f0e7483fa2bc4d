// "Before → after" of each optimizer pass, readable: runs the pipeline on a copy of a trace, keeps
// the printed graph after every pass, and shows what each pass changed as a line diff in which a
// value merely renumbered (`%12` → `%9`) does not count as a change.
// Needs the pipeline, clone and the IR printer. Produces `optimizationSteps`, `formatSteps`.

import type { Graph } from '../ir/graph.js';
import { cloneGraph } from '../ir/clone.js';
import { optimize } from './pipeline.js';

export interface PassStep {
  readonly pass: string;
  /** Nodes (counting those inside Cond/While) before and after the pass. */
  readonly nodesBefore: number;
  readonly nodesAfter: number;
  readonly before: string;
  readonly after: string;
}

export function countNodes(g: Graph): number {
  let n = 0;
  for (const node of g.nodes) {
    n++;
    for (const sub of Object.values(node.subgraphs ?? {})) n += countNodes(sub);
  }
  return n;
}

/** Each pass of the pipeline on a copy of `trace` (the trace itself is not changed). */
export function optimizationSteps(trace: Graph): PassStep[] {
  const steps: PassStep[] = [];
  let before = trace.toString();
  let nodesBefore = countNodes(trace);
  optimize(cloneGraph(trace), {
    log: (pass, g) => {
      const after = g.toString();
      const nodesAfter = countNodes(g);
      steps.push({ pass, nodesBefore, nodesAfter, before, after });
      before = after;
      nodesBefore = nodesAfter;
    },
  });
  return steps;
}

type Op = { kind: ' ' | '-' | '+'; line: string; old?: string };

/** Lines compared with value numbers blanked out (`%12` and `%9` are the same value renumbered). */
const key = (line: string): string => line.replace(/%\d+\b/g, '%_');

const MAX_DIFF_LINES = 3000;

/** A line diff of `a` → `b` (longest common subsequence on renumbering-blind keys). */
function diff(a: readonly string[], b: readonly string[]): Op[] | undefined {
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return undefined;
  const ka = a.map(key);
  const kb = b.map(key);
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = ka[i] === kb[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ka[i] === kb[j]) {
      ops.push({ kind: ' ', line: b[j]!, old: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  while (i < n) ops.push({ kind: '-', line: a[i++]! });
  while (j < m) ops.push({ kind: '+', line: b[j++]! });
  return rewired(ops);
}

const DEFINED = /%[\w.]+(?=: )/g;
const NAME = /%[\w.]+/g;

/**
 * Lines matched above may still differ in what they use (`Select(%16, %17)` → `Select(%14, %15)`
 * after the Identity nodes went). Values defined on matched lines give the renumbering; a matched
 * line whose uses do not follow it is shown as changed.
 */
function rewired(ops: readonly Op[]): Op[] {
  const rename = new Map<string, string>();
  for (const o of ops) {
    if (o.kind !== ' ') continue;
    const before = o.old!.match(DEFINED) ?? [];
    const after = o.line.match(DEFINED) ?? [];
    before.forEach((x, k) => after[k] !== undefined && !rename.has(x) && rename.set(x, after[k]!));
  }
  return ops.flatMap((o): Op[] => {
    if (o.kind !== ' ' || o.old!.replace(NAME, (x) => rename.get(x) ?? x) === o.line) return [o];
    return [
      { kind: '-', line: o.old! },
      { kind: '+', line: o.line },
    ];
  });
}

/** The changed lines with `context` unchanged lines around each change; gaps shown as `…`. */
function hunks(ops: readonly Op[], context: number): string[] {
  const keep = new Uint8Array(ops.length);
  ops.forEach((o, k) => {
    if (o.kind === ' ') return;
    for (let d = -context; d <= context; d++) if (k + d >= 0 && k + d < ops.length) keep[k + d] = 1;
  });
  const out: string[] = [];
  let gap = false;
  ops.forEach((o, k) => {
    if (!keep[k]) {
      gap = true;
      return;
    }
    if (gap && out.length) out.push('  …');
    gap = false;
    out.push(`${o.kind} ${o.line}`);
  });
  return out;
}

/**
 * The trace, then one section per pass: `── constant-fold: 31 → 24 nodes` and its diff (`-` lines
 * removed, `+` lines added, a line of context around), or `no change`; then the optimized graph.
 */
export function formatSteps(
  trace: Graph,
  steps: readonly PassStep[],
  opts: { readonly context?: number } = {},
): string {
  const out = [`── trace: ${countNodes(trace)} nodes`, trace.toString()];
  steps.forEach((s, k) => {
    const head = `── ${k + 1}. ${s.pass}: ${s.nodesBefore} → ${s.nodesAfter} nodes`;
    const ops = diff(s.before.split('\n'), s.after.split('\n'));
    if (ops && ops.every((o) => o.kind === ' ')) {
      out.push(`${head}, no change`);
      return;
    }
    out.push(head);
    out.push(ops ? hunks(ops, opts.context ?? 1).join('\n') : `(too large to compare line by line)\n${s.after}`);
  });
  const last = steps[steps.length - 1];
  out.push(`── optimized: ${last ? last.nodesAfter : countNodes(trace)} nodes`, last ? last.after : trace.toString());
  return out.join('\n');
}
