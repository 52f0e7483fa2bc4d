// Generates one JS function per graph: scalars (rank-0 int32/float32/bool values) live in JS
// numbers with exact tfjs semantics, so scalar Cond/While become real JS if/while; elementwise
// kernels on cpu tensors become loops over typed arrays into reused buffers; every other kernel
// runs through the active tfjs backend. Tensors are freed after their last use.
// Needs the IR, liveness, scalar-rules. Produces `generate(graph, opts)` → source and tables.

import type * as tf from '@tensorflow/tfjs';
import type { Graph, Node, Value } from '../../ir/graph.js';
import type { DType } from '../../ir/types.js';
import { sizeOf } from '../../ir/types.js';
import { lastUses } from '../liveness.js';
import { ELEMENT_RULES, hasElementRule, literal, storeAs } from './scalar-rules.js';
import type { FusedStep } from '../../ir/fused.js';
import { FUSED_OP } from '../../ir/fused.js';

export interface Generated {
  readonly source: string;
  /** Non-scalar constants, materialized by the executor and referenced as K[i]. */
  readonly constNodes: Node[];
  /** Variables written by AssignVariable, referenced as V[i]. */
  readonly variables: tf.Variable[];
  /** Kernel attrs referenced as A[i]. */
  readonly attrs: Record<string, unknown>[];
}

export interface GenerateOptions {
  /** Elementwise kernels on tensors become typed-array loops (cpu backend only). */
  readonly loops: boolean;
}

/** A value held as a JS number (bools as 0/1), rather than as a tensor. */
export function isNum(v: { shape: readonly number[]; dtype: DType }): boolean {
  return v.shape.length === 0 && (v.dtype === 'float32' || v.dtype === 'int32' || v.dtype === 'bool');
}

interface Slot {
  readonly expr: string;
  /** For tensors: created here (and so freed here) rather than borrowed. */
  readonly owned: boolean;
}

class Gen {
  private readonly lines: string[] = [];
  private depth = 1;
  private tmp = 0;
  readonly constNodes: Node[] = [];
  readonly variables: tf.Variable[] = [];
  readonly attrs: Record<string, unknown>[] = [];
  private sites = 0;

  constructor(private readonly opts: GenerateOptions) {}

  line(s: string): void {
    this.lines.push('  '.repeat(this.depth) + s);
  }
  open(s: string): void {
    this.line(s);
    this.depth++;
  }
  close(s = '}'): void {
    this.depth--;
    this.line(s);
  }
  fresh(prefix = 't'): string {
    return `${prefix}${this.tmp++}`;
  }
  source(): string {
    return this.lines.join('\n');
  }

  attrRef(a: Record<string, unknown>): string {
    this.attrs.push(a);
    return `A[${this.attrs.length - 1}]`;
  }

  /** Elementwise nodes whose only consumer is a full reduction: emitted inside the reduction's loop. */
  private readonly deferred = new Map<Value, { node: Node; program: readonly FusedStep[]; ins: Slot[] }>();

  /** Emits the nodes of `g` with its params bound to `params`; returns the slots of its outputs. */
  graph(g: Graph, params: readonly Slot[]): Slot[] {
    const env = new Map<Value, Slot>();
    g.inputs.forEach((v, i) => env.set(v, { expr: params[i]!.expr, owned: false }));
    const dead = lastUses(g).map((vs) => [...vs]);
    const consumers = new Map<Value, number[]>();
    g.nodes.forEach((node, i) => node.inputs.forEach((v) => consumers.set(v, [...(consumers.get(v) ?? []), i])));
    g.nodes.forEach((node, i) => {
      const target = this.opts.loops ? this.reductionConsumer(g, node, consumers) : undefined;
      if (target !== undefined) {
        // Emit later, inside the reduction's loop; its inputs must stay alive until then.
        this.deferred.set(node.outputs[0]!, { node, program: programOf(node), ins: node.inputs.map((v) => env.get(v)!) });
        dead[target]!.push(...dead[i]!.filter((v) => v !== node.outputs[0]));
        dead[i] = [];
        return;
      }
      this.node(node, env);
      for (const v of dead[i]!) {
        const s = env.get(v);
        if (s && s.owned && !isNum(v)) this.line(`H.dispose(${s.expr});`);
        env.delete(v);
      }
    });
    return g.outputs.map((v) => env.get(v)!);
  }

  private name(v: Value): string {
    return `v${v.id}`;
  }

  /** A tensor expression for slot `s` of value `v`, and whether it is a temporary to free. */
  private asTensor(v: Value, s: Slot): { expr: string; temp: boolean } {
    if (!isNum(v)) return { expr: s.expr, temp: false };
    return { expr: `H.scalar(${s.expr}, '${v.dtype}')`, temp: true };
  }

  private node(node: Node, env: Map<Value, Slot>): void {
    const ins = node.inputs.map((v) => env.get(v)!);
    const out = (v: Value, s: Slot) => env.set(v, s);
    switch (node.op) {
      case 'Const':
        return this.constant(node, out);
      case 'Cond':
        return this.cond(node, ins, out);
      case 'While':
        return this.loop(node, ins, out);
      case 'ListEmpty':
        this.line(`const ${this.name(node.outputs[0]!)} = H.listEmpty();`);
        out(node.outputs[0]!, { expr: this.name(node.outputs[0]!), owned: true });
        return;
      case 'ListPush': {
        const elem = isNum(node.inputs[1]!) ? ins[1]!.expr : `H.clone(${ins[1]!.expr})`;
        this.line(`const ${this.name(node.outputs[0]!)} = ${ins[0]!.expr}.push(${elem});`);
        out(node.outputs[0]!, { expr: this.name(node.outputs[0]!), owned: true });
        return;
      }
      case 'ListPop': {
        const [l, x] = node.outputs as [Value, Value];
        const r = this.fresh('r');
        this.line(`const ${r} = ${ins[0]!.expr}.pop();`);
        this.line(`const ${this.name(l)} = ${r}[0];`);
        this.line(`const ${this.name(x)} = ${isNum(x) ? `${r}[1]` : `H.clone(${r}[1])`};`);
        out(l, { expr: this.name(l), owned: true });
        out(x, { expr: this.name(x), owned: !isNum(x) });
        return;
      }
      case 'ListLength':
        this.line(`const ${this.name(node.outputs[0]!)} = ${ins[0]!.expr}.length;`);
        out(node.outputs[0]!, { expr: this.name(node.outputs[0]!), owned: false });
        return;
      case 'ListGet': {
        const x = node.outputs[0]!;
        const index = isNum(node.inputs[1]!) ? ins[1]!.expr : `H.read(${ins[1]!.expr})`;
        const get = `${ins[0]!.expr}.get(${index})`;
        this.line(`const ${this.name(x)} = ${isNum(x) ? get : `H.clone(${get})`};`);
        out(x, { expr: this.name(x), owned: !isNum(x) });
        return;
      }
      case 'ListStack': {
        const x = node.outputs[0]!;
        this.line(`const ${this.name(x)} = H.listStack(${ins[0]!.expr}, '${x.dtype}', ${JSON.stringify(node.attrs.elementShape ?? null)});`);
        out(x, { expr: this.name(x), owned: true });
        return;
      }
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
    }
    if (this.opts.loops && isFullReduction(node) && (this.deferred.has(node.inputs[0]!) || !isNum(node.inputs[0]!))) {
      out(node.outputs[0]!, { expr: this.reduction(node, ins[0]!), owned: false });
      return;
    }
    const steps = node.op === FUSED_OP ? (node.attrs.steps as FusedStep[]) : undefined;
    if (steps ? steps.every((s) => elementOk(s.op, s.dtype)) : hasElementRule(node.op) && elementOk(node.op, node.outputs[0]!.dtype)) {
      const program = steps ?? [{ op: node.op, args: node.inputs.map((_, i) => i), attrs: node.attrs, argNames: node.inputNames, dtype: node.outputs[0]!.dtype, shape: node.outputs[0]!.shape }];
      const o = node.outputs[0]!;
      if (isNum(o) && node.inputs.every(isNum)) {
        out(o, { expr: this.scalarProgram(program, ins.map((s) => s.expr), o), owned: false });
        return;
      }
      if (this.opts.loops && this.loopable(node)) {
        out(o, { expr: this.loopProgram(program, node, ins), owned: true });
        return;
      }
    }
    if (steps) return this.fusedByKernels(node, steps, ins, out);
    this.kernel(node, ins, out);
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

  /** Straight-line scalar code for a program; returns the result expression (a new const). */
  private scalarProgram(steps: readonly FusedStep[], args: readonly string[], o: Value): string {
    const vals = [...args];
    for (const s of steps) {
      const rule = ELEMENT_RULES[s.op]!;
      const name = this.fresh('s');
      this.line(`const ${name} = ${storeAs(rule.storesAs ?? s.dtype, rule.expr(s.args.map((a) => vals[a]!), s.attrs))};`);
      vals.push(name);
    }
    const result = this.name(o);
    this.line(`const ${result} = ${vals[vals.length - 1]};`);
    return result;
  }

  /** Inputs are numbers, size-1 tensors, or tensors of the output's shape. */
  private loopable(node: Node): boolean {
    const o = node.outputs[0]!;
    const n = sizeOf(o.shape);
    if (n < 0 || o.dtype === 'string' || o.dtype === 'complex64') return false;
    return node.inputs.every((v) => isNum(v) || sizeOf(v.shape) === 1 || (v.shape.length === o.shape.length && v.shape.every((d, i) => d === o.shape[i])));
  }

  private loopProgram(steps: readonly FusedStep[], node: Node, ins: readonly Slot[]): string {
    const o = node.outputs[0]!;
    const n = sizeOf(o.shape);
    const site = this.sites++;
    const result = this.name(o);
    const buf = this.fresh('b');
    this.line(`const ${buf} = H.buffer(${site}, '${o.dtype}', ${n});`);
    const elems: string[] = node.inputs.map((v, i) => {
      if (isNum(v)) return ins[i]!.expr;
      const arr = this.fresh('a');
      this.line(`const ${arr} = H.data(${ins[i]!.expr});`);
      if (sizeOf(v.shape) === 1 && n !== 1) {
        const s = this.fresh('e');
        this.line(`const ${s} = ${arr}[0];`);
        return s;
      }
      return `${arr}[i]`;
    });
    this.open(`for (let i = 0; i < ${n}; i++) {`);
    const vals = [...elems];
    steps.forEach((s, k) => {
      const rule = ELEMENT_RULES[s.op]!;
      const e = rule.expr(s.args.map((a) => vals[a]!), s.attrs);
      if (k === steps.length - 1) {
        this.line(`${buf}[i] = ${e};`);
      } else {
        const name = this.fresh('s');
        this.line(`const ${name} = ${storeAs(s.dtype, e)};`);
        vals.push(name);
      }
    });
    this.close();
    this.line(`const ${result} = H.tensorFrom(${site}, ${buf}, ${JSON.stringify(o.shape)}, '${o.dtype}');`);
    return result;
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
    const program = node.op === FUSED_OP ? (node.attrs.steps as FusedStep[]) : hasElementRule(node.op) ? programOf(node) : undefined;
    if (!program || !program.every((st) => elementOk(st.op, st.dtype)) || !this.loopable(node)) return undefined;
    return uses[0];
  }

  /** A full reduction (Sum/Mean/Max/Min/Prod to a scalar) as one loop, over a deferred producer if any. */
  private reduction(node: Node, input: Slot | undefined): string {
    const x = node.inputs[0]!;
    const o = node.outputs[0]!;
    const n = sizeOf(x.shape);
    const acc = this.fresh('acc');
    const elem = this.fresh('x');
    const producer = this.deferred.get(x);
    const setup: string[] = [];
    let element: string;
    let loopBody: string[] = [];
    if (producer) {
      this.deferred.delete(x);
      const { node: p, program, ins } = producer;
      const elems = p.inputs.map((v, i) => this.elementOf(v, ins[i]!, n, setup));
      const vals = [...elems];
      program.forEach((st) => {
        const rule = ELEMENT_RULES[st.op]!;
        const name = this.fresh('s');
        loopBody.push(`const ${name} = ${storeAs(st.dtype, rule.expr(st.args.map((a) => vals[a]!), st.attrs))};`);
        vals.push(name);
      });
      element = vals[vals.length - 1]!;
    } else {
      const arr = this.fresh('a');
      setup.push(`const ${arr} = H.data(${input!.expr});`);
      element = `${arr}[i]`;
      loopBody = [];
    }
    for (const l of setup) this.line(l);
    const init = node.op === 'Sum' || node.op === 'Mean' ? '0' : node.op === 'Prod' ? '1' : 'NaN';
    this.line(`let ${acc} = ${init};`);
    this.open(`for (let i = 0; i < ${n}; i++) {`);
    for (const l of loopBody) this.line(l);
    this.line(`const ${elem} = ${element};`);
    switch (node.op) {
      case 'Sum':
        this.line(`${acc} += ${elem};`);
        break;
      case 'Mean': // the cpu kernel divides each element (stored as float32) and then sums
        this.line(`${acc} += Math.fround(${elem} / ${n});`);
        break;
      case 'Prod':
        this.line(`${acc} *= ${elem};`);
        break;
      case 'Max':
        this.line(`if (i === 0 || ${elem} !== ${elem} || ${elem} > ${acc}) ${acc} = ${elem};`);
        break;
      case 'Min':
        this.line(`if (i === 0 || ${elem} !== ${elem} || ${elem} < ${acc}) ${acc} = ${elem};`);
        break;
    }
    this.close();
    const result = this.name(o);
    this.line(`const ${result} = ${storeAs(o.dtype, acc)};`);
    return result;
  }

  /** One element of input `v` in a loop over `n` elements (scalars and size-1 tensors broadcast). */
  private elementOf(v: Value, slot: Slot, n: number, setup: string[]): string {
    if (isNum(v)) return slot.expr;
    const arr = this.fresh('a');
    setup.push(`const ${arr} = H.data(${slot.expr});`);
    if (sizeOf(v.shape) === 1 && n !== 1) {
      const e = this.fresh('e');
      setup.push(`const ${e} = ${arr}[0];`);
      return e;
    }
    return `${arr}[i]`;
  }

  private kernelInputs(names: readonly string[], exprs: readonly string[], array: boolean): string {
    if (array) return `[${exprs.join(', ')}]`;
    return `{ ${names.map((n, i) => `${JSON.stringify(n)}: ${exprs[i]}`).join(', ')} }`;
  }

  private kernel(node: Node, ins: readonly Slot[], out: (v: Value, s: Slot) => void): void {
    const temps: string[] = [];
    const exprs = node.inputs.map((v, i) => {
      const t = this.asTensor(v, ins[i]!);
      if (!t.temp) return t.expr;
      const n = this.fresh();
      this.line(`const ${n} = ${t.expr};`);
      temps.push(n);
      return n;
    });
    const inputsExpr = this.kernelInputs(node.inputNames, exprs, !!node.options.arrayInputs);
    const dtypes = node.options.multiOutput ? JSON.stringify(node.outputs.map((v) => v.dtype)) : `'${node.outputs[0]!.dtype}'`;
    const call = `(${JSON.stringify(node.op)}, ${inputsExpr}, ${this.attrRef(node.attrs)}, ${dtypes})`;
    if (node.options.multiOutput) {
      const r = this.fresh('r');
      this.line(`const ${r} = H.kernelMulti${call};`);
      node.outputs.forEach((v, k) => this.bindKernelOutput(v, `${r}[${k}]`, out));
    } else {
      this.bindKernelOutput(node.outputs[0]!, `H.kernel${call}`, out);
    }
    for (const t of temps) this.line(`H.dispose(${t});`);
  }

  private bindKernelOutput(v: Value, expr: string, out: (v: Value, s: Slot) => void): void {
    if (isNum(v)) {
      const t = this.fresh();
      this.line(`const ${t} = ${expr};`);
      this.line(`const ${this.name(v)} = H.read(${t}); H.dispose(${t});`);
      out(v, { expr: this.name(v), owned: false });
    } else {
      this.line(`const ${this.name(v)} = ${expr};`);
      out(v, { expr: this.name(v), owned: true });
    }
  }

  /** A Fused node whose steps cannot be a loop here: one kernel per step. */
  private fusedByKernels(node: Node, steps: readonly FusedStep[], ins: readonly Slot[], out: (v: Value, s: Slot) => void): void {
    const vals: { expr: string; temp: boolean }[] = node.inputs.map((v, i) => this.asTensor(v, ins[i]!));
    const owned: string[] = [];
    for (const [i, v] of vals.entries()) {
      if (v.temp) {
        const n = this.fresh();
        this.line(`const ${n} = ${v.expr};`);
        vals[i] = { expr: n, temp: true };
        owned.push(n);
      }
    }
    let last = '';
    for (const s of steps) {
      const n = this.fresh();
      this.line(`const ${n} = H.kernel(${JSON.stringify(s.op)}, ${this.kernelInputs(s.argNames, s.args.map((a) => vals[a]!.expr), false)}, ${this.attrRef(s.attrs as Record<string, unknown>)}, '${s.dtype}');`);
      vals.push({ expr: n, temp: true });
      owned.push(n);
      last = n;
    }
    const o = node.outputs[0]!;
    if (isNum(o)) {
      this.line(`const ${this.name(o)} = H.read(${last});`);
      out(o, { expr: this.name(o), owned: false });
    } else {
      this.line(`const ${this.name(o)} = ${last};`);
      owned.pop();
      out(o, { expr: this.name(o), owned: true });
    }
    for (const t of owned) this.line(`H.dispose(${t});`);
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
    this.depth++;
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
    const params: Slot[] = [...vars.map((e) => ({ expr: e, owned: false })), ...ins.slice(n).map((s) => ({ expr: s.expr, owned: false }))];
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

/** The elementwise program of a Fused node, or of a single elementwise kernel. */
function programOf(node: Node): readonly FusedStep[] {
  if (node.op === FUSED_OP) return node.attrs.steps as FusedStep[];
  const o = node.outputs[0]!;
  return [{ op: node.op, args: node.inputs.map((_, i) => i), attrs: node.attrs, argNames: node.inputNames, dtype: o.dtype, shape: o.shape }];
}

const REDUCTIONS = new Set(['Sum', 'Mean', 'Max', 'Min', 'Prod']);

/** A reduction of a float32/int32 tensor over all its axes to a scalar (no keepDims). */
function isFullReduction(node: Node): boolean {
  if (!REDUCTIONS.has(node.op) || node.inputs.length !== 1) return false;
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  const n = sizeOf(x.shape);
  if (o.shape.length !== 0 || x.shape.length === 0 || n <= 0) return false;
  if (x.dtype !== 'float32' && x.dtype !== 'int32') return false;
  // Sum/Prod of int32 keep int32; Mean is float32; Max/Min keep the dtype.
  return node.op === 'Mean' ? o.dtype === 'float32' && x.dtype === 'float32' : o.dtype === x.dtype;
}

/** Elementwise rules apply only where the cpu kernel stores into the output dtype's array. */
function elementOk(op: string, dtype: DType): boolean {
  const rule = ELEMENT_RULES[op];
  if (!rule) return false;
  if (dtype !== 'float32' && dtype !== 'int32' && dtype !== 'bool') return false;
  return !rule.storesAs || rule.storesAs === dtype;
}

export function generate(graph: Graph, opts: GenerateOptions): Generated {
  const gen = new Gen(opts);
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
  const scoped = /H\.(kernel|tensorFrom|clone|scalar|listStack)|\.assign\(/.test(body);
  const source = scoped
    ? `${prologue}\n  H.startScope();\n  try {\n${indent(body)}\n    const result = ${result};\n    H.endScope(result);\n    return result;\n  } catch (e) {\n    H.endScope([]);\n    throw e;\n  }`
    : `${prologue}${body}\n  return ${result};`;
  return { source, constNodes: gen.constNodes, variables: gen.variables, attrs: gen.attrs };
}

function indent(code: string): string {
  return code
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
}
