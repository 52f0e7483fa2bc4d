// Small values stay plain typed arrays between kernels: on tensors of a few thousand elements a tfjs
// kernel call (making its output tensor, the engine's bookkeeping) costs more than the arithmetic.
// These rules emit the array kernels of array-kernels.ts (and matMulValues) for the kernels small
// recurrent cells and decoders are made of; their outputs become tensors only where a tensor is
// needed (see compiled/codegen.ts). On cpu every small value qualifies; on wasm the float32 ones and the
// kernels JS computes as tfjs-wasm does (`smallOnWasm`). Needs the IR, the emitter. Produces
// `SMALL_RULES`, `smallRule`, `emitSmall`, `smallOnWasm`.

import type { Node, Value } from '../../../ir/graph.js';
import type { DType } from '../../../ir/types.js';
import { isKnownShape, sizeOf } from '../../../ir/types.js';
import { ruleOf, type KernelTable } from '../../../ir/kernels/index.js';
import { elementsOf, isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';
import { stridesOf, type SlicePlan } from './array-kernels.js';
import { matMulDims } from '../../compiled/matmul-dims.js';
import { FUSED_OP, type FusedStep } from '../../../ir/fused.js';

/** The largest value (elements) and matMul (multiply-adds) kept as arrays. */
export const SMALL_ELEMENTS = 1 << 14;
const SMALL_MULTIPLY_ADDS = 1 << 15;

/** An output buffer the strategy allocates: fresh from the dtype, or of the array type of input `like`. */
export interface SmallOut {
  readonly like?: number;
}

export interface SmallRule {
  /** Whether the node runs here (its shapes and attrs known and supported). */
  readonly applies: (node: Node) => boolean;
  /** How each output's buffer is allocated (default: one fresh buffer per output). */
  readonly outs?: (node: Node) => readonly SmallOut[];
  /** The outputs are registered under their dtype when made tensors (see compiled/emitter.ts ArraySlot). */
  readonly labelled?: boolean;
  /**
   * Only for an input already held as an array (tfjs's Reshape of a tensor is a new tensor on the
   * same data, which keeps how that data is registered): the output keeps the input's registration.
   */
  readonly fromArray?: boolean;
  /** Emits the kernel: `xs` the inputs' arrays, `bs` the outputs' buffers. */
  readonly emit: (em: Emitter, node: Node, xs: readonly string[], bs: readonly string[]) => void;
}

const plain = (d: DType): boolean => d === 'float32' || d === 'int32' || d === 'bool';
const small = (v: Value): boolean => isKnownShape(v.shape) && plain(v.dtype) && sizeOf(v.shape) <= SMALL_ELEMENTS;
const allSmall = (node: Node): boolean => [...node.inputs, ...node.outputs].every(small);
const axisOf = (a: unknown, rank: number): number | undefined => {
  const x = Array.isArray(a) ? (a.length === 1 ? Number(a[0]) : NaN) : Number(a);
  if (!Number.isInteger(x) || x < -rank || x >= Math.max(rank, 1)) return undefined;
  return x < 0 ? x + rank : x;
};

/**
 * On the wasm backend a node runs on JS arrays only when every value it reads and makes (and every
 * step of a fused program) is float32 and small: JS then gives the cpu backend's values, which equal
 * tfjs-wasm's for + − × ÷ and copies and are within float32 rounding of them for the transcendental
 * kernels (int32 and bool stay in tfjs-wasm's kernels, whose values differ from JS beyond 2^24).
 */
function smallFloat32(node: Node): boolean {
  const steps = node.op === FUSED_OP ? (node.attrs.steps as readonly FusedStep[]) : [];
  const fits = (v: Value): boolean =>
    v.dtype === 'float32' && isKnownShape(v.shape) && sizeOf(v.shape) <= SMALL_ELEMENTS;
  // (a fused program's comparisons are exact; a Cast is not taken: tfjs-wasm's NaN to bool differs)
  return (
    [...node.inputs, ...node.outputs].every(fits) &&
    steps.every((st) => st.op !== 'Cast' && (st.dtype === 'float32' || st.dtype === 'bool'))
  );
}

/** Kernels whose int32 values JS computes as tfjs-wasm does: copies, OneHot, ArgMax of float32. */
const EXACT_ON_WASM: Readonly<Record<string, (node: Node) => boolean>> = {
  Reshape: () => true,
  ExpandDims: () => true,
  Identity: () => true,
  Slice: () => true,
  Unpack: () => true,
  Concat: () => true,
  OneHot: () => true,
  ArgMax: (node) => node.inputs[0]!.dtype === 'float32',
  // int32 → float32: a Float32Array store rounds as tfjs-wasm's Cast does (an element loop, compiled/codegen.ts)
  Cast: (node) => node.inputs[0]!.dtype === 'int32' && node.outputs[0]!.dtype === 'float32',
};

/**
 * Whether a small node runs on JS arrays on the wasm backend: a float32 one (smallFloat32), or one
 * of EXACT_ON_WASM on float32 and int32 values.
 */
export function smallOnWasm(node: Node): boolean {
  if (smallFloat32(node)) return true;
  const exact = Object.hasOwn(EXACT_ON_WASM, node.op) ? EXACT_ON_WASM[node.op] : undefined;
  const fits = (v: Value): boolean =>
    (v.dtype === 'float32' || v.dtype === 'int32') && isKnownShape(v.shape) && sizeOf(v.shape) <= SMALL_ELEMENTS;
  return !!exact && [...node.inputs, ...node.outputs].every(fits) && exact(node);
}

/** Slice's first element per axis, padded with zeros; undefined where not plain non-negative integers. */
function beginOf(node: Node): number[] | undefined {
  const rank = node.inputs[0]!.shape.length;
  const b = node.attrs.begin;
  const list = typeof b === 'number' ? [b] : Array.isArray(b) ? b.map(Number) : undefined;
  if (!list || list.length > rank || !list.every((x) => Number.isInteger(x) && x >= 0)) return undefined;
  return [...list, ...new Array<number>(rank - list.length).fill(0)];
}

function slicePlan(x: Value, begin: readonly number[], outShape: readonly number[]): SlicePlan {
  const strides = stridesOf(x.shape);
  const start = begin.reduce((acc, b, d) => acc + b * strides[d]!, 0);
  return { outShape: [...outShape], inStrides: strides, start, contiguous: contiguous(x.shape, outShape) };
}

/** One run of the input: ones before some axis, whole axes after it (tfjs's cpu Slice makes a view). */
function contiguous(x: readonly number[], out: readonly number[]): boolean {
  if (out.length === 0) return true;
  return out.some(
    (_, j) => out.slice(0, j).every((d) => d === 1) && out.slice(j + 1).every((d, i) => d === x[j + 1 + i]),
  );
}

/** Elements from the axis on, of a shape. */
const innerFrom = (shape: readonly number[], axis: number): number => sizeOf(shape.slice(axis));

const copy: SmallRule = {
  fromArray: true,
  applies: allSmall,
  outs: () => [{ like: 0 }],
  emit: (em, _node, [x], [b]) => em.line(`${b}.set(${x});`),
};

export const SMALL_RULES: KernelTable<SmallRule> = {
  Reshape: copy,
  ExpandDims: copy,
  Identity: copy,
  Slice: {
    labelled: true,
    applies: (node) =>
      allSmall(node) && beginOf(node) !== undefined && node.outputs[0]!.shape.length === node.inputs[0]!.shape.length,
    // A view keeps the input's array; a gathered slice is a fresh array of the dtype.
    outs: (node) => [contiguous(node.inputs[0]!.shape, node.outputs[0]!.shape) ? { like: 0 } : {}],
    emit: (em, node, [x], [b]) => {
      const plan = slicePlan(node.inputs[0]!, beginOf(node)!, node.outputs[0]!.shape);
      em.line(`H.sliceInto(${x}, ${em.attrRef(plan)}, ${b});`);
    },
  },
  Unpack: {
    labelled: true,
    applies: (node) => allSmall(node) && axisOf(node.attrs.axis, node.inputs[0]!.shape.length) !== undefined,
    outs: (node) => {
      const v = node.inputs[0]!;
      const axis = axisOf(node.attrs.axis, v.shape.length)!;
      const view = contiguous(
        v.shape,
        v.shape.map((d, i) => (i === axis ? 1 : d)),
      );
      return node.outputs.map(() => (view ? { like: 0 } : {}));
    },
    emit: (em, node, [x], bs) => {
      const v = node.inputs[0]!;
      const axis = axisOf(node.attrs.axis, v.shape.length)!;
      const outShape = v.shape.map((d, i) => (i === axis ? 1 : d));
      bs.forEach((b, k) => {
        const begin = v.shape.map((_, i) => (i === axis ? k : 0));
        em.line(`H.sliceInto(${x}, ${em.attrRef(slicePlan(v, begin, outShape))}, ${b});`);
      });
    },
  },
  Concat: {
    labelled: true,
    // tfjs's cpu Concat of one input is that input; of several, a fresh array of the dtype.
    outs: (node) => [node.inputs.length === 1 ? { like: 0 } : {}],
    applies: (node) =>
      allSmall(node) &&
      node.inputs.length > 0 &&
      axisOf(node.attrs.axis, node.outputs[0]!.shape.length) !== undefined &&
      node.inputs.every((v) => v.shape.length === node.outputs[0]!.shape.length),
    emit: (em, node, xs, [b]) => {
      const o = node.outputs[0]!;
      const axis = axisOf(node.attrs.axis, o.shape.length)!;
      const outer = sizeOf(o.shape.slice(0, axis));
      const inner = node.inputs.map((v) => innerFrom(v.shape, axis));
      em.line(`H.concatInto([${xs.join(', ')}], ${outer}, ${JSON.stringify(inner)}, ${b});`);
    },
  },
  BatchMatMul: {
    applies: (node) => {
      if (
        !allSmall(node) ||
        node.inputs.length !== 2 ||
        !node.inputs.every((v) => v.dtype === 'float32' && v.shape.length >= 2)
      )
        return false;
      const d = matMulDims(node.inputs[0]!, node.inputs[1]!, !!node.attrs.transposeA, !!node.attrs.transposeB);
      return node.outputs[0]!.dtype === 'float32' && d.batch * d.m * d.n * d.k <= SMALL_MULTIPLY_ADDS;
    },
    emit: (em, node, [a, b], [out]) => {
      const tA = !!node.attrs.transposeA;
      const tB = !!node.attrs.transposeB;
      const dims = matMulDims(node.inputs[0]!, node.inputs[1]!, tA, tB);
      em.line(`H.matMulValues(${a}, ${b}, ${em.attrRef(dims)}, ${tA}, ${tB}, ${out});`);
    },
  },
  Softmax: {
    applies: (node) => {
      const x = node.inputs[0]!;
      const dim = Number(node.attrs.dim ?? -1);
      return (
        allSmall(node) && x.dtype === 'float32' && x.shape.length >= 1 && (dim === -1 || dim === x.shape.length - 1)
      );
    },
    emit: (em, node, [x], [b]) => {
      const s = node.inputs[0]!.shape;
      em.line(`H.softmaxInto(${x}, ${s[s.length - 1]}, ${b});`);
    },
  },
  ArgMax: {
    applies: (node) => {
      const x = node.inputs[0]!;
      return (
        allSmall(node) &&
        x.shape.length >= 1 &&
        (x.dtype === 'float32' || x.dtype === 'int32') &&
        axisOf(node.attrs.axis, x.shape.length) === x.shape.length - 1 &&
        x.shape[x.shape.length - 1]! > 0
      );
    },
    emit: (em, node, [x], [b]) => {
      const s = node.inputs[0]!.shape;
      em.line(`H.argMaxInto(${x}, ${s[s.length - 1]}, ${b});`);
    },
  },
  OneHot: {
    // tfjs fills a Float32Array whatever the dtype: kept here where that is the dtype's array, or
    // where int32 values are whole numbers (an Int32Array holds them alike).
    applies: (node) => {
      const { depth, onValue, offValue, dtype } = node.attrs as {
        depth: number;
        onValue: number;
        offValue: number;
        dtype: DType;
      };
      const whole = Number.isInteger(onValue) && Number.isInteger(offValue);
      return (
        allSmall(node) &&
        node.inputs[0]!.dtype === 'int32' &&
        Number.isInteger(depth) &&
        (dtype === 'float32' || (dtype === 'int32' && whole))
      );
    },
    emit: (em, node, [x], [b]) => {
      const { depth, onValue, offValue } = node.attrs as { depth: number; onValue: number; offValue: number };
      em.line(`H.oneHotInto(${x}, ${depth}, ${Number(onValue)}, ${Number(offValue)}, ${b});`);
    },
  },
};

/** The rule for a node with values small enough to stay arrays, if any. */
export function smallRule(node: Node): SmallRule | undefined {
  const rule = ruleOf(SMALL_RULES, node.op);
  return rule && !node.outputs.some((v) => isNum(v) && v.dtype === 'bool') && rule.applies(node) ? rule : undefined;
}

/** Emits a node of small values (cpu) as array kernels, its outputs kept as arrays; whether it applied. */
export function emitSmall(em: Emitter, node: Node, ins: readonly Slot[], out: (v: Value, s: Slot) => void): boolean {
  const rule = smallRule(node);
  if (!rule || (rule.fromArray && !ins[0]!.array)) return false;
  const labelled = rule.fromArray ? ins[0]!.array!.labelled : rule.labelled;
  // Each input's elements, read once (a tensor's through H.data, which several uses would repeat).
  const xs = node.inputs.map((v, i) => {
    const s = ins[i]!;
    if (isNum(v)) return `[${s.expr}]`;
    if (s.array) return s.array.name;
    const a = em.fresh('a');
    em.line(`const ${a} = ${elementsOf(s)};`);
    return a;
  });
  const specs: readonly SmallOut[] = rule.outs?.(node) ?? node.outputs.map(() => ({}));
  const bufs = node.outputs.map((v, k) => {
    const site = em.sites++;
    const name = em.fresh('b');
    const n = sizeOf(v.shape);
    const like = specs[k]!.like;
    const alloc =
      like === undefined
        ? `H.buffer(${site}, '${v.dtype}', ${n})`
        : `H.bufferLike(${site}, ${xs[like]}, '${v.dtype}', ${n})`;
    em.line(`const ${name} = ${alloc};`);
    return { name, site };
  });
  rule.emit(
    em,
    node,
    xs,
    bufs.map((b) => b.name),
  );
  node.outputs.forEach((v, k) => {
    const b = bufs[k]!;
    if (!isNum(v)) return out(v, { expr: '', owned: false, array: { ...b, labelled } });
    const name = valueName(v);
    em.line(`const ${name} = ${b.name}[0];`);
    out(v, { expr: name, owned: false });
  });
  return true;
}
