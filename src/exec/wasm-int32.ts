// The kernels of a graph that tfjs-wasm computes differently from JavaScript on int32 values
// (measured against the cpu backend, docs/limitations.md "JavaScript semantics"): int32 taken to
// float32 (Cast, RealDiv: rounded beyond ±2^24), int32 Neg, FloorDiv, ClipByValue, which tfjs-wasm
// computes through float32, Pow (saturates where JS wraps), Multiply (exact wrapping beyond 2^53,
// where JS rounds first) and SquaredDifference (exact, where tfjs's cpu rounds through float32).
// int32 Mod is exact (by 0 tfjs-wasm fails: an error, not a value). On wasm the executors run these
// with tfjs-wasm's own kernels (jit equals eager tfjs-wasm), so they are warned about, not changed;
// except on scalars in the compiled executor, whose JS code computes them as JS does (its Cast to
// float32 rounds, as tfjs-wasm's).
// Needs the IR and the kernel records. Produces `wasmInt32Sites`, `WASM_INT32_DIFFERS`.

import type { Graph, Node, NodeSource } from '../ir/graph.js';
import { kernelsWhere } from '../ir/kernels/index.js';
import { constWithin } from '../ir/const-values.js';

/**
 * Each such kernel of `graph` (and its subgraphs) with the user's lines, in graph order.
 * `scalarsInJs`: the executor computes rank-0 values in JS numbers (the compiled executor).
 */
export function wasmInt32Sites(
  graph: Graph,
  scalarsInJs: boolean,
): { kernel: string; source: NodeSource | undefined }[] {
  const out: { kernel: string; source: NodeSource | undefined }[] = [];
  const visit = (g: Graph): void => {
    for (const node of g.nodes) {
      for (const sub of Object.values(node.subgraphs ?? {})) visit(sub);
      const scalar = [...node.inputs, ...node.outputs].every((v) => v.shape.length === 0);
      if (scalarsInJs && scalar && node.op !== 'Cast') continue;
      if (differsOnWasm(node)) out.push({ kernel: node.op, source: node.options.source });
    }
  };
  visit(graph);
  return out;
}

/** The kernels whose int32 results differ on tfjs-wasm whatever the values (records with a `wasmInt32` fact). */
export const WASM_INT32_DIFFERS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ kernelsWhere((k) => k.wasmInt32 !== undefined),
);

function differsOnWasm(node: Node): boolean {
  const ints = node.inputs.filter((v) => v.dtype === 'int32');
  if (ints.length === 0) return false;
  if (node.op === 'Cast') return node.attrs.dtype === 'float32' && !ints.every((v) => constWithin(v, 2 ** 24));
  if (node.op === 'RealDiv') return !ints.every((v) => constWithin(v, 2 ** 24));
  if (node.op === 'Multiply')
    return node.outputs[0]?.dtype === 'int32' && !node.inputs.some((v) => constWithin(v, 2 ** 22));
  return WASM_INT32_DIFFERS.has(node.op) && node.outputs[0]?.dtype === 'int32';
}
