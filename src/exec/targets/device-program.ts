// A graph prepared for a device target (device-target.ts): the target's copy of the graph, every
// Fused node in it (subgraphs too) compiled where the target can, and the interpreter that walks
// it running those as the target's programs. What stays kernel by kernel is reported once, with
// the reason, at verbosity 2. Needs the IR, the interpreter, the log. Produces `DeviceProgram`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node } from '../../ir/graph.js';
import { FUSED_OP, type FusedStep } from '../../ir/fused.js';
import { Interpreter } from '../interpreter.js';
import { log } from '../../platform/log.js';
import type { DeviceKernel, DeviceTarget } from './device-target.js';

export class DeviceProgram {
  private readonly graph: Graph;
  private readonly interpreter: Interpreter;
  /** Fused nodes that run as one program each, and those that do not, with why. */
  readonly compiled: number;
  readonly uncompiled: readonly { node: Node; reason: string }[];

  constructor(original: Graph, target: DeviceTarget) {
    this.graph = target.prepare(original);
    const kernels = new Map<Node, DeviceKernel>();
    const uncompiled: { node: Node; reason: string }[] = [];
    for (const node of fusedNodes(this.graph)) {
      const reason = target.problem(node);
      if (reason === undefined) kernels.set(node, target.compile(node));
      else uncompiled.push({ node, reason });
    }
    this.compiled = kernels.size;
    this.uncompiled = uncompiled;
    this.interpreter = new Interpreter(kernels);
    log(2, () => this.report(original.name, target));
  }

  run(inputs: readonly tf.Tensor[]): tf.Tensor[] {
    return this.interpreter.run(this.graph, inputs);
  }

  runAsync(inputs: readonly tf.Tensor[]): Promise<tf.Tensor[]> {
    return this.interpreter.runAsync(this.graph, inputs);
  }

  /** The program's own source: the target's graph (the generated shaders are tfjs-webgpu's to print). */
  source(): string {
    return this.graph.toString();
  }

  dispose(): void {
    this.interpreter.dispose();
  }

  private report(name: string, target: DeviceTarget): string {
    const head = `AutoGraph: ${name} on tfjs ${target.backend}: ${this.compiled} ${target.name.toUpperCase()} program${this.compiled === 1 ? '' : 's'} for its fused nodes`;
    if (this.uncompiled.length === 0) return head;
    const lines = this.uncompiled.map(({ node, reason }) => `  ${describe(node)} runs kernel by kernel: ${reason}`);
    return [head, ...lines].join('\n');
  }
}

/** `the chain Add, Tanh at src/model.ts:12 (in step)`: the node as the user wrote it. */
function describe(node: Node): string {
  const ops = (node.attrs.steps as readonly FusedStep[]).map((s) => s.op);
  const what = `the chain ${ops.length > 4 ? `${ops.slice(0, 4).join(', ')} … (${ops.length} kernels)` : ops.join(', ')}`;
  const at = node.options.source;
  if (!at?.file) return what;
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  const file = at.file.replace(/^file:\/\//, '');
  const shown = cwd && file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
  return `${what} at ${shown}:${at.line}${at.functionName ? ` (in ${at.functionName})` : ''}`;
}

/** The Fused nodes of `g` and its subgraphs. */
function* fusedNodes(g: Graph): Generator<Node> {
  for (const node of g.nodes) {
    if (node.op === FUSED_OP) yield node;
    for (const sub of Object.values(node.subgraphs ?? {})) yield* fusedNodes(sub);
  }
}
