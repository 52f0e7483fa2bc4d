// Where an exported ONNX model is known to compute something other than JavaScript (docs/limitations.md,
// "JavaScript semantics"): int32 values taken to float32 (onnxruntime rounds one beyond ±2^24 first,
// JS and eager tfjs on cpu keep it exact), int32 `**` (onnxruntime saturates a result beyond the
// int32 range that JS wraps) and int32 `*` of two unbounded operands (beyond 2^53 JS rounds the
// product before `| 0`). One catalogued warning per class and export, at the user's lines.
// Needs the IR and onnx-errors. Produces `edgeValueWarnings`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { resolvedSource, type NodeSource } from '../../ir/graph.js';
import { FUSED_OP, type FusedProgram } from '../../ir/fused.js';
import type { DType } from '../../ir/types.js';
import { onnxError } from './onnx-errors.js';
import { OP } from '../../ir/ops.js';

type EdgeClass = 'int-to-float' | 'int-pow' | 'int-mul';

const WHAT: Record<EdgeClass, string> = {
  'int-to-float': 'int32 values are rounded to float32 before this float32 operation, so integers beyond ±2^24 (16777216) give other results than JS and tfjs on cpu',
  'int-pow': 'int32 ** whose result is beyond the int32 range saturates where JS wraps it (JS computes 2 ** 32 | 0 as 0)',
  'int-mul': 'an int32 product beyond 2^53 wraps exactly where JS rounds it first (JS computes 16777215 * 2147483647 | 0 as 2130706432, ONNX 2130706433)',
};

/** The warnings (messages) for the edge-value differences `graph` runs into, one per class. */
export function edgeValueWarnings(graph: Graph): string[] {
  const sites = new Map<EdgeClass, NodeSource[]>();
  const note = (c: EdgeClass, node: Node): void => {
    const s = resolvedSource(node.options.source);
    const list = sites.get(c) ?? [];
    if (!sites.has(c)) sites.set(c, list);
    if (s && !list.some((o) => o.file === s.file && o.line === s.line && o.column === s.column)) list.push(s);
    else if (!s && list.length === 0) list.push({ line: 0, column: 0, known: false });
  };
  visit(graph, note);
  const out: string[] = [];
  for (const [c, list] of sites) {
    const known = list.filter((s) => s.known !== false);
    const at = known.map((s) => `${s.file ?? '<anonymous>'}:${s.line}:${s.column}`).join(', ');
    out.push(onnxError('export/onnx-differs-at-edges', { what: WHAT[c], sites: at || 'a line the trace could not locate' }, known[0]).message);
  }
  return out;
}

function visit(graph: Graph, note: (c: EdgeClass, node: Node) => void): void {
  for (const node of graph.nodes) {
    for (const sub of Object.values(node.subgraphs ?? {})) visit(sub, note);
    if (node.op === FUSED_OP) {
      const steps = (node.attrs as unknown as FusedProgram).steps;
      const dtypes: DType[] = node.inputs.map((v) => v.dtype);
      const consts: (Value | undefined)[] = [...node.inputs];
      for (const s of steps) {
        const ins = s.args.map((a) => ({ dtype: dtypes[a]!, value: consts[a] }));
        const c = classify(s.op, s.attrs, ins, s.dtype);
        if (c) note(c, node);
        dtypes.push(s.dtype);
        consts.push(undefined);
      }
      continue;
    }
    const c = classify(node.op, node.attrs, node.inputs.map((v) => ({ dtype: v.dtype, value: v })), node.outputs[0]?.dtype);
    if (c) note(c, node);
  }
}

function classify(op: string, attrs: Readonly<Record<string, unknown>>, ins: readonly { dtype: DType; value: Value | undefined }[], out: DType | undefined): EdgeClass | undefined {
  const intIn = ins.filter((x) => x.dtype === 'int32');
  if (op === 'Cast' && attrs.dtype === 'float32' && intIn.length === 1 && !smallConst(intIn[0]!.value, 2 ** 24)) return 'int-to-float';
  if (op === 'RealDiv' && intIn.some((x) => !smallConst(x.value, 2 ** 24))) return 'int-to-float';
  if (op === 'Pow' && out === 'int32') return 'int-pow';
  // |a * b| ≤ 2^31 · 2^22 = 2^53 when one operand is a constant within ±2^22: JS's product is exact.
  if (op === 'Multiply' && out === 'int32' && !ins.some((x) => smallConst(x.value, 2 ** 22))) return 'int-mul';
  return undefined;
}

/** `v` is a constant whose values are all within ±limit (so rounding or wrapping cannot show). */
function smallConst(v: Value | undefined, limit: number): boolean {
  const values = v?.node?.op === OP.Const ? v.node.options.values : undefined;
  if (!values || !ArrayBuffer.isView(values)) return false;
  return Array.prototype.every.call(values, (x: number) => Math.abs(x) <= limit);
}
