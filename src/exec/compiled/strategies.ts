// The generator's strategies: how a node that is not a constant, control flow, a list op or an
// effect is emitted, each the code of one target (or the generator's own: JS numbers, random draws
// and kernel calls through the active tfjs backend). A profile (profile.ts) lists the ones it uses,
// in order; the first that applies emits the node and binds its outputs. Among them, the kernels
// the generated code runs with the targets' own implementations rather than the backend's: float32
// matMul (GEMM kernels with the backend's own summation order, or the JS one), Tanh on wasm, and
// x[t] row gathers.
// Needs the IR, the emitter, programs, the targets' emitting code and sites. Produces `STRATEGIES`,
// `Strategy`, `GenState` (what a strategy sees of the generator).

import type { Node, Value } from '../../ir/graph.js';
import type { FusedStep } from '../../ir/fused.js';
import { FUSED_OP } from '../../ir/fused.js';
import { isKnownShape, sizeOf } from '../../ir/types.js';
import { isRandomNode } from '../../ir/random.js';
import { isNum, valueName, type Emitter, type Slot } from './emitter.js';
import type { Profile, StrategyName, TargetName } from './profile.js';
import { elementProgram, isFullReduction, scalarProgram, type Deferred } from './programs.js';
import { fusedByKernels, kernelCall, randomCall } from './kernel-calls.js';
import { loopProgram, reduction } from '../targets/js/element-loops.js';
import { emitSmall } from '../targets/js/small-kernels.js';
import { WASM_MIN_ELEMENTS, wasmMap, wasmReduction } from '../targets/wasm-simd/loops.js';
import { buildMatMulSite } from '../targets/wasm-simd/matmul.js';
import { buildTanhKernel } from '../targets/wasm-simd/tanh.js';
import { simdMathOf } from '../targets/wasm-simd/rules.js';
import { columnSum } from '../targets/wasm-heap/column-sum.js';
import type { HeapChains } from '../targets/wasm-heap/epilogue.js';

type Out = (v: Value, s: Slot) => void;

/** What a strategy sees of the generator (codegen.ts) while it emits one node. */
export interface GenState extends Emitter {
  readonly profile: Profile;
  /** Elementwise nodes emitted inside the loop of the full reduction that consumes them, by output. */
  readonly deferred: Map<Value, Deferred>;
  /** The in-place chains of this function (profiles with 'heap-chain'). */
  readonly chains: HeapChains | undefined;
  /** The values whose last use is the node being emitted. */
  readonly dying: ReadonlySet<Value>;
  /** The node's elementwise program where it runs as a loop over JS arrays, else undefined. */
  elementLoopOf(node: Node): readonly FusedStep[] | undefined;
  /** Whether the node may run on JS arrays (the element loops and small kernels). */
  arraysFit(node: Node): boolean;
  /** The slot of `v` as a tensor (a value held only as an array becomes one here). */
  tensorSlot(v: Value, env: Map<Value, Slot>): Slot;
}

export interface Strategy {
  /** The target whose code it emits ('shared': the generator's own). */
  readonly target: TargetName | 'shared';
  /** Its inputs as they are held (arrays too), or as tensors. */
  readonly reads: 'arrays' | 'tensors';
  /** Emits `node` and binds its outputs; false: it does not apply (nothing emitted). */
  readonly emit: (gen: GenState, node: Node, ins: readonly Slot[], env: Map<Value, Slot>, out: Out) => boolean;
}

/** Binds the node's output to `slot` when a strategy produced one; whether it did. */
function bind(node: Node, out: Out, slot: Slot | undefined): boolean {
  if (slot) out(node.outputs[0]!, slot);
  return !!slot;
}

/** A strategy that always applies (it bound the outputs itself). */
const done = (_: void): true => true;

/**
 * A full reduction as one loop over its deferred elementwise producer or its input: `loop` emits
 * it (its value's expression, or undefined where it cannot).
 */
function fullReduction(
  gen: GenState,
  node: Node,
  out: Out,
  loop: (producer: Deferred | undefined) => string | undefined,
): boolean {
  const x = node.inputs[0]!;
  if (!isFullReduction(node) || !(gen.deferred.has(x) || !isNum(x))) return false;
  const expr = loop(gen.deferred.get(x));
  if (expr === undefined) return false;
  gen.deferred.delete(x);
  return bind(node, out, { expr, owned: false });
}

/** An own matMul kernel's call (`w`: the SIMD site; without one, the JS kernel). */
function matMulCall(em: Emitter, node: Node, ins: readonly Slot[], w: string | undefined): Slot {
  const o = node.outputs[0]!;
  const name = valueName(o);
  const t = node.attrs;
  em.line(
    `const ${name} = H.matMul(${ins[0]!.expr}, ${ins[1]!.expr}, ${Boolean(t.transposeA)}, ${Boolean(t.transposeB)}, ${JSON.stringify(o.shape)}${w ? `, ${w}` : ''});`,
  );
  return { expr: name, owned: true };
}

/** The strategies by name; each profile orders the ones it uses. */
export const STRATEGIES: Readonly<Record<StrategyName, Strategy>> = {
  // a full Sum/Mean of float32 as a SIMD kernel over its input or its deferred producer
  'simd-reduction': {
    target: 'wasm-simd',
    reads: 'arrays',
    emit: (gen, node, ins, _env, out) =>
      fullReduction(gen, node, out, (p) => wasmReduction(gen, node, ins[0], p, simdMathOf(gen.profile))),
  },
  // a full reduction as one JS loop over its input or its deferred elementwise producer
  reduction: {
    target: 'js',
    reads: 'arrays',
    emit: (gen, node, ins, _env, out) => fullReduction(gen, node, out, (p) => reduction(gen, node, ins[0], p)),
  },
  // elementwise programs on JS numbers: JS expressions with tfjs's semantics
  scalar: {
    target: 'shared',
    reads: 'arrays',
    emit: (gen, node, ins, _env, out) => {
      const program = elementProgram(node);
      const o = node.outputs[0]!;
      if (!program || !isNum(o) || !node.inputs.every(isNum)) return false;
      const cpu = gen.profile.storage === 'cpu-kernel';
      return bind(node, out, {
        expr: scalarProgram(
          gen,
          program,
          ins.map((s) => s.expr),
          o,
          node.inputs.map((v) => v.dtype),
          cpu,
        ),
        owned: false,
      });
    },
  },
  // a float32 elementwise program as a SIMD kernel into a reused buffer, kept as an array
  'simd-map': {
    target: 'wasm-simd',
    reads: 'arrays',
    emit: (gen, node, ins, _env, out) => {
      const program = gen.elementLoopOf(node);
      const array = program && wasmMap(gen, program, node, ins, simdMathOf(gen.profile));
      return bind(node, out, array ? { expr: '', owned: false, array } : undefined);
    },
  },
  // an elementwise program as a loop over typed arrays into a reused buffer, kept as an array
  'element-loop': {
    target: 'js',
    reads: 'arrays',
    emit: (gen, node, ins, _env, out) => {
      const program = gen.elementLoopOf(node);
      if (!program) return false;
      const heldAs = gen.profile.storage === 'dtype' ? node.outputs[0]!.dtype : undefined;
      return bind(node, out, { expr: '', owned: false, array: loopProgram(gen, program, node, ins, heldAs) });
    },
  },
  // small copies, matMuls, softmax… on arrays (js/small-kernels.ts)
  small: {
    target: 'js',
    reads: 'arrays',
    emit: (gen, node, ins, _env, out) => gen.arraysFit(node) && emitSmall(gen, node, ins, out),
  },
  // elementwise chains (a GEMM's epilogue) and a full Sum/Mean over one, in tfjs-wasm's heap
  'heap-chain': {
    target: 'wasm-heap',
    reads: 'tensors',
    emit: (gen, node, _ins, env, out) =>
      bind(
        node,
        out,
        gen.chains?.emit(gen, node, env, gen.dying, (v) => gen.tensorSlot(v, env)),
      ),
  },
  // a Sum over leading axes (a bias's gradient) as per-column sums in tfjs-wasm's heap
  'column-sum': {
    target: 'wasm-heap',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) => bind(node, out, columnSum(gen, node, ins)),
  },
  random: {
    target: 'shared',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) => isRandomNode(node) && done(randomCall(gen, node, ins, out)),
  },
  'fused-by-kernels': {
    target: 'shared',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) =>
      node.op === FUSED_OP && done(fusedByKernels(gen, node, node.attrs.steps as FusedStep[], ins, out)),
  },
  // float32 matMul with a GEMM site in the backend's summation order
  'simd-matmul': {
    target: 'wasm-simd',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) => {
      const site = isFloat32MatMul(node) ? buildMatMulSite(gen.profile.backend, gen.profile.relaxedSimd) : undefined;
      return bind(node, out, site && matMulCall(gen, node, ins, gen.kernelRef(site)));
    },
  },
  // float32 matMul with the JS kernel (tfjs-cpu's order)
  'js-matmul': {
    target: 'js',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) =>
      isFloat32MatMul(node) && bind(node, out, matMulCall(gen, node, ins, undefined)),
  },
  // Tanh on tfjs-wasm's heap with the SIMD kernel (the correctly rounded values)
  tanh: {
    target: 'wasm-simd',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) => {
      const kernel = isWasmTanh(node) ? buildTanhKernel() : undefined;
      if (!kernel) return false;
      const name = valueName(node.outputs[0]!);
      gen.line(`const ${name} = H.tanhOnWasm(${ins[0]!.expr}, ${gen.kernelRef(kernel)});`);
      return bind(node, out, { expr: name, owned: true });
    },
  },
  // x[t]: a copy of one row
  'row-gather': {
    target: 'js',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) => {
      if (!isRowGather(node)) return false;
      const o = node.outputs[0]!;
      const name = valueName(o);
      gen.line(
        `const ${name} = H.gatherRow(${ins[0]!.expr}, ${ins[1]!.expr}, ${JSON.stringify(o.shape)}, '${gen.profile.backend}', ${gen.attrRef(node.attrs)});`,
      );
      return bind(node, out, { expr: name, owned: true });
    },
  },
  kernel: {
    target: 'shared',
    reads: 'tensors',
    emit: (gen, node, ins, _env, out) => done(kernelCall(gen, node, ins, out)),
  },
};

/** A float32 Tanh of a tensor large enough for the SIMD kernel (wasm backend). */
function isWasmTanh(node: Node): boolean {
  if (node.op !== 'Tanh' || node.inputs.length !== 1) return false;
  const x = node.inputs[0]!;
  const n = sizeOf(x.shape);
  return x.dtype === 'float32' && node.outputs[0]!.dtype === 'float32' && !isNum(x) && n >= WASM_MIN_ELEMENTS;
}

/** GatherV2 of rows (axis 0) of a tensor by one int32 scalar index held as a number: a row copy. */
function isRowGather(node: Node): boolean {
  if (node.op !== 'GatherV2' || node.inputs.length !== 2) return false;
  const [x, i] = node.inputs as [Value, Value];
  const o = node.outputs[0]!;
  const axis = Number(node.attrs.axis ?? 0);
  if ((axis !== 0 && axis !== -x.shape.length) || Number(node.attrs.batchDims ?? 0) !== 0) return false;
  if (!isNum(i) || i.dtype !== 'int32' || isNum(x) || isNum(o) || x.shape.length < 1) return false;
  return (
    (x.dtype === 'float32' || x.dtype === 'int32' || x.dtype === 'bool') &&
    o.dtype === x.dtype &&
    isKnownShape(x.shape) &&
    isKnownShape(o.shape)
  );
}

/** A float32 BatchMatMul of known shapes, which the compiled code runs with its own kernel (the GEMM site, or the JS one). */
function isFloat32MatMul(node: Node): boolean {
  if (node.op !== 'BatchMatMul' || node.inputs.length !== 2) return false;
  return [...node.inputs, node.outputs[0]!].every((v) => v.dtype === 'float32' && !isNum(v) && isKnownShape(v.shape));
}
