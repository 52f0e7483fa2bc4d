// Algebraic simplification that keeps every bit of tfjs's results: x*1, 1*x, x/1, x-0, x+(-0)
// (and x+0 for int32; for floats -0+0 is +0), Neg(Neg(x)), LogicalNot(LogicalNot(x)), x&&true,
// x||false, x==true and x!=false on bools, Select(c,x,x) and Select with a constant condition, Cast to the same dtype, Reshape to the
// same shape, Identity → x (only when the result has x's dtype and shape); Reshape(Reshape(x)) →
// Reshape(x); Cond outputs both branches pass through from the same operand, and While loop
// variables the body passes through, → that operand. x*0 is left alone (NaN, Inf). The arithmetic
// identities (and Neg(Neg(x)), Select(c,x,x)) store x anew on the cpu backend, so they are kept
// where x may be held outside its dtype's array (a parameter, tfjs's relabelling Cast from int32,
// its int32 Abs/Square, or what passes those through): there they round or wrap.
// Needs rewrite. Produces `simplify(graph)` (mutates and returns `graph`).

import type { Graph, Node, Value } from '../ir/graph.js';
import { sameShape } from '../ir/types.js';
import { constEvery, setNodes, Substitution } from './rewrite.js';
import { OP } from '../ir/ops.js';

export function simplify(graph: Graph): Graph {
  simplifyGraph(graph);
  return graph;
}

function simplifyGraph(g: Graph): void {
  const subst = new Substitution();
  const kept: Node[] = [];
  for (const node of g.nodes) {
    subst.applyTo(node);
    for (const sub of Object.values(node.subgraphs ?? {})) simplifyGraph(sub);
    if (node.op === OP.Cond) passThroughCond(node, subst);
    if (node.op === OP.While) passThroughWhile(node, subst);
    const replacement = node.outputs.length === 1 ? rewrite(node) : undefined;
    if (replacement) {
      subst.set(node.outputs[0]!, replacement);
      continue;
    }
    kept.push(node);
  }
  setNodes(g, kept);
  subst.applyToOutputs(g);
}

const isOne = (x: number) => x === 1;
const isZero = (x: number) => x === 0;
const isPlusZero = (x: number) => Object.is(x, 0);
const isMinusZero = (x: number) => Object.is(x, -0);

/** Ops whose result is (or may be) one of their inputs' data as it is held, unstored. */
const PASSING = new Set<string>([
  'Identity',
  'Reshape',
  'ExpandDims',
  'Squeeze',
  OP.Cond,
  OP.While,
  OP.ListGet,
  OP.ListPop,
  OP.ListStack,
  OP.Fused,
]);

/** Whether the cpu backend surely holds `v` in its dtype's typed array (see the header). */
function heldExactly(v: Value): boolean {
  const n = v.node;
  if (!n) return false; // a parameter: the caller's tensor
  if (n.op === 'Cast') return !(v.dtype === 'float32' && n.inputs[0]?.dtype === 'int32');
  if (n.op === 'Abs' || n.op === 'Square') return v.dtype !== 'int32';
  return !PASSING.has(n.op);
}

/** `x` when it has exactly the type of `out`, the node's result. */
function same(out: Value, x: Value | undefined): Value | undefined {
  return x && x.dtype === out.dtype && sameShape(x.shape, out.shape) ? x : undefined;
}

/** `x` when, besides, storing it again changes nothing. */
function stored(out: Value, x: Value | undefined): Value | undefined {
  return x && heldExactly(x) ? same(out, x) : undefined;
}

/** The value `node` can be replaced with, or undefined. May also rewrite the node's inputs. */
function rewrite(node: Node): Value | undefined {
  const out = node.outputs[0]!;
  const [a, b] = node.inputs;
  const int = out.dtype === 'int32';
  const numeric = int || out.dtype === 'float32';
  switch (node.op) {
    case 'Identity':
      return same(out, a);
    case 'Cast':
      return node.attrs.dtype === a?.dtype ? same(out, a) : undefined;
    case 'Reshape':
      if (out.shape.some((d) => d < 0)) return undefined;
      if (a?.node?.op === 'Reshape' && a.node.inputs.length === 1) node.inputs = [a.node.inputs[0]!];
      return same(out, node.inputs[0]);
    case 'Neg':
      return a?.node?.op === 'Neg' ? stored(out, a.node.inputs[0]) : undefined;
    case 'LogicalNot':
      return a?.node?.op === 'LogicalNot' ? same(out, a.node.inputs[0]) : undefined;
    case 'Select': {
      const [c, t, e] = node.inputs;
      if (t === e) return stored(out, t);
      if (constEvery(c!, (x) => x !== 0)) return stored(out, t);
      if (constEvery(c!, isZero)) return stored(out, e);
      return undefined;
    }
    case 'Equal': // on bools: x == true is x
      return (constEvery(b!, isOne) && same(out, a)) || (constEvery(a!, isOne) && same(out, b)) || undefined;
    case 'NotEqual': // on bools: x != false is x
      return (constEvery(b!, isZero) && same(out, a)) || (constEvery(a!, isZero) && same(out, b)) || undefined;
    case 'LogicalAnd':
      return (constEvery(b!, isOne) && same(out, a)) || (constEvery(a!, isOne) && same(out, b)) || undefined;
    case 'LogicalOr':
      return (constEvery(b!, isZero) && same(out, a)) || (constEvery(a!, isZero) && same(out, b)) || undefined;
    case 'Multiply':
      if (!numeric) return undefined;
      return (constEvery(b!, isOne) && stored(out, a)) || (constEvery(a!, isOne) && stored(out, b)) || undefined;
    case 'RealDiv':
      if (!numeric) return undefined;
      return (constEvery(b!, isOne) && stored(out, a)) || undefined;
    case 'Add': {
      const zero = int ? isZero : out.dtype === 'float32' ? isMinusZero : undefined;
      if (!zero) return undefined;
      return (constEvery(b!, zero) && stored(out, a)) || (constEvery(a!, zero) && stored(out, b)) || undefined;
    }
    case 'Sub': {
      const zero = int ? isZero : out.dtype === 'float32' ? isPlusZero : undefined;
      return (zero && constEvery(b!, zero) && stored(out, a)) || undefined;
    }
    default:
      return undefined;
  }
}

/** Cond outputs that both branches return straight from the same operand become that operand. */
function passThroughCond(node: Node, subst: Substitution): void {
  const { then: a, else: b } = node.subgraphs as { then: Graph; else: Graph };
  node.outputs.forEach((out, k) => {
    const i = a.params.indexOf(a.outputs[k]!);
    if (i >= 0 && b.outputs[k] === b.params[i]) subst.set(out, node.inputs[i + 1]!);
  });
}

/** While loop variables that the body returns unchanged keep their initial value. */
function passThroughWhile(node: Node, subst: Substitution): void {
  const body = node.subgraphs!.body!;
  node.outputs.forEach((out, k) => {
    if (body.outputs[k] === body.params[k]) subst.set(out, node.inputs[k]!);
  });
}
