// Exports a traced graph as TF.js GraphModel artifacts (what model.json + weights hold): params →
// Placeholders, captured tensors/variables → Consts holding their current values, nodes through
// the rule table, outputs → Identity nodes named in the signature. Loads with
// `tf.loadGraphModel(tf.io.fromMemory(artifacts))`. Needs lower-graph, weights.
// Produces `exportGraphModel(graph, opts) → tf.io.ModelArtifacts`.

import type * as tf from '@tensorflow/tfjs-core';
import type { CaptureSource, Graph } from '../../ir/graph.js';
import { attr, shapeProto, tfDType, type GraphDef, type SignatureDef } from './graph-def.js';
import { ModelBuilder, Scope } from './model-builder.js';
import { lowerBody } from './lower-graph.js';
import { encodeWeights } from './weights.js';
import { inferListTypes } from './list-types.js';
import { graphModelError } from './export-error.js';
import { warn } from '../../platform/log.js';

export interface GraphModelExportOptions {
  /** Told about each effect the GraphModel drops (Print, Assert); default: printed to stderr unless silenced (silenceWarnings). */
  readonly onWarning?: (message: string) => void;
  /** Signature names of the inputs, in param order (default: param names, else `input_<i>`). */
  readonly inputNames?: readonly string[];
  /** Signature names of the outputs, in order (default `output_<i>`). */
  readonly outputNames?: readonly string[];
}

/** GraphDef versions written: the producer of TF 2.x graphs that tfjs-converter 4.x reads. */
const VERSIONS = { producer: 1286, minConsumer: 12 };

export function exportGraphModel(graph: Graph, opts: GraphModelExportOptions = {}): tf.io.ModelArtifacts {
  const model = new ModelBuilder(inferListTypes(graph));
  const scope = new Scope(model);
  const signature: SignatureDef = { inputs: {}, outputs: {} };

  graph.params.forEach((p, i) => {
    const name = model.uniqueName(opts.inputNames?.[i] ?? p.name ?? `input_${i}`);
    scope.nodes.push({ name, op: 'Placeholder', attr: { dtype: attr.type(p.dtype), shape: attr.shape(p.shape) } });
    scope.bind(p, name);
    signature.inputs[name] = { name: `${name}:0`, dtype: tfDType(p.dtype), tensorShape: shapeProto(p.shape) };
  });
  for (const c of graph.captures) {
    const t = captureTensor(c.source);
    const hint = c.source.kind === 'variable' ? `variable_${c.source.variable.name}` : (c.param.name ?? 'capture');
    scope.bind(
      c.param,
      scope.constant(t.dataSync() as Float32Array | Int32Array | Uint8Array, c.param.dtype, c.param.shape, hint, false),
    );
  }

  lowerBody(scope, graph, { warn: opts.onWarning ?? ((m) => warn(m)) });

  const keys = new Set<string>();
  graph.outputs.forEach((v, i) => {
    const id = scope.emit('Identity', [scope.ref(v)], { T: attr.type(v.dtype) });
    let key = opts.outputNames?.[i] ?? `output_${i}`;
    if (/^\d+$/.test(key)) key = `output_${key}`; // integer-like keys would reorder the signature object
    while (keys.has(key)) key = `${key}_`;
    keys.add(key);
    signature.outputs[key] = { name: `${id}:0`, dtype: tfDType(v.dtype), tensorShape: shapeProto(v.shape) };
  });

  const topology: GraphDef = {
    node: scope.nodes,
    ...(model.functions.length ? { library: { function: model.functions } } : {}),
    versions: VERSIONS,
  };
  const { weightSpecs, weightData } = encodeWeights(model.weights);
  return {
    modelTopology: topology,
    weightSpecs,
    weightData,
    format: 'graph-model',
    generatedBy: 'autograph-ts',
    convertedBy: 'autograph-ts GraphModel exporter',
    signature,
  };
}

/** The ops for which tfjs-converter's `execute` demands `executeAsync` (control flow, dynamic shapes, hash tables). */
const ASYNC_OPS = new Set([
  'Switch',
  'Merge',
  'Enter',
  'Exit',
  'NextIteration',
  'StatelessIf',
  'StatelessWhile',
  'If',
  'While',
  'if',
  'NonMaxSuppressionV2',
  'NonMaxSuppressionV3',
  'NonMaxSuppressionV5',
  'Where',
  'HashTable',
  'HashTableV2',
  'LookupTableImport',
  'LookupTableImportV2',
  'LookupTableFind',
  'LookupTableFindV2',
  'LookupTableSize',
  'LookupTableSizeV2',
]);

/**
 * True when running the model's signature outputs needs `executeAsync`: as tfjs-converter decides,
 * when a node the outputs depend on is control flow (StatelessIf/StatelessWhile) or another dynamic op.
 * Control flow that no output depends on (a dead branch, functions only it calls) does not count.
 */
export function needsExecuteAsync(artifacts: tf.io.ModelArtifacts): boolean {
  const g = artifacts.modelTopology as GraphDef;
  const nodes = new Map(g.node.map((n) => [n.name, n]));
  const nodeName = (ref: string) => ref.replace(/^\^/, '').replace(/:\d+$/, '');
  const signature = artifacts.signature as SignatureDef | undefined;
  const outputs = Object.values(signature?.outputs ?? {}).map((o) => nodeName(o.name ?? ''));
  const frontier = outputs.length ? outputs : [...nodes.keys()];
  const seen = new Set<string>(frontier);
  while (frontier.length) {
    const n = nodes.get(frontier.pop()!);
    if (!n) continue;
    if (ASYNC_OPS.has(n.op)) return true;
    for (const input of n.input ?? []) {
      const name = nodeName(input);
      if (!seen.has(name)) {
        seen.add(name);
        frontier.push(name);
      }
    }
  }
  return false;
}

function captureTensor(source: CaptureSource): tf.Tensor {
  switch (source.kind) {
    case 'tensor':
      if (source.tensor.isDisposed)
        throw graphModelError('capture', 'a captured tensor was disposed before export', undefined);
      return source.tensor;
    case 'variable':
      if (source.variable.isDisposed)
        throw graphModelError('capture', `variable '${source.variable.name}' was disposed before export`, undefined);
      return source.variable;
    case 'outer':
      throw new Error('internal: a top-level graph captured an outer value');
  }
}
