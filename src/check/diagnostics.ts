// Diagnostics of a tensor program in the user's terms: positions in virtual texts mapped back to the
// files as written, a failed call of an operator helper told as tsc tells a bad operator ("Operator
// '*' cannot be applied to types 'Tensor<Rank>' and 'string'."), nothing reported in the checker's
// own files; and the sequence of diagnostics `tsc --noEmit` reports. Needs tensor-program.
// Produces `projectDiagnostics`, `fileDiagnostics`, `toOriginalDiagnostic`.

import type ts from 'typescript';
import type { Candidate } from './candidates.js';
import type { Span } from './position-map.js';
import type { CheckedFile, TensorProgram } from './tensor-program.js';
import { nodeAt } from './tensor-program.js';

/** Codes of a call that failed on its arguments: for a helper call, the operator's operands. */
const CALL_FAILURES = new Set([2345, 2769, 2554, 2555]);

const OPERATOR_TEXT: Record<string, string> = {
  neg: '-',
  pos: '+',
  bitNot: '~',
  not: '!',
  inc: '++',
  dec: '--',
};

function isOwnFile(tp: TensorProgram, fileName: string | undefined): boolean {
  return fileName === tp.operators.fileName || fileName === tp.operators.typesFile;
}

/** The planned candidate whose inserted text stands for `origin`. */
function candidateAt(f: CheckedFile, origin: Span): Candidate | undefined {
  for (const c of f.plan.values()) {
    if (c.node.getStart(f.original) === origin.start && c.node.end === origin.end) return c;
  }
  return undefined;
}

/** The operator as written (`*`, `+=`, `-`, `++`). */
function operatorText(c: Candidate): string {
  if (c.kind === 'binary' || c.kind === 'compound') return c.node.operatorToken.getText(c.node.getSourceFile());
  return OPERATOR_TEXT[c.helper] ?? c.helper;
}

/**
 * tsc's words for a rewritten operator whose helper call failed, with the operand types: those of
 * TS2365 (binary) and TS2736 (unary), as tsc reports an operator on types it does not take.
 */
function operatorMessage(
  tsm: typeof ts,
  tp: TensorProgram,
  f: CheckedFile,
  c: Candidate,
): { code: number; text: string } | undefined {
  const checker = tp.program.getTypeChecker();
  const vsf = tp.program.getSourceFile(f.original.fileName);
  if (!vsf || !f.virtual) return undefined;
  const typeText = (e: ts.Expression): string => {
    const span = f.virtual!.spans.get(e);
    const v = span && nodeAt(tsm, vsf, span.start, span.end);
    return v ? checker.typeToString(checker.getTypeAtLocation(v)) : '?';
  };
  const op = operatorText(c);
  if (c.kind === 'binary' || c.kind === 'compound') {
    return {
      code: 2365,
      text: `Operator '${op}' cannot be applied to types '${typeText(c.operands[0]!)}' and '${typeText(c.operands[1]!)}'.`,
    };
  }
  if (c.kind === 'unary' || c.kind === 'update') {
    return { code: 2736, text: `Operator '${op}' cannot be applied to type '${typeText(c.operands[0]!)}'.` };
  }
  return undefined;
}

/** `d` in the files as written (undefined for a diagnostic of the checker's own files). */
export function toOriginalDiagnostic<D extends ts.Diagnostic>(tsm: typeof ts, tp: TensorProgram, d: D): D | undefined {
  if (!d.file) return d;
  if (isOwnFile(tp, d.file.fileName)) return undefined;
  const f = tp.files.get(d.file.fileName);
  if (!f || !f.virtual) return d;
  const start = d.start ?? 0;
  const end = start + (d.length ?? 0);
  const span = f.virtual.map.toOriginal(start, end);
  const out: D = { ...d, file: f.original, start: span.start, length: span.end - span.start };
  if (CALL_FAILURES.has(d.code)) {
    // A helper call that failed: reported on its callee (text the rewrite inserted), or, for one
    // argument, on that operand.
    const origin = f.virtual.map.insertedOrigin(start, end);
    const c = origin ? candidateAt(f, origin) : operandOf(f, start, end);
    const said = c && operatorMessage(tsm, tp, f, c);
    if (c && said) {
      const at = c.node.getStart(f.original);
      Object.assign(out, {
        code: said.code,
        messageText: said.text,
        start: at,
        length: c.node.end - at,
        relatedInformation: undefined,
      });
      return out;
    }
  }
  if (d.relatedInformation) {
    out.relatedInformation = d.relatedInformation
      .map((r) => toOriginalDiagnostic(tsm, tp, r))
      .filter((r): r is ts.DiagnosticRelatedInformation => r !== undefined);
  }
  return out;
}

/** The planned candidate one of whose operands sits exactly at virtual `[start, end)`. */
function operandOf(f: CheckedFile, start: number, end: number): Candidate | undefined {
  for (const c of f.plan.values()) {
    if (c.kind === 'conditional' || c.kind === 'logical' || c.kind === 'forOf') continue;
    for (const e of c.operands) {
      const s = f.virtual?.spans.get(e);
      if (s && s.start === start && s.end === end) return c;
    }
  }
  return undefined;
}

function mapAll(tsm: typeof ts, tp: TensorProgram, ds: readonly ts.Diagnostic[]): ts.Diagnostic[] {
  return ds.map((d) => toOriginalDiagnostic(tsm, tp, d)).filter((d): d is ts.Diagnostic => d !== undefined);
}

/** The semantic and syntactic diagnostics of one file, as the editor shows them. */
export function fileDiagnostics(
  tsm: typeof ts,
  tp: TensorProgram,
  fileName: string,
  kind: 'syntactic' | 'semantic',
): ts.Diagnostic[] {
  const sf = tp.program.getSourceFile(fileName);
  if (!sf) return [];
  return mapAll(
    tsm,
    tp,
    kind === 'syntactic' ? tp.program.getSyntacticDiagnostics(sf) : tp.program.getSemanticDiagnostics(sf),
  );
}

/**
 * What `tsc --noEmit` reports for the program, in its order: configuration, syntax, options and
 * global diagnostics, then (only when those are clean) semantic ones, and declaration ones when
 * declarations would be emitted.
 */
export function projectDiagnostics(
  tsm: typeof ts,
  tp: TensorProgram,
  configDiagnostics: readonly ts.Diagnostic[] = [],
): ts.Diagnostic[] {
  const p = tp.program;
  const all: ts.Diagnostic[] = [...configDiagnostics];
  const base = all.length;
  all.push(...mapAll(tsm, tp, p.getSyntacticDiagnostics()));
  if (all.length === base) {
    all.push(...mapAll(tsm, tp, p.getOptionsDiagnostics()));
    all.push(...mapAll(tsm, tp, p.getGlobalDiagnostics()));
    if (all.length === base) all.push(...mapAll(tsm, tp, p.getSemanticDiagnostics()));
    const o = p.getCompilerOptions();
    if ((o.declaration || o.composite) && all.length === base)
      all.push(...mapAll(tsm, tp, p.getDeclarationDiagnostics()));
  }
  const sort = (
    tsm as unknown as { sortAndDeduplicateDiagnostics?: (d: readonly ts.Diagnostic[]) => readonly ts.Diagnostic[] }
  ).sortAndDeduplicateDiagnostics;
  return sort ? [...sort(all)] : all;
}
