// Generated code that runs kernels through the active tfjs backend: one kernel call (scalars held
// as JS numbers wrapped in temporary tensors, multi-output kernels, outputs that are scalars read
// back into numbers), a random node's draw, and a Fused node one kernel per step where its program
// cannot be a loop. Needs the IR and the emitter. Produces `asTensor`, `kernelCall`, `randomCall`,
// `fusedByKernels`.

import type { Node, Value } from '../../ir/graph.js';
import type { FusedStep } from '../../ir/fused.js';
import { isNum, valueName, type Emitter, type Slot } from './emitter.js';

type Out = (v: Value, s: Slot) => void;

/** A tensor expression for slot `s` of value `v`, and whether it is a temporary to free. */
export function asTensor(v: Value, s: Slot): { expr: string; temp: boolean } {
  if (!isNum(v)) return { expr: s.expr, temp: false };
  return { expr: `H.scalar(${s.expr}, '${v.dtype}')`, temp: true };
}

function kernelInputs(names: readonly string[], exprs: readonly string[], array: boolean): string {
  if (array) return `[${exprs.join(', ')}]`;
  return `{ ${names.map((n, i) => `${JSON.stringify(n)}: ${exprs[i]}`).join(', ')} }`;
}

/** Binds `v` to a kernel's result `expr` (a number read back for a scalar). */
function bindKernelOutput(em: Emitter, v: Value, expr: string, out: Out): void {
  if (isNum(v)) {
    const t = em.fresh();
    em.line(`const ${t} = ${expr};`);
    em.line(`const ${valueName(v)} = H.read(${t}); H.dispose(${t});`);
    out(v, { expr: valueName(v), owned: false });
  } else {
    em.line(`const ${valueName(v)} = ${expr};`);
    out(v, { expr: valueName(v), owned: true });
  }
}

/** The node as one call of its tfjs kernel. */
export function kernelCall(em: Emitter, node: Node, ins: readonly Slot[], out: Out): void {
  const temps: string[] = [];
  const exprs = node.inputs.map((v, i) => {
    const t = asTensor(v, ins[i]!);
    if (!t.temp) return t.expr;
    const n = em.fresh();
    em.line(`const ${n} = ${t.expr};`);
    temps.push(n);
    return n;
  });
  const inputsExpr = kernelInputs(node.inputNames, exprs, !!node.options.arrayInputs);
  const dtypes = node.options.multiOutput
    ? JSON.stringify(node.outputs.map((v) => v.dtype))
    : `'${node.outputs[0]!.dtype}'`;
  const call = `(${JSON.stringify(node.op)}, ${inputsExpr}, ${em.attrRef(node.attrs)}, ${dtypes})`;
  if (node.options.multiOutput) {
    const r = em.fresh('r');
    em.line(`const ${r} = H.kernelMulti${call};`);
    node.outputs.forEach((v, k) => bindKernelOutput(em, v, `${r}[${k}]`, out));
  } else {
    bindKernelOutput(em, node.outputs[0]!, `H.kernel${call}`, out);
  }
  for (const t of temps) em.line(`H.dispose(${t});`);
}

/** A random node: tfjs's own op draws (a new seed per run, as eagerly). */
export function randomCall(em: Emitter, node: Node, ins: readonly Slot[], out: Out): void {
  const args = node.inputs.map((v, i) => asTensor(v, ins[i]!));
  const temps = args
    .filter((a) => a.temp)
    .map((a) => {
      const n = em.fresh();
      em.line(`const ${n} = ${a.expr};`);
      a.expr = n;
      return n;
    });
  const o = node.outputs[0]!;
  bindKernelOutput(
    em,
    o,
    `H.random(${JSON.stringify(node.op)}, ${em.attrRef(node.attrs)}, [${args.map((a) => a.expr).join(', ')}], '${o.dtype}')`,
    out,
  );
  for (const t of temps) em.line(`H.dispose(${t});`);
}

/** A Fused node whose steps cannot be a loop here: one kernel per step. */
export function fusedByKernels(
  em: Emitter,
  node: Node,
  steps: readonly FusedStep[],
  ins: readonly Slot[],
  out: Out,
): void {
  const vals: { expr: string; temp: boolean }[] = node.inputs.map((v, i) => asTensor(v, ins[i]!));
  const owned: string[] = [];
  for (const [i, v] of vals.entries()) {
    if (v.temp) {
      const n = em.fresh();
      em.line(`const ${n} = ${v.expr};`);
      vals[i] = { expr: n, temp: true };
      owned.push(n);
    }
  }
  let last = '';
  for (const s of steps) {
    const n = em.fresh();
    em.line(
      `const ${n} = H.kernel(${JSON.stringify(s.op)}, ${kernelInputs(
        s.argNames,
        s.args.map((a) => vals[a]!.expr),
        false,
      )}, ${em.attrRef(s.attrs as Record<string, unknown>)}, '${s.dtype}');`,
    );
    vals.push({ expr: n, temp: true });
    owned.push(n);
    last = n;
  }
  const o = node.outputs[0]!;
  if (isNum(o)) {
    em.line(`const ${valueName(o)} = H.read(${last});`);
    out(o, { expr: valueName(o), owned: false });
  } else {
    em.line(`const ${valueName(o)} = ${last};`);
    owned.pop();
    out(o, { expr: valueName(o), owned: true });
  }
  for (const t of owned) em.line(`H.dispose(${t});`);
}
