// Functional control flow for the GraphModel: Cond → StatelessIf with then/else functions, While →
// StatelessWhile with cond/body functions in the library. TF loops carry every arg, so the body
// also returns the loop invariants; `maximumIterations` becomes an int32 counter loop var (as
// tf.while_loop does). Needs the model builder and a callback that lowers a graph body.
// Produces `lowerCond`, `lowerWhile`.

import type { Graph, Node } from '../../ir/graph.js';
import type { TensorType } from '../../ir/types.js';
import { attr, outputRef, type ArgDef } from './graph-def.js';
import { Scope, type ModelBuilder } from './model-builder.js';

/** Lowers every node of `graph` into `scope` (its inputs must be bound already). */
export type LowerBody = (scope: Scope, graph: Graph) => void;

const COUNTER: TensorType = { dtype: 'int32', shape: [] };

/** Writes a function to the library; `build` gets the arg names and returns one ref per output. */
function emitFunction(
  model: ModelBuilder,
  hint: string,
  params: readonly (TensorType & { name?: string })[],
  outTypes: readonly TensorType[],
  build: (scope: Scope, args: string[]) => string[],
): string {
  const fname = model.uniqueName(hint);
  const scope = new Scope(model);
  const args = params.map((p) => model.uniqueName(`${fname}_${p.name ?? 'arg'}`));
  const outs = build(scope, args);
  const ret: Record<string, string> = {};
  const outputArg: ArgDef[] = outs.map((ref, i) => {
    // One Identity per output: tfjs-converter keys function outputs by node, so two outputs must not share one.
    const id = scope.emit('Identity', [ref], { T: attr.type(outTypes[i]!.dtype) }, `${fname}_output_${i}`);
    ret[`output_${i}`] = `${id}:0`;
    return { name: `output_${i}`, type: attr.type(outTypes[i]!.dtype).type! };
  });
  const inputArg: ArgDef[] = args.map((name, i) => ({ name, type: attr.type(params[i]!.dtype).type! }));
  model.functions.push({ signature: { name: fname, inputArg, outputArg }, nodeDef: scope.nodes, ret });
  return fname;
}

function paramsOf(model: ModelBuilder, g: Graph) {
  if (g.captures.length > 0) throw new Error(`internal: subgraph ${g.name} still has captures at export`);
  return g.params.map((p) => ({ ...model.denseType(p), name: p.name }));
}

/** Emits a StatelessIf for `node` (`ins`: the refs of its inputs); returns the refs of its outputs. */
export function lowerCond(scope: Scope, node: Node, ins: readonly string[], lowerBody: LowerBody): string[] {
  const [pred, ...operandRefs] = ins;
  const operands = node.inputs.slice(1);
  const branches = node.subgraphs!;
  const dense = (v: TensorType) => scope.model.denseType(v);
  const outTypes = node.outputs.map(dense);
  const fn = (label: 'then' | 'else') => {
    const g = branches[label]!;
    return emitFunction(scope.model, `cond_${label}`, paramsOf(scope.model, g), outTypes, (fs, args) => {
      g.params.forEach((p, i) => fs.bind(p, args[i]!));
      lowerBody(fs, g);
      return g.outputs.map((v) => fs.ref(v));
    });
  };
  const thenName = fn('then');
  const elseName = fn('else');
  const name = scope.emit('StatelessIf', [pred!, ...operandRefs], {
    Tcond: attr.type('bool'),
    Tin: attr.types(operands.map((v) => dense(v).dtype)),
    Tout: attr.types(outTypes.map((v) => v.dtype)),
    then_branch: attr.func(thenName),
    else_branch: attr.func(elseName),
    output_shapes: attr.shapes(outTypes.map((v) => v.shape)),
  });
  return node.outputs.map((_, k) => outputRef(name, k));
}

/** Emits a StatelessWhile for `node` (`ins`: the refs of its inputs); returns the refs of its outputs. */
export function lowerWhile(scope: Scope, node: Node, ins: readonly string[], lowerBody: LowerBody): string[] {
  const n = node.outputs.length;
  const { cond, body } = node.subgraphs!;
  const max = node.attrs.maximumIterations as number | undefined;
  const counted = max !== undefined;
  const off = counted ? 1 : 0;
  const argTypes: TensorType[] = [...(counted ? [COUNTER] : []), ...node.inputs.map((v) => scope.model.denseType(v))];
  const bindParams = (fs: Scope, g: Graph, args: string[]) => g.params.forEach((p, i) => fs.bind(p, args[i + off]!));

  const condName = emitFunction(
    scope.model,
    'while_cond',
    [...(counted ? [{ ...COUNTER, name: 'iteration' }] : []), ...paramsOf(scope.model, cond!)],
    [{ dtype: 'bool', shape: [] }],
    (fs, args) => {
      bindParams(fs, cond!, args);
      lowerBody(fs, cond!);
      let pred = fs.ref(cond!.outputs[0]!);
      if (counted) {
        const below = fs.emit('Less', [args[0]!, fs.constant([max], 'int32', [])], { T: attr.type('int32') });
        pred = fs.emit('LogicalAnd', [below, pred]);
      }
      return [pred];
    },
  );

  const bodyName = emitFunction(
    scope.model,
    'while_body',
    [...(counted ? [{ ...COUNTER, name: 'iteration' }] : []), ...paramsOf(scope.model, body!)],
    argTypes,
    (fs, args) => {
      bindParams(fs, body!, args);
      lowerBody(fs, body!);
      const next = body!.outputs.map((v) => fs.ref(v));
      const invariants = args.slice(off + n);
      const counter = counted
        ? [fs.emit('AddV2', [args[0]!, fs.constant([1], 'int32', [])], { T: attr.type('int32') })]
        : [];
      return [...counter, ...next, ...invariants];
    },
  );

  const init = counted ? [scope.constant([0], 'int32', [])] : [];
  const name = scope.emit('StatelessWhile', [...init, ...ins], {
    T: attr.types(argTypes.map((t) => t.dtype)),
    output_shapes: attr.shapes(argTypes.map((t) => t.shape)),
    cond: attr.func(condName),
    body: attr.func(bodyName),
    parallel_iterations: attr.int(10),
  });
  return node.outputs.map((_, k) => outputRef(name, k + off));
}
