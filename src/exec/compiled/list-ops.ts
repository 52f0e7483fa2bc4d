// Generated code of the tensor-list ops: a list is a run-time RtList (rt-list.ts) whose push and set
// keep a clone of the element, so the list owns what it holds; scalars stay JS numbers. Needs the
// IR and the emitter. Produces `listOp`.

import type { Node, Value } from '../../ir/graph.js';
import { isNum, valueName, type Emitter, type Slot } from './emitter.js';

/** Emits list op `node` (ListEmpty … ListStack) and binds its outputs. */
export function listOp(em: Emitter, node: Node, ins: readonly Slot[], out: (v: Value, s: Slot) => void): void {
  switch (node.op) {
    case 'ListEmpty':
      em.line(`const ${valueName(node.outputs[0]!)} = H.listEmpty();`);
      out(node.outputs[0]!, { expr: valueName(node.outputs[0]!), owned: true });
      return;
    case 'ListPush': {
      const elem = isNum(node.inputs[1]!) ? ins[1]!.expr : `H.clone(${ins[1]!.expr})`;
      em.line(`const ${valueName(node.outputs[0]!)} = ${ins[0]!.expr}.push(${elem});`);
      out(node.outputs[0]!, { expr: valueName(node.outputs[0]!), owned: true });
      return;
    }
    case 'ListPop': {
      const [l, x] = node.outputs as [Value, Value];
      const r = em.fresh('r');
      em.line(`const ${r} = ${ins[0]!.expr}.pop(${em.attrRef(node.options.source)});`);
      em.line(`const ${valueName(l)} = ${r}[0];`);
      em.line(`const ${valueName(x)} = ${isNum(x) ? `${r}[1]` : `H.clone(${r}[1])`};`);
      out(l, { expr: valueName(l), owned: true });
      out(x, { expr: valueName(x), owned: !isNum(x) });
      return;
    }
    case 'ListLength':
      em.line(`const ${valueName(node.outputs[0]!)} = ${ins[0]!.expr}.length;`);
      out(node.outputs[0]!, { expr: valueName(node.outputs[0]!), owned: false });
      return;
    case 'ListGet': {
      const x = node.outputs[0]!;
      const index = isNum(node.inputs[1]!) ? ins[1]!.expr : `H.read(${ins[1]!.expr})`;
      const get = `${ins[0]!.expr}.get(${index}, ${em.attrRef(node.options.source)})`;
      em.line(`const ${valueName(x)} = ${isNum(x) ? get : `H.clone(${get})`};`);
      out(x, { expr: valueName(x), owned: !isNum(x) });
      return;
    }
    case 'ListSetItem': {
      const index = isNum(node.inputs[1]!) ? ins[1]!.expr : `H.read(${ins[1]!.expr})`;
      const elem = isNum(node.inputs[2]!) ? ins[2]!.expr : `H.clone(${ins[2]!.expr})`;
      em.line(
        `const ${valueName(node.outputs[0]!)} = ${ins[0]!.expr}.set(${index}, ${elem}, ${em.attrRef(node.options.source)});`,
      );
      out(node.outputs[0]!, { expr: valueName(node.outputs[0]!), owned: true });
      return;
    }
    case 'ListStack': {
      const x = node.outputs[0]!;
      em.line(
        `const ${valueName(x)} = H.listStack(${ins[0]!.expr}, '${x.dtype}', ${JSON.stringify(node.attrs.elementShape ?? null)});`,
      );
      out(x, { expr: valueName(x), owned: true });
      return;
    }
  }
}
