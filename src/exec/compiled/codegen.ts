// Generates one JS function per graph for one profile (profile.ts: the targets a tfjs backend uses):
// scalars (rank-0 int32/float32/bool values) live in JS numbers with exact tfjs semantics, so
// scalar Cond/While become real JS if/while; other nodes go through the profile's strategies
// (strategies.ts) in order: elementwise chains in tfjs-wasm's heap, loops over typed arrays (and
// WebAssembly SIMD kernels) into reused buffers, small values kept as arrays until a tensor is
// needed, own kernels, random draws and kernel calls through the active tfjs backend. Tensors are
// freed after their last use. Needs the IR, liveness, the emitter, programs, strategies, the
// profile, list-ops and kernel-calls (and the targets the profile names). Produces
// `generate(graph, profile)` → source and tables.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node, Value } from '../../ir/graph.js';
import { sizeOf } from '../../ir/types.js';
import { lastUses } from '../liveness.js';
import { hasElementRule, literal } from './scalar-rules.js';
import type { FusedStep } from '../../ir/fused.js';
import { FUSED_OP } from '../../ir/fused.js';
import { Emitter, isNum, valueName, type Slot } from './emitter.js';
import { listOp } from './list-ops.js';
import { elementOk, elementProgram, isFullReduction, loopable, programOf, type Deferred } from './programs.js';
import { STRATEGIES, type GenState } from './strategies.js';
import type { KernelSite, Profile } from './profile.js';
import { smallOnWasm } from '../targets/js/small-kernels.js';
import { WASM_MIN_ELEMENTS } from '../targets/wasm-simd/loops.js';
import { HeapChains } from '../targets/wasm-heap/epilogue.js';
import { simdMathOf } from '../targets/wasm-simd/rules.js';
import { isStructuralOp, unhandledOp } from '../../ir/ops.js';
import { asTensor } from './kernel-calls.js';

export interface Generated {
  readonly source: string;
  /** Non-scalar constants, materialized by the executor and referenced as K[i]. */
  readonly constNodes: Node[];
  /** Variables written by AssignVariable, referenced as V[i]. */
  readonly variables: tf.Variable[];
  /** Kernel attrs (and other run-time constants, e.g. source positions) referenced as A[i]. */
  readonly attrs: unknown[];
  /** The targets' kernel sites, referenced as W[i]. */
  readonly kernels: KernelSite[];
}

class Gen extends Emitter implements GenState {
  readonly constNodes: Node[] = [];
  readonly variables: tf.Variable[] = [];
  /** Elementwise chains run in place in tfjs-wasm's heap (profiles with 'heap-chain'). */
  readonly chains: HeapChains | undefined;
  /** The values dying at the node being emitted. */
  dying: ReadonlySet<Value> = new Set();
  /** Elementwise nodes whose only consumer is a full reduction: emitted inside the reduction's loop. */
  readonly deferred = new Map<Value, Deferred>();
  /** Elementwise nodes are deferred into the full reduction that consumes them (profiles with 'reduction'). */
  private readonly intoReductions: boolean;

  constructor(readonly profile: Profile) {
    super();
    this.intoReductions = profile.strategies.includes('reduction');
    // (a node that runs as a JS loop is no link of a chain)
    this.chains = profile.strategies.includes('heap-chain')
      ? new HeapChains((node) => this.elementLoopOf(node) !== undefined, simdMathOf(profile))
      : undefined;
  }

  /**
   * The elementwise program of `node` where it runs as a loop over JS arrays: wherever it applies
   * where all values may be arrays (cpu); else for small nodes (arraysFit) under
   * WASM_MIN_ELEMENTS, larger chains running in tfjs-wasm's heap.
   */
  elementLoopOf(node: Node): readonly FusedStep[] | undefined {
    const o = node.outputs[0]!;
    if (isNum(o) || !loopable(node)) return undefined;
    if (this.profile.arrays !== 'all' && !(this.arraysFit(node) && sizeOf(o.shape) < WASM_MIN_ELEMENTS))
      return undefined;
    return elementProgram(node);
  }

  /**
   * Whether `node` may run on JS arrays (the element loops and small kernels): everywhere on cpu;
   * on wasm, small float32 nodes and the kernels JS computes as tfjs-wasm does (see smallOnWasm).
   */
  arraysFit(node: Node): boolean {
    return this.profile.arrays === 'all' || smallOnWasm(node);
  }

  /** Emits the nodes of `g` with its params bound to `params`; returns the slots of its outputs. */
  graph(g: Graph, params: readonly Slot[]): Slot[] {
    const env = new Map<Value, Slot>();
    g.inputs.forEach((v, i) => env.set(v, { expr: params[i]!.expr, owned: false }));
    const dead = lastUses(g).map((vs) => [...vs]);
    const deathAt = new Map<Value, number>();
    dead.forEach((vs, i) => vs.forEach((v) => deathAt.set(v, i)));
    const consumers = new Map<Value, number[]>();
    g.nodes.forEach((node, i) => node.inputs.forEach((v) => consumers.set(v, [...(consumers.get(v) ?? []), i])));
    g.nodes.forEach((node, i) => {
      const target = this.intoReductions
        ? this.reductionConsumer(g, node, consumers)
        : this.chains?.consumer(g, node, consumers);
      if (target !== undefined) {
        // Emit later, inside the reduction's loop (or the chain's kernel); its inputs must stay alive until then.
        if (this.chains) this.chains.defer(node);
        else
          this.deferred.set(node.outputs[0]!, {
            node,
            program: programOf(node),
            ins: node.inputs.map((v) => env.get(v)!),
          });
        // An input whose last use comes before the reduction (also one used by a later node in
        // between) is freed after the reduction instead.
        for (const v of new Set(node.inputs)) {
          const j = deathAt.get(v);
          if (j === undefined || j >= target) continue;
          dead[j] = dead[j]!.filter((x) => x !== v);
          dead[target]!.push(v);
          deathAt.set(v, target);
        }
        return;
      }
      this.dying = new Set(dead[i]);
      this.node(node, env);
      for (const v of dead[i]!) {
        const s = env.get(v);
        if (s && s.owned && s.expr && !isNum(v)) this.line(`H.dispose(${s.expr});`);
        env.delete(v);
      }
    });
    return g.outputs.map((v) => this.tensorSlot(v, env));
  }

  /** The slot of `v` as a tensor: a value held only as an array becomes one here (owned). */
  tensorSlot(v: Value, env: Map<Value, Slot>): Slot {
    const s = env.get(v)!;
    if (!s || s.expr || !s.array) return s; // (a value deferred into a heap chain has no slot yet)
    const name = this.name(v);
    this.line(
      `const ${name} = H.tensorFrom(${s.array.site}, ${s.array.name}, ${JSON.stringify(v.shape)}, '${v.dtype}'${s.array.labelled ? ', true' : ''});`,
    );
    const t: Slot = { expr: name, owned: true, array: s.array };
    env.set(v, t);
    return t;
  }

  /** The node's input slots with every array-only value made a tensor (for code that takes tensors). */
  private tensorInputs(node: Node, env: Map<Value, Slot>): Slot[] {
    return node.inputs.map((v) => this.tensorSlot(v, env));
  }

  private name(v: Value): string {
    return valueName(v);
  }

  /** A tensor expression for slot `s` of value `v`, and whether it is a temporary to free. */
  private asTensor(v: Value, s: Slot): { expr: string; temp: boolean } {
    return asTensor(v, s);
  }

  private node(node: Node, env: Map<Value, Slot>): void {
    const out = (v: Value, s: Slot) => env.set(v, s);
    // Every structural op (ir/ops.ts) has a case: the default does not compile while one is missing.
    const op = isStructuralOp(node.op) ? node.op : undefined;
    const ins = op !== undefined && op !== 'Fused' ? this.tensorInputs(node, env) : node.inputs.map((v) => env.get(v)!);
    switch (op) {
      case 'Const':
        return this.constant(node, out);
      case 'Cond':
        return this.cond(node, ins, out);
      case 'While':
        return this.loop(node, ins, out);
      case 'ListEmpty':
      case 'ListPush':
      case 'ListPop':
      case 'ListLength':
      case 'ListGet':
      case 'ListSetItem':
      case 'ListStack':
        return listOp(this, node, ins, out);
      case 'Print': {
        const a = this.attrRef({ parts: node.attrs.parts, dtypes: node.inputs.map((v) => v.dtype) });
        this.line(`H.print(${a}, [${ins.map((x) => x.expr).join(', ')}]);`);
        return;
      }
      case 'Assert': {
        const a = this.attrRef({ message: node.attrs.message, source: node.options.source, error: node.attrs.error });
        const c = ins[0]!.expr; // a bool scalar: a number here
        this.line(`if (!${c}) H.assertFailed(${a});`);
        return;
      }
      case 'AssignVariable': {
        this.variables.push(node.options.variable!);
        const t = this.asTensor(node.inputs[0]!, ins[0]!);
        if (t.temp) {
          const n = this.fresh();
          this.line(`const ${n} = ${t.expr}; V[${this.variables.length - 1}].assign(${n}); H.dispose(${n});`);
        } else {
          this.line(`V[${this.variables.length - 1}].assign(${t.expr});`);
        }
        return;
      }
      case 'Fused': // the strategies below, as a kernel
      case undefined:
        break;
      default:
        unhandledOp(op, 'the compiled executor');
    }
    // The profile's strategies, in order: those that read arrays come first; the others get tensors.
    let tensors: Slot[] | undefined;
    for (const name of this.profile.strategies) {
      const { emit, reads } = STRATEGIES[name];
      const slots = reads === 'arrays' ? ins : (tensors ??= this.tensorInputs(node, env));
      if (emit(this, node, slots, env, out)) return;
    }
    throw new Error(`internal: no strategy of the ${this.profile.backend} profile emits ${node.op}`);
  }

  private constant(node: Node, out: (v: Value, s: Slot) => void): void {
    const v = node.outputs[0]!;
    const values = node.options.values!;
    if (isNum(v) && values.length === 1) {
      out(v, { expr: literal(Number(values[0]), v.dtype), owned: false });
      return;
    }
    this.constNodes.push(node);
    out(v, { expr: `K[${this.constNodes.length - 1}]`, owned: false });
  }

  /** The index of the full reduction that is the only consumer of elementwise `node`, if any. */
  private reductionConsumer(g: Graph, node: Node, consumers: Map<Value, number[]>): number | undefined {
    if (node.outputs.length !== 1) return undefined;
    const o = node.outputs[0]!;
    if (isNum(o) || g.outputs.includes(o)) return undefined;
    const uses = consumers.get(o);
    if (!uses || uses.length !== 1) return undefined;
    const consumer = g.nodes[uses[0]!]!;
    if (!isFullReduction(consumer) || consumer.inputs[0] !== o) return undefined;
    const program =
      node.op === FUSED_OP ? (node.attrs.steps as FusedStep[]) : hasElementRule(node.op) ? programOf(node) : undefined;
    if (!program || !program.every((st) => elementOk(st.op, st.dtype)) || !loopable(node)) return undefined;
    return uses[0];
  }

  /** Converts a subgraph output slot into an owned value of the parent (num, or an owned tensor). */
  private own(v: Value, s: Slot): string {
    if (isNum(v) || s.owned) return s.expr;
    return `H.clone(${s.expr})`;
  }

  private cond(node: Node, ins: readonly Slot[], out: (v: Value, s: Slot) => void): void {
    const { then: g1, else: g2 } = node.subgraphs!;
    const names = node.outputs.map((v) => this.name(v));
    if (names.length) this.line(`let ${names.join(', ')};`);
    const pred = ins[0]!.expr; // a bool scalar: always a number here
    const operands = ins.slice(1).map((s) => ({ expr: s.expr, owned: false }));
    this.open(`if (${pred}) {`);
    this.graph(g1!, operands).forEach((s, k) => this.line(`${names[k]} = ${this.own(g1!.outputs[k]!, s)};`));
    this.close('} else {');
    this.reopen();
    this.graph(g2!, operands).forEach((s, k) => this.line(`${names[k]} = ${this.own(g2!.outputs[k]!, s)};`));
    this.close();
    node.outputs.forEach((v, k) => out(v, { expr: names[k]!, owned: !isNum(v) }));
  }

  private loop(node: Node, ins: readonly Slot[], out: (v: Value, s: Slot) => void): void {
    const { cond: gc, body: gb } = node.subgraphs!;
    const n = node.outputs.length;
    const vars = node.outputs.map((v) => this.name(v));
    const owns = node.outputs.map((v) => (isNum(v) ? '' : this.fresh('own')));
    this.line(`let ${vars.map((name, i) => `${name} = ${ins[i]!.expr}`).join(', ')};`);
    const ownDecl = owns.filter(Boolean);
    if (ownDecl.length) this.line(`let ${ownDecl.map((o) => `${o} = false`).join(', ')};`);
    const max = node.attrs.maximumIterations as number | undefined;
    const it = this.fresh('it');
    if (max !== undefined) this.line(`let ${it} = 0;`);
    this.open('for (;;) {');
    if (max !== undefined) this.line(`if (${it}++ >= ${max}) break;`);
    const params: Slot[] = [
      ...vars.map((e) => ({ expr: e, owned: false })),
      ...ins.slice(n).map((s) => ({ expr: s.expr, owned: false })),
    ];
    this.open('{');
    const [c] = this.graph(gc!, params);
    this.line(`if (!${c!.expr}) break;`);
    this.close();
    this.open('{');
    const outs = this.graph(gb!, params);
    const next = outs.map((s, i) => {
      const v = node.outputs[i]!;
      const produced = gb!.outputs[i]!;
      if (isNum(v)) return { expr: s.expr, pass: false };
      if (produced === gb!.params[i]) return { expr: s.expr, pass: true }; // unchanged loop variable
      return { expr: s.owned ? s.expr : `H.clone(${s.expr})`, pass: false };
    });
    const temps = next.map((x) => {
      if (x.pass) return '';
      const t = this.fresh('n');
      this.line(`const ${t} = ${x.expr};`);
      return t;
    });
    node.outputs.forEach((v, i) => {
      if (next[i]!.pass) return;
      if (isNum(v)) this.line(`${vars[i]} = ${temps[i]};`);
      else this.line(`if (${owns[i]}) H.dispose(${vars[i]}); ${vars[i]} = ${temps[i]}; ${owns[i]} = true;`);
    });
    this.close();
    this.close();
    node.outputs.forEach((v, i) => {
      if (!isNum(v)) this.line(`if (!${owns[i]}) ${vars[i]} = H.clone(${vars[i]});`);
      out(v, { expr: vars[i]!, owned: !isNum(v) });
    });
  }
}

export function generate(graph: Graph, profile: Profile): Generated {
  const gen = new Gen(profile);
  const params = graph.inputs.map((v, i) => {
    if (!isNum(v)) return { expr: `inputs[${i}]`, owned: false };
    gen.line(`const p${i} = H.read(inputs[${i}]);`);
    return { expr: `p${i}`, owned: false };
  });
  const prologue = gen.source();
  const outs = gen.graph(graph, params);
  const seen = new Set<string>();
  const results = outs.map((s, k) => {
    const v = graph.outputs[k]!;
    if (isNum(v)) return `H.scalar(${s.expr}, '${v.dtype}')`;
    if (s.owned && !seen.has(s.expr)) {
      seen.add(s.expr);
      return s.expr;
    }
    return `H.clone(${s.expr})`;
  });
  const body = gen.source().slice(prologue.length);
  const result = `[${results.join(', ')}]`;
  // Tensors made inside the body are tracked by an engine scope, so an exception frees them.
  const scoped =
    /H\.(kernel|random|tensorFrom|clone|scalar|listStack|matMul|gatherRow|tanhOnWasm)|\.assign\(|\]\.run\(/.test(body);
  const source = scoped
    ? `${prologue}\n  H.startScope();\n  try {\n${indent(body)}\n    const result = ${result};\n    H.endScope(result);\n    return result;\n  } catch (e) {\n    H.endScope([]);\n    throw e;\n  }`
    : `${prologue}${body}\n  return ${result};`;
  return { source, constNodes: gen.constNodes, variables: gen.variables, attrs: gen.attrs, kernels: gen.kernels };
}

function indent(code: string): string {
  return code
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
}
