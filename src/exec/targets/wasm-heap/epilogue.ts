// In-place elementwise epilogues on the wasm backend: a float32 chain of + − × ÷ neg relu step tanh
// (single kernels or Fused nodes, each the only user of the one before) after a GEMM — bias,
// activation, the RNN cell's `x·Wx + h·Wh + b` — becomes one call of an in-place heap kernel
// (heap-chain.ts) that writes over the GEMM's output when the code was its last user: no copy
// through kernel memory, no intermediate tensors. Operands: tensors of the result's shape, scalars,
// and trailing-dimension operands (a bias, of any length). Every op is one IEEE float32 operation
// on tfjs-wasm too (step: x > 0 ? 1 : alpha, NaN kept), so values are tfjs-wasm's, except relu of a
// NaN with its sign bit set, which stays NaN as in JS (tfjs-wasm's makes it +0; see heap-map.ts);
// Tanh gives the cpu backend's correctly rounded values, as the compiled Tanh on wasm always has
// (from WASM_MIN_ELEMENTS elements; a smaller one stays tfjs-wasm's kernel, with its values).
// Under numerics 'fast' (the chains' `SimdMath`) Sigmoid, Exp and Log join the chains too, and
// these four are wasm-simd/fast-math.ts's approximations.
// A full float32 Sum or Mean over such a chain (or over a tensor) sums in the same kernel, in
// float32 in element order as tfjs-wasm's Sum does (Mean: that sum ÷ n, rounded to float32).
// Needs the IR, the emitter, heap-map's rules, heap-chain, wasm-simd (whether SIMD compiles,
// WASM_MIN_ELEMENTS). Produces `HeapChains`.

import type { Graph, Node, Value } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { isKnownShape, sizeOf } from '../../../ir/types.js';
import { isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';
import { heapRules, type HeapInputKind } from './heap-map.js';
import { EXACT_MATH, isFastStep, type SimdMath } from '../wasm-simd/rules.js';
import { buildHeapChain } from './heap-chain.js';
import { heapMemory } from '../wasm-simd/heap-access.js';
import { wasmSimdAvailable } from '../wasm-simd/encoder.js';
import { WASM_MIN_ELEMENTS } from '../wasm-simd/loops.js';
import { isFullReduction, programOf } from '../../compiled/programs.js';

/**
 * Kernels whose result tfjs-wasm computes as the instructions of HEAP_RULES (NaN bits
 * included, but for Relu of a NaN with its sign bit set, kept NaN as in JS; comparisons and logic
 * as lane masks inside a program), and Tanh.
 */
const CHAIN_OPS = new Set([
  'Add',
  'Sub',
  'Multiply',
  'RealDiv',
  'Neg',
  'Abs',
  'Square',
  'Relu',
  'Step',
  'Tanh',
  'Equal',
  'NotEqual',
  'Less',
  'LessEqual',
  'Greater',
  'GreaterEqual',
  'LogicalAnd',
  'LogicalOr',
  'LogicalNot',
  'Select',
]);

/**
 * Whether every step has a rule under `math`, its operands are of the lanes the rule takes, and the
 * result is float32.
 */
function lanesFit(steps: readonly FusedStep[], inputs: number, math: SimdMath): boolean {
  const lanes: string[] = new Array<string>(inputs).fill('f32');
  const rules = heapRules(math);
  for (const s of steps) {
    const rule = rules[s.op];
    if (
      !(CHAIN_OPS.has(s.op) || isFastStep(s.op, math)) ||
      !rule ||
      rule.args.length !== s.args.length ||
      (rule.out === 'f32' ? 'float32' : 'bool') !== s.dtype
    )
      return false;
    if (!s.args.every((a, k) => lanes[a] === rule.args[k])) return false;
    lanes.push(rule.out);
  }
  return lanes[lanes.length - 1] === 'f32';
}

/** How `v` reaches a kernel computing `o`: all of o's shape, one value, or o's trailing dimensions. */
function heapKind(v: Value, o: Value): HeapInputKind | undefined {
  if (v.dtype !== 'float32' || !isKnownShape(v.shape)) return undefined;
  if (isNum(v) || sizeOf(v.shape) === 1) return 'scalar';
  let lead = 0;
  while (lead < v.shape.length && v.shape[lead] === 1) lead++;
  const t = v.shape.slice(lead);
  if (t.length > o.shape.length || !t.every((d, i) => d === o.shape[o.shape.length - t.length + i])) return undefined;
  return sizeOf(t) === sizeOf(o.shape) ? 'array' : 'tiled';
}

/** A float32 node whose whole program the in-place kernels compute with `math`'s rules. */
function chainable(node: Node, math: SimdMath): boolean {
  if (node.outputs.length !== 1 || node.options.arrayInputs || node.options.multiOutput) return false;
  const o = node.outputs[0]!;
  if (o.dtype !== 'float32' || isNum(o) || !isKnownShape(o.shape) || sizeOf(o.shape) < 1) return false;
  const steps = programOf(node);
  if (!steps.length || !lanesFit(steps, node.inputs.length, math)) return false;
  // (a small Tanh, or a small fast step, stays tfjs-wasm's kernel or the JS loop)
  if (sizeOf(o.shape) < WASM_MIN_ELEMENTS && steps.some((s) => s.op === 'Tanh' || isFastStep(s.op, math))) return false;
  return node.inputs.every((v) => heapKind(v, o) !== undefined);
}

/** A full float32 Sum/Mean of a tensor, to a number. */
function sumOfAll(node: Node): boolean {
  return (
    (node.op === 'Sum' || node.op === 'Mean') &&
    isFullReduction(node) &&
    node.inputs[0]!.dtype === 'float32' &&
    node.outputs[0]!.dtype === 'float32'
  );
}

type Ref = { readonly v: Value } | { readonly s: number };

/** The chains of one generated function (wasm backend): which nodes wait for their consumer. */
export class HeapChains {
  /** Chained nodes by output, emitted inside their consumer's kernel. */
  private readonly waiting = new Map<Value, Node>();
  private readonly on = wasmSimdAvailable() && heapMemory() !== undefined;

  /**
   * `inJs`: whether the generated code computes a node as a JS loop instead (compiled/codegen.ts);
   * `math`: the kernels' rules (the profile's numerics).
   */
  constructor(
    private readonly inJs: (node: Node) => boolean = () => false,
    private readonly math: SimdMath = EXACT_MATH,
  ) {}

  private chainable(node: Node): boolean {
    return chainable(node, this.math) && !this.inJs(node);
  }

  /**
   * The index of the node whose kernel computes `node` (the last of the chain through its output's
   * only user, chainable too), if any.
   */
  consumer(g: Graph, node: Node, consumers: Map<Value, number[]>): number | undefined {
    if (!this.on || !this.chainable(node)) return undefined;
    const next = (n: Node): number | undefined => {
      const o = n.outputs[0]!;
      const uses = consumers.get(o);
      if (g.outputs.includes(o) || !uses || uses.length !== 1) return undefined;
      const user = g.nodes[uses[0]!]!;
      return this.chainable(user) || sumOfAll(user) ? uses[0] : undefined;
    };
    let last: number | undefined;
    for (let k = next(node); k !== undefined; k = sumOfAll(g.nodes[k]!) ? undefined : next(g.nodes[k]!)) last = k;
    return last;
  }

  /** `node` is emitted inside its consumer's kernel. */
  defer(node: Node): void {
    this.waiting.set(node.outputs[0]!, node);
  }

  /**
   * Emits `node` (with the chain before it) as one in-place kernel call, or a full Sum/Mean (over
   * its chain) as one summing call; returns the output's slot, or undefined. `dying`: the values
   * whose last use this is — the first owned tensor of the result's shape among them is the donor,
   * whose data may become the result's (its slot is then released here, so the caller does not
   * free it). `slot`: an input's slot as a tensor (a value held as an array is made one there).
   */
  emit(
    em: Emitter,
    node: Node,
    env: Map<Value, Slot>,
    dying: ReadonlySet<Value>,
    slot: (v: Value) => Slot,
  ): Slot | undefined {
    const sum = this.on && sumOfAll(node);
    if (!sum && !(this.on && this.chainable(node))) return undefined;
    const o = node.outputs[0]!;
    const shapeOf = sum ? node.inputs[0]! : o; // the elements the program runs over
    const steps: { step: FusedStep; args: Ref[] }[] = [];
    /** Appends the program of `n` (and of the chain before it); returns its result's step. */
    const add = (n: Node): number => {
      const local: Ref[] = n.inputs.map((v) => {
        const p = this.waiting.get(v);
        if (!p) return { v };
        this.waiting.delete(v);
        return { s: add(p) };
      });
      const base = steps.length;
      for (const s of programOf(n))
        steps.push({
          step: s,
          args: s.args.map((a) => (a < local.length ? local[a]! : { s: base + a - local.length })),
        });
      return steps.length - 1;
    };
    const x = node.inputs[0]!;
    const producer = sum ? this.waiting.get(x) : node;
    if (sum) this.waiting.delete(x);
    if (producer) add(producer);
    const inputs: Value[] = producer ? [] : [x];
    for (const { args } of steps) for (const r of args) if ('v' in r && !inputs.includes(r.v)) inputs.push(r.v);
    const program: FusedStep[] = steps.map(({ step, args }) => ({
      ...step,
      args: args.map((r) => ('v' in r ? inputs.indexOf(r.v) : inputs.length + r.s)),
    }));
    const kinds = inputs.map((v) => heapKind(v, shapeOf)!);
    const tiledLengths = inputs.filter((_, i) => kinds[i] === 'tiled').map((v) => sizeOf(v.shape));
    const site = buildHeapChain(program, kinds, tiledLengths, sum, this.math);
    if (!site) throw new Error('internal: an in-place elementwise kernel could not be built');
    const tensors = inputs.filter((_, i) => kinds[i] !== 'scalar').map((v) => slot(v).expr);
    const scalars = inputs.filter((_, i) => kinds[i] === 'scalar').map((v) => slot(v).expr);
    const name = valueName(o);
    const w = em.kernelRef(site);
    if (sum) {
      const n = sizeOf(x.shape);
      const total = `${w}.sum([${tensors.join(', ')}], [${scalars.join(', ')}], ${n})`;
      em.line(`const ${name} = ${node.op === 'Mean' ? `Math.fround(${total} / ${n})` : total};`);
      return { expr: name, owned: false };
    }
    const donor = inputs.find((v, i) => kinds[i] === 'array' && dying.has(v) && slot(v).owned);
    const d = donor ? slot(donor).expr : 'undefined';
    em.line(
      `const ${name} = ${w}.run(${d}, [${tensors.join(', ')}], [${scalars.join(', ')}], ${JSON.stringify(o.shape)});`,
    );
    if (donor) {
      em.line(`if (${name} !== ${d}) H.dispose(${d});`);
      env.set(donor, { expr: d, owned: false });
    }
    return { expr: name, owned: true };
  }
}
