// Where an exported ONNX model is known to compute something other than JavaScript (docs/limitations.md,
// "JavaScript semantics"): int32 values taken to float32 (onnxruntime rounds one beyond ±2^24 first,
// JS and eager tfjs on cpu keep it exact), and the float32 kernels onnxruntime has only in float32
// (Tan, Atan2, Sinh, Expm1 …), where JS and tfjs's cpu kernels compute in float64 and round once
// (the last bits differ), and with `numerics: 'float32'` also Exp, Log, Sin, Cos, Tanh, Pow and
// Rsqrt. int32 `*` and `**` need no warning: their rules compute in float64 as JS does. One
// catalogued warning per export (each class it meets said in it), naming the kernels and the user's lines.
// Needs the IR and onnx-errors. Produces `edgeValueWarnings`, `FLOAT_INEXACT_KERNELS`,
// `FLOAT32_NUMERICS_KERNELS`.

import type { Graph, Node, Value } from '../../ir/graph.js';
import { resolvedSource, type NodeSource } from '../../ir/graph.js';
import { FUSED_OP, type FusedProgram } from '../../ir/fused.js';
import type { DType } from '../../ir/types.js';
import { onnxError } from './onnx-errors.js';
import { kernelsWhere } from '../../ir/kernels/index.js';
import type { OnnxNumerics } from './rules/support/rule-types.js';
import { constWithin, numericConstValues } from '../../ir/const-values.js';

type EdgeClass = 'int-to-float' | 'float-ulps';

/**
 * The kernels whose float32 ONNX rule is onnxruntime's own float32 function (records with
 * `onnxFloat32: 'always'`), so their results can differ from JS's (float64, rounded once) in the last bits.
 */
export const FLOAT_INEXACT_KERNELS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ kernelsWhere((k) => k.onnxFloat32 === 'always'),
);

/**
 * The kernels computed in float64 and rounded once by default, and with onnxruntime's own float32
 * kernels under `numerics: 'float32'` (records with `onnxFloat32: 'numerics-float32'`; rules/elementwise-unary.ts,
 * rules/support/binary-edges.ts `floatPow`): then they differ from JS in the last bits as FLOAT_INEXACT_KERNELS do.
 */
export const FLOAT32_NUMERICS_KERNELS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ kernelsWhere((k) => k.onnxFloat32 === 'numerics-float32'),
);

const WHAT: Record<EdgeClass, (kernels: string) => string> = {
  'int-to-float': () =>
    'int32 values are rounded to float32 before this float32 operation, so integers beyond ±2^24 (16777216) give other results than JS and tfjs on cpu',
  'float-ulps': (kernels) =>
    `onnxruntime computes float32 ${kernels} in float32 where JS (and tfjs on cpu) computes in float64 and rounds once: results can differ in the last bits (within 1e-5 relative), and a comparison or rounding of such a result can then go the other way`,
};

interface Sites {
  readonly at: NodeSource[];
  readonly kernels: Set<string>;
}

/** The warning (message) for the edge-value differences `graph` runs into: one, or none. */
export function edgeValueWarnings(graph: Graph, numerics: OnnxNumerics = 'exact'): string[] {
  const sites = new Map<EdgeClass, Sites>();
  const note = (c: EdgeClass, node: Node, kernel: string): void => {
    const s = resolvedSource(node.options.source);
    let entry = sites.get(c);
    if (!entry) sites.set(c, (entry = { at: [], kernels: new Set() }));
    entry.kernels.add(kernel);
    const list = entry.at;
    if (s && !list.some((o) => o.file === s.file && o.line === s.line && o.column === s.column)) list.push(s);
    else if (!s && list.length === 0) list.push({ line: 0, column: 0, known: false });
  };
  visit(graph, numerics, note);
  if (sites.size === 0) return [];
  // One warning per export: each class says what differs, then every line of any class (once).
  const whats = [...sites].map(([c, { kernels }]) => WHAT[c]([...kernels].sort().join(', ')));
  const known: NodeSource[] = [];
  for (const s of [...sites.values()].flatMap((e) => e.at)) {
    if (s.known !== false && !known.some((o) => o.file === s.file && o.line === s.line && o.column === s.column))
      known.push(s);
  }
  const at = known.map((s) => `${s.file ?? '<anonymous>'}:${s.line}:${s.column}`).join(', ');
  return [
    onnxError(
      'export/onnx-differs-at-edges',
      { what: whats.join('; and '), sites: at || 'a line the trace could not locate' },
      known[0],
    ).message,
  ];
}

function visit(graph: Graph, numerics: OnnxNumerics, note: (c: EdgeClass, node: Node, kernel: string) => void): void {
  for (const node of graph.nodes) {
    for (const sub of Object.values(node.subgraphs ?? {})) visit(sub, numerics, note);
    if (node.op === FUSED_OP) {
      const steps = (node.attrs as unknown as FusedProgram).steps;
      const dtypes: DType[] = node.inputs.map((v) => v.dtype);
      const consts: (Value | undefined)[] = [...node.inputs];
      for (const s of steps) {
        const ins = s.args.map((a) => ({ dtype: dtypes[a]!, value: consts[a] }));
        const c = classify(s.op, s.attrs, ins, s.dtype, numerics);
        if (c) note(c, node, s.op);
        dtypes.push(s.dtype);
        consts.push(undefined);
      }
      continue;
    }
    const c = classify(
      node.op,
      node.attrs,
      node.inputs.map((v) => ({ dtype: v.dtype, value: v })),
      node.outputs[0]?.dtype,
      numerics,
    );
    if (c) note(c, node, node.op);
  }
}

function classify(
  op: string,
  attrs: Readonly<Record<string, unknown>>,
  ins: readonly { dtype: DType; value: Value | undefined }[],
  out: DType | undefined,
  numerics: OnnxNumerics,
): EdgeClass | undefined {
  const intIn = ins.filter((x) => x.dtype === 'int32');
  if (op === 'Cast' && attrs.dtype === 'float32' && intIn.length === 1 && !constWithin(intIn[0]!.value, 2 ** 24))
    return 'int-to-float';
  if (op === 'RealDiv' && intIn.some((x) => !constWithin(x.value, 2 ** 24))) return 'int-to-float';
  if (out !== 'float32' || ins.every((x) => isConst(x.value))) return undefined;
  if (FLOAT_INEXACT_KERNELS.has(op)) return 'float-ulps';
  // numerics 'float32' computes float32 inputs with onnxruntime's float32 kernels (others stay in float64).
  if (numerics === 'float32' && FLOAT32_NUMERICS_KERNELS.has(op) && ins.every((x) => x.dtype === 'float32')) {
    // x ** 0, x ** 1 and x ** 2 with a constant exponent: onnxruntime's Pow multiplies (one IEEE operation, as JS rounds x * x).
    return op === 'Pow' && exponentUpTo2(ins[1]?.value) ? undefined : 'float-ulps';
  }
  return undefined;
}

const isConst = (v: Value | undefined): boolean => numericConstValues(v) !== undefined;

function exponentUpTo2(v: Value | undefined): boolean {
  const values = numericConstValues(v);
  return values !== undefined && Array.prototype.every.call(values, (x: number) => x === 0 || x === 1 || x === 2);
}
