// Exports an IR graph as an ONNX model (opset 18, IR version 8): params become graph inputs, captured
// tensors become initializers holding their current values (variables too, or inputs on request),
// outputs are named after the function's outputs, variable writes become extra outputs `<variable>_new`;
// warns at the user's lines where the model differs from JavaScript at edge values (edge-warnings.ts);
// on request staged Print/Assert become effect outputs (lower-effects.ts) instead of being dropped;
// `numerics` picks float64-exact or onnxruntime's float32 transcendental kernels (rules/support/rule-types.ts).
// Needs the lowering and the protobuf encoder. Produces `exportOnnx`, `exportOnnxModel`, `OnnxExport`.

import type { Variable } from '@tensorflow/tfjs-core';
import type { Capture, Graph } from '../../ir/graph.js';
import { LIST_DTYPE } from '../../ir/types.js';
import { OnnxGraphBuilder } from './onnx-builder.js';
import { encodeModel } from './onnx-proto.js';
import { tensorTypeOf } from './onnx-dtypes.js';
import { OnnxExportError, onnxError } from './onnx-errors.js';
import { lowerBody } from './lower-graph.js';
import type { EffectRecord, LowerContext } from './lower-context.js';
import { hasEffects, startEffects, streamNames, streamTypes } from './lower-effects.js';
import { edgeValueWarnings } from './edge-warnings.js';
import type { OnnxNumerics } from './rules/support/rule-types.js';
import { warn } from '../../platform/log.js';

export type { OnnxNumerics };

export const ONNX_OPSET = 18;
export const ONNX_IR_VERSION = 8;
const PRODUCER_VERSION = '0.1.0';

export interface OnnxExportOptions {
  /** The graph's name in the model (default: the IR graph's name). */
  readonly name?: string;
  /** The default-domain opset to declare (default and minimum 18: the rules use opset-18 forms). */
  readonly opset?: number;
  /** Feed captured variables as graph inputs instead of freezing their values (the onnxruntime executor does). */
  readonly variablesAsInputs?: boolean;
  /** Receives warnings (dropped Print/Assert, values that differ from JS); default: printed to stderr unless silenced (silenceWarnings). */
  readonly onWarning?: (message: string) => void;
  /**
   * Keep staged Print/Assert (and the order of variable writes among them) as extra outputs for a
   * caller that replays them after the run (the onnxruntime executor does), instead of dropping them.
   */
  readonly effectsAsOutputs?: boolean;
  /**
   * How float32 Exp, Log, Sin, Cos, Tanh, Pow (`**`) and Rsqrt compute. `'exact'` (default): in
   * float64, rounded once to float32, so the model equals JS (and tfjs's cpu kernels) bit for bit;
   * onnxruntime takes 2–19× as long per such kernel. `'float32'`: onnxruntime's own float32 kernels,
   * the faster form a float32 model deployed for speed has; results can differ from JS in the last
   * bits (within 1e-5 relative), and the export warns (`export/onnx-differs-at-edges`) naming these
   * kernels and the lines that use them.
   */
  readonly numerics?: OnnxNumerics;
}

export interface OnnxExport {
  readonly bytes: Uint8Array;
  /** Graph inputs in order; `index` is the position in `graph.inputs` (params, then captures) that feeds it. */
  readonly inputs: readonly { readonly name: string; readonly index: number }[];
  /** One name per `graph.outputs` entry. */
  readonly outputs: readonly string[];
  /** Extra outputs holding the value each variable is assigned. */
  readonly assignments: readonly { readonly output: string; readonly variable: Variable }[];
  readonly warnings: readonly string[];
  /** With `effectsAsOutputs` (and a graph that prints or asserts): the effect outputs and what each logged event is. */
  readonly effects?: EffectOutputs;
}

export interface EffectOutputs {
  /** Output names of the streams: log, f32, i32, dims, ok (see lower-effects.ts). */
  readonly log: string;
  readonly f32: string;
  readonly i32: string;
  readonly dims: string;
  readonly records: readonly EffectRecord[];
}

export function exportOnnx(graph: Graph, opts: OnnxExportOptions = {}): Uint8Array {
  return exportOnnxModel(graph, opts).bytes;
}

export function exportOnnxModel(graph: Graph, opts: OnnxExportOptions = {}): OnnxExport {
  const opset = opts.opset ?? ONNX_OPSET;
  if (opset < ONNX_OPSET)
    throw new OnnxExportError(`opset ${opset} is not supported: the exporter emits opset ${ONNX_OPSET} operators`);
  const warnings: string[] = [];
  const numerics = opts.numerics ?? 'exact';
  let ctx: LowerContext = {
    numerics,
    warn: (m) => {
      warnings.push(m);
      (opts.onWarning ?? warn)(m);
    },
    assignments: [],
    lists: new Map(),
    warned: new Set(),
    depth: 0,
  };
  for (const m of edgeValueWarnings(graph, numerics)) ctx.warn(m);
  const b = OnnxGraphBuilder.root(opts.name ?? graph.name);
  const withEffects = opts.effectsAsOutputs === true && hasEffects(graph);
  if (withEffects) ctx = { ...ctx, effects: { records: [], state: startEffects(b) } };
  const inputs: { name: string; index: number }[] = [];
  const names: string[] = [];
  graph.params.forEach((p, i) => {
    if (p.dtype === LIST_DTYPE) throw new OnnxExportError('a tensor-list parameter has no ONNX export');
    const name = b.fresh(p.name ?? `input_${i}`);
    b.addInput(name, tensorTypeOf(p));
    inputs.push({ name, index: i });
    names.push(name);
  });
  graph.captures.forEach((c, i) => {
    const name = captureInput(b, c, i, opts.variablesAsInputs === true);
    if (name.input) inputs.push({ name: name.name, index: graph.params.length + i });
    names.push(name.name);
  });
  const results = lowerBody(b, graph, names, ctx);
  const outputs = results.map((r, i) => {
    const v = graph.outputs[i]!;
    if (v.dtype === LIST_DTYPE)
      throw onnxError('export/onnx-unsupported-use', {
        kernel: 'output',
        reason: 'a tensor list returned from the function (stack it first)',
      });
    const name = b.op('Identity', [r], {}, b.fresh(graph.outputNames[i] ?? `output_${i}`));
    b.addOutput(name, tensorTypeOf(v));
    return name;
  });
  const assignments = ctx.assignments.map((a) => {
    const output = b.op('Identity', [a.value], {}, b.fresh(`${a.variable.name}_new`));
    b.addOutput(output, a.type);
    return { output, variable: a.variable };
  });
  let effects: EffectOutputs | undefined;
  if (ctx.effects) {
    const [log, f32, i32, dims] = streamNames(ctx.effects.state)
      .slice(0, 4)
      .map((n, i) => {
        const name = b.op('Identity', [n], {}, b.fresh(`effects_${['log', 'f32', 'i32', 'dims'][i]}`));
        b.addOutput(name, streamTypes()[i]);
        return name;
      }) as [string, string, string, string];
    effects = { log, f32, i32, dims, records: ctx.effects.records };
  }
  const metadata: Record<string, string> = {};
  if (assignments.length)
    metadata['autograph.assignments'] = JSON.stringify(
      Object.fromEntries(assignments.map((a) => [a.output, a.variable.name])),
    );
  const bytes = encodeModel({
    irVersion: ONNX_IR_VERSION,
    opsetImports: [{ domain: '', version: opset }],
    producerName: 'autograph-ts',
    producerVersion: PRODUCER_VERSION,
    graph: b.toProto(`exported by autograph-ts from the traced graph '${graph.name}'`),
    metadata,
  });
  return { bytes, inputs, outputs, assignments, warnings, ...(effects ? { effects } : {}) };
}

/** A capture as an initializer with its current value, or (a variable, when asked) as an input. */
function captureInput(
  b: OnnxGraphBuilder,
  c: Capture,
  i: number,
  variablesAsInputs: boolean,
): { name: string; input: boolean } {
  const v = c.param;
  switch (c.source.kind) {
    case 'variable': {
      const hint = c.source.variable.name || v.name || `variable_${i}`;
      if (variablesAsInputs) {
        const name = b.fresh(hint);
        b.addInput(name, tensorTypeOf(v));
        return { name, input: true };
      }
      return {
        name: b.initializer(hint, v.dtype, v.shape, c.source.variable.dataSync() as ArrayLike<number>),
        input: false,
      };
    }
    case 'tensor':
      return {
        name: b.initializer(
          v.name ?? `capture_${i}`,
          v.dtype,
          v.shape,
          c.source.tensor.dataSync() as ArrayLike<number>,
        ),
        input: false,
      };
    case 'outer':
      throw new Error('internal: the top graph captured an outer value');
  }
}
