// For device targets (exec/targets/wgsl): a float32 BatchMatMul whose only user is an elementwise
// node of the product's shape — a Fused chain or one fusable kernel: a bias, an activation, the
// RNN cell's `tanh(h·W + x)` — merges into that node as its first step, so the target computes the
// product and its epilogue in one program and never writes the product to memory. Every executor
// can still run the merged node step by step (exec/run-fused.ts runs each step as its kernel), so
// values do not depend on whether the target compiles it. Run on a target's private copy of the
// graph (it is not one of the optimizer's passes: cpu and wasm have epilogues of their own).
// Needs the IR and fuse-elementwise. Produces `fuseMatMulEpilogues(graph)` (mutates and returns it).

import { Node, type CaptureSource, type Graph, type Value } from '../ir/graph.js';
import { FUSED_OP, type FusedStep } from '../ir/fused.js';
import type { KernelName } from '../ir/kernels/index.js';
import { isFusable } from './fuse-elementwise.js';
import { setNodes } from './rewrite.js';

export function fuseMatMulEpilogues(graph: Graph): Graph {
  for (const node of graph.nodes) for (const sub of Object.values(node.subgraphs ?? {})) fuseMatMulEpilogues(sub);
  const users = new Map<Value, Node[]>();
  for (const node of graph.nodes) for (const v of node.inputs) users.set(v, [...(users.get(v) ?? []), node]);
  const outputs = new Set(graph.outputs);
  /** The single elementwise user of `v` of v's shape, if `v` is used once and not returned. */
  const epilogueOf = (v: Value): Node | undefined => {
    const us = users.get(v) ?? [];
    return us.length === 1 && !outputs.has(v) && isEpilogue(us[0]!, v) ? us[0] : undefined;
  };
  const replaced = new Map<Node, Node>(); // the chain's last node → the merged node
  const gone = new Set<Node>();
  for (const m of graph.nodes) {
    if (!isProduct(m) || gone.has(m)) continue;
    const chain: Node[] = [];
    for (let f = epilogueOf(m.outputs[0]!); f && !gone.has(f); f = epilogueOf(f.outputs[0]!)) chain.push(f);
    if (chain.length === 0) continue;
    const last = chain[chain.length - 1]!;
    replaced.set(last, merge(graph, m, chain));
    for (const n of [m, ...chain.slice(0, -1)]) gone.add(n);
    gone.add(last);
  }
  if (replaced.size > 0)
    setNodes(
      graph,
      graph.nodes.flatMap((n) => (replaced.has(n) ? [replaced.get(n)!] : gone.has(n) ? [] : [n])),
    );
  return graph;
}

/** A float32 BatchMatMul of two operands. */
function isProduct(node: Node): boolean {
  return (
    node.op === 'BatchMatMul' &&
    node.inputs.length === 2 &&
    node.outputs.length === 1 &&
    [...node.inputs, node.outputs[0]!].every((v) => v.dtype === 'float32')
  );
}

/** An elementwise node (operands broadcast from the right) reading `p`, with a result of p's shape. */
function isEpilogue(node: Node, p: Value): boolean {
  if (node.op === FUSED_OP) {
    if ((node.attrs.steps as readonly FusedStep[])[0]?.op === 'BatchMatMul') return false;
  } else if (!isFusable(node, 'any')) return false;
  const out = node.outputs[0]!;
  return out.shape.length === p.shape.length && out.shape.every((d, i) => d === p.shape[i]);
}

/** The steps of an elementwise node: a Fused node's program, or one fusable kernel as one step. */
function stepsOf(node: Node): readonly FusedStep[] {
  if (node.op === FUSED_OP) return node.attrs.steps as readonly FusedStep[];
  const out = node.outputs[0]!;
  return [
    {
      op: node.op as KernelName,
      args: node.inputs.map((_, i) => i),
      attrs: { ...node.attrs },
      argNames: [...node.inputNames],
      dtype: out.dtype,
      shape: [...out.shape],
    },
  ];
}

/**
 * The Fused node computing product `m` then the steps of `chain` (each node reading the one
 * before): its inputs are m's two operands, then the chain's other inputs in order.
 */
function merge(graph: Graph, m: Node, chain: readonly Node[]): Node {
  const p = m.outputs[0]!;
  const inputs: Value[] = [m.inputs[0]!, m.inputs[1]!];
  const steps: FusedStep[] = [
    {
      op: 'BatchMatMul' as KernelName,
      args: [0, 1],
      attrs: { ...m.attrs },
      argNames: [...m.inputNames],
      dtype: p.dtype,
      shape: [...p.shape],
    },
  ];
  // Where each value of the chain is: a node input (index) or a step (a placeholder resolved below).
  const stepOf = new Map<Value, number>([[p, 0]]);
  const pending: { step: FusedStep; args: (Value | number)[] }[] = [];
  for (const f of chain) {
    const own = stepsOf(f);
    const base = pending.length + 1;
    for (const s of own) {
      const args = s.args.map((a): Value | number => {
        if (a >= f.inputs.length) return base + (a - f.inputs.length); // a step of f's own program
        const v = f.inputs[a]!;
        const k = stepOf.get(v);
        if (k !== undefined) return k;
        if (!inputs.includes(v, 2)) inputs.push(v);
        return v;
      });
      pending.push({ step: s, args });
    }
    stepOf.set(f.outputs[0]!, pending.length); // f's result: its last step
  }
  // Operand numbering of src/ir/fused.ts: inputs first, then steps.
  const n = inputs.length;
  for (const { step, args } of pending)
    steps.push({ ...step, args: args.map((a) => (typeof a === 'number' ? n + a : inputs.indexOf(a, 2))) });
  const last = chain[chain.length - 1]!;
  const fused = new Node(
    graph,
    FUSED_OP,
    inputs,
    inputs.map((_, i) => `x${i}`),
    { steps },
    { source: last.options.source },
  );
  const out = fused.addOutput(last.outputs[0]!.dtype, last.outputs[0]!.shape);
  out.name = last.outputs[0]!.name;
  // the chain's result keeps its users: they now read the merged node's output
  for (const node of graph.nodes) node.inputs = node.inputs.map((v) => (v === last.outputs[0] ? out : v));
  graph.outputs = graph.outputs.map((v) => (v === last.outputs[0] ? out : v));
  for (const node of graph.nodes)
    for (const sub of Object.values(node.subgraphs ?? {})) replaceCaptures(sub, last.outputs[0]!, out);
  return fused;
}

/** Subgraphs capture outer values by source: point those captures at the new value. */
function replaceCaptures(g: Graph, from: Value, to: Value): void {
  for (const c of g.captures)
    if (c.source.kind === 'outer' && c.source.value === from)
      (c as { source: CaptureSource }).source = { kind: 'outer', value: to };
  for (const node of g.nodes) for (const sub of Object.values(node.subgraphs ?? {})) replaceCaptures(sub, from, to);
}
