// Typed-array loops of generated code (the JS target): elementwise programs over tensors as one
// loop into a reused buffer, and full reductions as one loop (over an elementwise producer whose
// only consumer they are). Needs the emitter, compiled/programs and compiled/scalar-rules.
// Produces `loopProgram`, `reduction`, `elementOf`.

import type { Node, Value } from '../../../ir/graph.js';
import type { DType } from '../../../ir/types.js';
import { sizeOf } from '../../../ir/types.js';
import type { FusedStep } from '../../../ir/fused.js';
import { elementRule, firstArgDTypes, stepStore, storeAs } from '../../compiled/scalar-rules.js';
import { elementsOf, isNum, valueName, type Emitter, type Slot } from '../../compiled/emitter.js';
import { stored, type Deferred } from '../../compiled/programs.js';

/** The loop's output buffer and its site (the value is made a tensor where one is needed). */
export function loopProgram(
  em: Emitter,
  steps: readonly FusedStep[],
  node: Node,
  ins: readonly Slot[],
  heldAs?: DType,
): { name: string; site: number } {
  const o = node.outputs[0]!;
  const n = sizeOf(o.shape);
  const site = em.sites++;
  const buf = em.fresh('b');
  const last = steps[steps.length - 1]!;
  // The buffer is of the array the cpu kernel stores into (a relabelling Cast keeps its input's).
  // (`heldAs`: on the wasm backend, whose tensors hold their dtype's array: a Cast to float32 rounds)
  const storage =
    heldAs ??
    stepStore(
      last.op,
      last.attrs,
      o.dtype,
      firstArgDTypes(
        steps,
        node.inputs.map((v) => v.dtype),
      )[steps.length - 1],
    );
  em.line(`const ${buf} = H.buffer(${site}, '${storage}', ${n});`);
  const setup: string[] = [];
  const elems = node.inputs.map((v, i) => elementOf(em, v, ins[i]!, n, setup));
  for (const l of setup) em.line(l);
  em.open(`for (let i = 0; i < ${n}; i++) {`);
  const vals = [...elems];
  const firsts = firstArgDTypes(
    steps,
    node.inputs.map((v) => v.dtype),
  );
  steps.forEach((s, k) => {
    const rule = elementRule(s.op)!;
    const e = rule.expr(
      s.args.map((a) => vals[a]!),
      s.attrs,
    );
    if (k === steps.length - 1) {
      em.line(`${buf}[i] = ${e};`);
    } else {
      const name = em.fresh('s');
      em.line(`const ${name} = ${stored(s, firsts[k], e)};`);
      vals.push(name);
    }
  });
  em.close();
  return { name: buf, site };
}

/** A full reduction (Sum/Mean/Max/Min/Prod to a scalar) as one loop, over a deferred producer if any. */
export function reduction(em: Emitter, node: Node, input: Slot | undefined, producer: Deferred | undefined): string {
  const x = node.inputs[0]!;
  const o = node.outputs[0]!;
  const n = sizeOf(x.shape);
  const acc = em.fresh('acc');
  const elem = em.fresh('x');
  const setup: string[] = [];
  let element: string;
  let loopBody: string[] = [];
  if (producer) {
    const { node: p, program, ins } = producer;
    const elems = p.inputs.map((v, i) => elementOf(em, v, ins[i]!, n, setup));
    const vals = [...elems];
    const firsts = firstArgDTypes(
      program,
      p.inputs.map((v) => v.dtype),
    );
    program.forEach((st, k) => {
      const rule = elementRule(st.op)!;
      const name = em.fresh('s');
      loopBody.push(
        `const ${name} = ${stored(
          st,
          firsts[k],
          rule.expr(
            st.args.map((a) => vals[a]!),
            st.attrs,
          ),
        )};`,
      );
      vals.push(name);
    });
    element = vals[vals.length - 1]!;
  } else {
    const arr = em.fresh('a');
    setup.push(`const ${arr} = ${elementsOf(input!)};`);
    element = `${arr}[i]`;
    loopBody = [];
  }
  for (const l of setup) em.line(l);
  const init = node.op === 'Sum' || node.op === 'Mean' ? '0' : node.op === 'Prod' ? '1' : 'NaN';
  em.line(`let ${acc} = ${init};`);
  em.open(`for (let i = 0; i < ${n}; i++) {`);
  for (const l of loopBody) em.line(l);
  em.line(`const ${elem} = ${element};`);
  switch (node.op) {
    case 'Sum':
      em.line(`${acc} += ${elem};`);
      break;
    case 'Mean': // the cpu kernel divides each element (stored as float32) and then sums
      em.line(`${acc} += Math.fround(${elem} / ${n});`);
      break;
    case 'Prod':
      em.line(`${acc} *= ${elem};`);
      break;
    case 'Max':
      em.line(`if (i === 0 || ${elem} !== ${elem} || ${elem} > ${acc}) ${acc} = ${elem};`);
      break;
    case 'Min':
      em.line(`if (i === 0 || ${elem} !== ${elem} || ${elem} < ${acc}) ${acc} = ${elem};`);
      break;
  }
  em.close();
  const result = valueName(o);
  em.line(`const ${result} = ${storeAs(o.dtype, acc)};`);
  return result;
}

/** One element of input `v` in a loop over `n` elements (scalars and size-1 tensors broadcast). */
export function elementOf(em: Emitter, v: Value, slot: Slot, n: number, setup: string[]): string {
  if (isNum(v)) return slot.expr;
  const arr = em.fresh('a');
  setup.push(`const ${arr} = ${elementsOf(slot)};`);
  const m = sizeOf(v.shape);
  if (m === 1 && n !== 1) {
    const e = em.fresh('e');
    setup.push(`const ${e} = ${arr}[0];`);
    return e;
  }
  return m === n ? `${arr}[i]` : `${arr}[i % ${m}]`; // a row broadcast along leading axes (loopable)
}
