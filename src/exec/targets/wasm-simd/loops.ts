// Generated-code sites of WebAssembly SIMD kernels: a float32 elementwise program over cpu tensors
// (into a reused output buffer), and a full float32 Sum/Mean over such a program or a tensor. Used
// in place of the JS loops of js/element-loops.ts where the program has SIMD rules and the tensors are
// large enough for the copies to pay off; where it does not (or WebAssembly is unavailable, e.g. a
// CSP without wasm-unsafe-eval), the caller emits the JS loop. Needs the emitter, kernels.
// (On the wasm backend, elementwise chains run in tfjs-wasm's heap instead: wasm-heap/epilogue.ts.)
// Under numerics 'fast' (`SimdMath`) a program with a fast step (Tanh, Sigmoid, Exp, Log) runs here
// with fast-math.ts's rules, also with a bias row whose length divides the kernel's chunk (tiled):
// the exact programs keep the paths they have.
// Produces `wasmMap`, `wasmReduction`, `WASM_MIN_ELEMENTS`.

import type { Node, Value } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { sizeOf } from '../../../ir/types.js';
import { elementsOf, isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';
import { buildWasmKernel, WASM_CHUNK, wasmProgramOk, type InputKind, type KernelMode } from './kernels.js';
import { isFastStep, type SimdMath } from './rules.js';
import type { Deferred } from '../../compiled/programs.js';

function envMin(): number | undefined {
  const s = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.AG_WASM_MIN_ELEMENTS;
  const n = s === undefined ? NaN : Number(s);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Below this many elements a JS loop is as fast (the kernel call and copies cost ~1 µs). */
export const WASM_MIN_ELEMENTS = envMin() ?? 256;

/** The kernel operands of `inputs` of `kinds`: array expressions and scalar expressions. */
function operands(
  em: Emitter,
  inputs: readonly Value[],
  slots: readonly Slot[],
  kinds: readonly InputKind[],
): { arrays: string[]; scalars: string[] } {
  const arrays: string[] = [];
  const scalars: string[] = [];
  inputs.forEach((v, i) => {
    const s = slots[i]!;
    if (kinds[i] !== 'scalar') {
      const a = em.fresh('a');
      em.line(`const ${a} = ${elementsOf(s)};`);
      arrays.push(a);
    } else scalars.push(isNum(v) ? s.expr : `${elementsOf(s)}[0]`);
  });
  return { arrays, scalars };
}

/**
 * How each input reaches a kernel over `n` elements: whole, one element, or (a fast program only) a
 * row repeated along the output whose length divides the chunk; undefined where one cannot.
 */
function kindsOf(
  steps: readonly FusedStep[],
  inputs: readonly Value[],
  n: number,
  math: SimdMath,
): InputKind[] | undefined {
  const tiles = steps.some((s) => isFastStep(s.op, math));
  const kinds = inputs.map((v): InputKind | undefined => {
    const m = sizeOf(v.shape);
    if (isNum(v) || m === 1) return 'scalar';
    if (m === n) return 'array';
    return tiles && m > 0 && WASM_CHUNK % m === 0 && n % m === 0 ? 'tiled' : undefined;
  });
  return kinds.every((k) => k !== undefined) ? kinds : undefined;
}

/** The inputs' kinds where a SIMD kernel runs the program (else a broadcast row goes to the JS loop). */
function usable(
  steps: readonly FusedStep[],
  inputs: readonly Value[],
  n: number,
  math: SimdMath,
): InputKind[] | undefined {
  if (
    n < WASM_MIN_ELEMENTS ||
    !inputs.every((v) => v.dtype === 'float32') ||
    !wasmProgramOk(steps, inputs.length, math)
  )
    return undefined;
  return kindsOf(steps, inputs, n, math);
}

/** A SIMD map of a loopable float32 node into a reused buffer: the buffer and its site, or undefined. */
export function wasmMap(
  em: Emitter,
  steps: readonly FusedStep[],
  node: Node,
  ins: readonly Slot[],
  math: SimdMath,
): { name: string; site: number } | undefined {
  const o = node.outputs[0]!;
  const n = sizeOf(o.shape);
  const kinds = o.dtype === 'float32' ? usable(steps, node.inputs, n, math) : undefined;
  const kernel = kinds && buildWasmKernel(steps, kinds, { kind: 'map' }, math);
  if (!kernel) return undefined;
  const w = em.kernelRef(kernel);
  const site = em.sites++;
  const buf = em.fresh('b');
  em.line(`const ${buf} = H.buffer(${site}, 'float32', ${n});`);
  const ops = operands(em, node.inputs, ins, kinds);
  em.line(`${w}.map([${ops.arrays.join(', ')}], [${ops.scalars.join(', ')}], ${buf});`);
  return { name: buf, site };
}

/** A float32 Sum/Mean to a scalar over a deferred producer (or the input tensor) as a SIMD kernel. */
export function wasmReduction(
  em: Emitter,
  node: Node,
  input: Slot | undefined,
  producer: Deferred | undefined,
  math: SimdMath,
): string | undefined {
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  const n = sizeOf(x.shape);
  if ((node.op !== 'Sum' && node.op !== 'Mean') || x.dtype !== 'float32' || o.dtype !== 'float32') return undefined;
  const steps = producer ? producer.program : [];
  const inputs = producer ? producer.node.inputs : [x];
  const slots = producer ? producer.ins : [input!];
  if (!producer && isNum(x)) return undefined;
  if (producer && producer.node.outputs[0]!.dtype !== 'float32') return undefined;
  const kinds = usable(steps, inputs, n, math);
  if (!kinds) return undefined;
  const mode: KernelMode = { kind: 'reduce', op: node.op, count: n };
  const kernel = buildWasmKernel(steps, kinds, mode, math);
  if (!kernel) return undefined;
  const w = em.kernelRef(kernel);
  const ops = operands(em, inputs, slots, kinds);
  const result = valueName(o);
  em.line(`const ${result} = Math.fround(${w}.reduce([${ops.arrays.join(', ')}], [${ops.scalars.join(', ')}], ${n}));`);
  return result;
}
