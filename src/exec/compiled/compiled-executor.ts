// The compiled executor: generates (once per graph and tfjs backend) a JS function for the graph
// and calls it; on a backend with a device target (exec/targets/device-targets.ts: webgpu, webgl)
// it walks the graph running the target's programs (device-program.ts); on backends without either
// (profile.ts: cpu and wasm), or where `new Function` is forbidden (CSP), it runs the interpreter
// instead (code-generation.ts asks once), also on the async path (`runAsync`: the interpreter's,
// which awaits its reads). Needs codegen, the profiles, the device targets, helpers, the interpreter.
// Produces `CompiledExecutor`.

import * as tf from '@tensorflow/tfjs-core';
import type { Graph } from '../../ir/graph.js';
import { Interpreter } from '../interpreter.js';
import { generate } from './codegen.js';
import { makeHelpers } from './helpers.js';
import { codeGenerationAllowed } from './code-generation.js';
import { log } from '../../platform/log.js';
import { profileFor, type KernelSite, type Numerics, type Profile } from './profile.js';
import { DeviceProgram } from '../targets/device-program.js';
import type { DeviceTarget } from '../targets/device-target.js';
import { deviceTargetFor } from '../targets/device-targets.js';

type CompiledFn = (inputs: readonly tf.Tensor[]) => tf.Tensor[];

interface Program {
  readonly fn: CompiledFn;
  /** On a device backend (webgpu, webgl): the target's program, also run on the async path. */
  readonly device?: DeviceProgram;
  readonly source: string;
  readonly constants: tf.Tensor[];
  /** The program's own kernels (some hold buffers in tfjs-wasm's heap). */
  readonly kernels: readonly KernelSite[];
}

export class CompiledExecutor {
  private readonly programs = new Map<string, Program | null>();
  private readonly fallback = new Interpreter();

  constructor(
    private readonly graph: Graph,
    /**
     * `relaxedSimd`: its WebAssembly kernels may use relaxed SIMD (fused multiply-add in matMul on
     * wasm, and in the fast kernels); `numerics`: 'fast' computes Tanh, Sigmoid, Exp and Log in its
     * SIMD kernels with fast-math.ts's approximations (cpu and wasm; default 'exact').
     */
    private readonly options: { readonly relaxedSimd?: boolean; readonly numerics?: Numerics } = {},
  ) {}

  private lastBackend: string | undefined;
  private lastProgram: Program | null = null;

  run(graph: Graph, inputs: readonly tf.Tensor[]): tf.Tensor[] {
    if (graph !== this.graph) return this.fallback.run(graph, inputs);
    const backend = tf.getBackend();
    if (backend !== this.lastBackend) {
      this.lastProgram = this.program(backend);
      this.lastBackend = backend;
    }
    const program = this.lastProgram;
    return program ? program.fn(inputs) : this.fallback.run(graph, inputs);
  }

  /** Like `run`, at once, where code was generated; where the interpreter runs instead, its async path (reads awaited, as webgpu needs). */
  async runAsync(graph: Graph, inputs: readonly tf.Tensor[]): Promise<tf.Tensor[]> {
    const program = graph === this.graph ? this.program(tf.getBackend()) : null;
    if (program?.device) return program.device.runAsync(inputs);
    if (program) return this.run(graph, inputs);
    return this.fallback.runAsync(graph, inputs);
  }

  /** The generated source for the current backend (for debugging and docs). */
  source(): string | undefined {
    return this.program(tf.getBackend())?.source;
  }

  dispose(): void {
    for (const p of this.programs.values()) {
      if (!p) continue;
      tf.dispose(p.constants);
      for (const k of p.kernels) k.dispose?.();
      p.device?.dispose();
    }
    this.programs.clear();
    this.lastBackend = undefined;
    this.lastProgram = null;
    this.fallback.dispose();
  }

  private program(backend: string): Program | null {
    let p = this.programs.get(backend);
    if (p !== undefined) return p;
    const target = deviceTargetFor(backend);
    if (target) p = onDevice(this.graph, target);
    else {
      const profile = profileFor(backend, this.options.relaxedSimd ?? false, this.options.numerics ?? 'exact');
      p = profile && codeGenerationAllowed() ? compile(this.graph, profile) : null;
    }
    this.programs.set(backend, p);
    if (p) log(3, () => `[autograph] compiled ${this.graph.name} for ${backend}:\n${p!.source}`);
    return p;
  }
}

function compile(graph: Graph, profile: Profile): Program | null {
  const gen = generate(graph, profile);
  const constants = gen.constNodes.map((n) => {
    const v = n.outputs[0]!;
    return tf.keep(tf.tensor(n.options.values as never, [...v.shape], v.dtype));
  });
  let factory: (...args: unknown[]) => CompiledFn;
  try {
    factory = new Function(
      'H',
      'K',
      'V',
      'A',
      'W',
      `'use strict';\nreturn function ${safeName(graph.name)}(inputs) {\n${gen.source}\n};`,
    ) as typeof factory;
  } catch (e) {
    if (e instanceof EvalError) {
      tf.dispose(constants);
      return null; // code generation forbidden (CSP): interpret
    }
    throw e;
  }
  const H = makeHelpers(profile.backend);
  const body = factory(H, constants, gen.variables, gen.attrs, gen.kernels);
  // A run inside a run of the same program (a print sink calling the function again) must not
  // reuse the outer run's array buffers: the helpers count the depth.
  const fn: CompiledFn = (inputs) => {
    H.enter();
    try {
      return body(inputs);
    } finally {
      H.leave();
    }
  };
  return { fn, source: gen.source, constants, kernels: gen.kernels };
}

/** The graph on a device target: the interpreter's walk with the target's programs (no generated JS). */
function onDevice(graph: Graph, target: DeviceTarget): Program {
  const device = new DeviceProgram(graph, target);
  return { fn: (inputs) => device.run(inputs), device, source: device.source(), constants: [], kernels: [] };
}

function safeName(name: string): string {
  const n = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(n) ? `compiled_${n}` : `compiled_fn`;
}
