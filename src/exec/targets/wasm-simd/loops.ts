// Generated-code sites of WebAssembly SIMD kernels: a float32 elementwise program over cpu tensors
// (into a reused output buffer), and a full float32 Sum/Mean over such a program or a tensor. Used
// in place of the JS loops of js/element-loops.ts where the program has SIMD rules and the tensors are
// large enough for the copies to pay off; where it does not (or WebAssembly is unavailable, e.g. a
// CSP without wasm-unsafe-eval), the caller emits the JS loop. Needs the emitter, kernels.
// (On the wasm backend, elementwise chains run in tfjs-wasm's heap instead: wasm-heap/epilogue.ts.)
// Produces `wasmMap`, `wasmReduction`, `WASM_MIN_ELEMENTS`.

import type { Node, Value } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { sizeOf } from '../../../ir/types.js';
import { kernelOf } from '../../../ir/kernels/index.js';
import { elementsOf, isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';
import { buildWasmKernel, wasmProgramOk, type InputKind, type KernelMode } from './kernels.js';
import type { Deferred } from '../../compiled/programs.js';

function envMin(): number | undefined {
  const s = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.AG_WASM_MIN_ELEMENTS;
  const n = s === undefined ? NaN : Number(s);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Below this many elements a JS loop is as fast (the kernel call and copies cost ~1 µs). */
export const WASM_MIN_ELEMENTS = envMin() ?? 256;

/** The kernel operands of `inputs`: array expressions and scalar expressions, and their kinds. */
function operands(em: Emitter, inputs: readonly Value[], slots: readonly Slot[]): { kinds: InputKind[]; arrays: string[]; scalars: string[] } {
  const kinds: InputKind[] = [];
  const arrays: string[] = [];
  const scalars: string[] = [];
  inputs.forEach((v, i) => {
    const s = slots[i]!;
    if (isNum(v)) {
      kinds.push('scalar');
      scalars.push(s.expr);
    } else if (sizeOf(v.shape) === 1) {
      kinds.push('scalar');
      scalars.push(`${elementsOf(s)}[0]`);
    } else {
      kinds.push('array');
      const a = em.fresh('a');
      em.line(`const ${a} = ${elementsOf(s)};`);
      arrays.push(a);
    }
  });
  return { kinds, arrays, scalars };
}

function usable(steps: readonly FusedStep[], inputs: readonly Value[], n: number): boolean {
  // Every operand is whole or one element (a broadcast row goes to the JS loop).
  const whole = inputs.every((v) => isNum(v) || sizeOf(v.shape) === 1 || sizeOf(v.shape) === n);
  return n >= WASM_MIN_ELEMENTS && whole && inputs.every((v) => v.dtype === 'float32') && wasmProgramOk(steps, inputs.length);
}

/** A SIMD map of a loopable float32 node into a reused buffer: the buffer and its site, or undefined. */
export function wasmMap(em: Emitter, steps: readonly FusedStep[], node: Node, ins: readonly Slot[]): { name: string; site: number } | undefined {
  const o = node.outputs[0]!;
  const n = sizeOf(o.shape);
  if (o.dtype !== 'float32' || !usable(steps, node.inputs, n)) return undefined;
  const kinds = node.inputs.map((v) => (isNum(v) || sizeOf(v.shape) === 1 ? 'scalar' : 'array'));
  const kernel = buildWasmKernel(steps, kinds, { kind: 'map' });
  if (!kernel) return undefined;
  const w = em.kernelRef(kernel);
  const site = em.sites++;
  const buf = em.fresh('b');
  em.line(`const ${buf} = H.buffer(${site}, 'float32', ${n});`);
  const ops = operands(em, node.inputs, ins);
  em.line(`${w}.map([${ops.arrays.join(', ')}], [${ops.scalars.join(', ')}], ${buf});`);
  return { name: buf, site };
}

/** A float32 Sum/Mean to a scalar over a deferred producer (or the input tensor) as a SIMD kernel. */
export function wasmReduction(em: Emitter, node: Node, input: Slot | undefined, producer: Deferred | undefined): string | undefined {
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  const n = sizeOf(x.shape);
  if ((node.op !== 'Sum' && node.op !== 'Mean') || x.dtype !== 'float32' || o.dtype !== 'float32') return undefined;
  const steps = producer ? producer.program : [];
  const inputs = producer ? producer.node.inputs : [x];
  const slots = producer ? producer.ins : [input!];
  if (!producer && isNum(x)) return undefined;
  if (producer && producer.node.outputs[0]!.dtype !== 'float32') return undefined;
  if (!usable(steps, inputs, n)) return undefined;
  const kinds = inputs.map((v) => (isNum(v) || sizeOf(v.shape) === 1 ? 'scalar' : 'array'));
  const mode: KernelMode = { kind: 'reduce', op: node.op, count: n };
  const kernel = buildWasmKernel(steps, kinds, mode);
  if (!kernel) return undefined;
  const w = em.kernelRef(kernel);
  const ops = operands(em, inputs, slots);
  const result = valueName(o);
  em.line(`const ${result} = Math.fround(${w}.reduce([${ops.arrays.join(', ')}], [${ops.scalars.join(', ')}], ${n}));`);
  return result;
}
