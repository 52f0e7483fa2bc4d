// The GLSL target: tfjs's webgl backend. Fused elementwise chains and matMuls with their epilogue
// (merged on the target's copy of the graph by opt/fuse-matmul-epilogue.ts) run as one generated
// program each through tfjs-webgl's GPGPU runner (`compileAndRun`), which compiles each program once
// into its binary cache (keyed by the user code and the shapes) and hands back an ordinary tfjs
// tensor. Unpacked programs: one float per texel, so inputs that eager packed kernels left packed
// are unpacked by tfjs first. Where a gradient tape records (inside tf.grad), under tf.profile or
// with tfjs's DEBUG flag, nodes run kernel by kernel through the engine instead, so the tape and
// the checks see them; so do all nodes under WebGL 1 (its GLSL lacks the ES 3.0 this target writes).
// Needs the IR, clone, the epilogue pass, the engine's internals and the programs here.
// Produces `GLSL_TARGET`.

import * as tf from '@tensorflow/tfjs-core';
import type { Node } from '../../../ir/graph.js';
import type { FusedStep } from '../../../ir/fused.js';
import { cloneGraph } from '../../../ir/clone.js';
import { fuseMatMulEpilogues } from '../../../opt/fuse-matmul-epilogue.js';
import { engineInternals } from '../../../engine/tfjs-engine.js';
import { runFused } from '../../run-fused.js';
import type { DeviceTarget } from '../device-target.js';
import { elementwiseProblem, elementwiseProgram } from './elementwise.js';
import { matMulProblem, matMulProgram } from './matmul.js';
import { webglVersion, type GpgpuProgramLike, type WebGLBackendLike } from './program.js';

const headedByProduct = (node: Node): boolean => (node.attrs.steps as readonly FusedStep[])[0]?.op === 'BatchMatMul';

/** Why `node` does not compile here: WebGL 1, or the program's own limits. */
function problem(node: Node): string | undefined {
  const version = webglVersion();
  if (version === 1) return 'WebGL 1 (the GLSL target writes GLSL ES 3.0, for WebGL 2)';
  return headedByProduct(node) ? matMulProblem(node) : elementwiseProblem(node);
}

export const GLSL_TARGET: DeviceTarget = {
  name: 'glsl',
  backend: 'webgl',
  prepare: (graph) => fuseMatMulEpilogues(cloneGraph(graph)),
  problem,
  compile(node) {
    let program: (shapes: readonly (readonly number[])[]) => GpgpuProgramLike;
    if (headedByProduct(node)) {
      const product = matMulProgram(node);
      program = () => product;
    } else program = elementwiseProgram(node);
    const dtype = node.outputs[0]!.dtype;
    return (inputs) => {
      const engine = engineInternals();
      if (engine.isTapeOn() || engine.state.profiling || engine.ENV.getBool('DEBUG')) return runFused(node, inputs);
      const backend = engine.backend as unknown as WebGLBackendLike;
      const info = backend.compileAndRun(program(inputs.map((t) => t.shape)), [...inputs], dtype);
      return engine.makeTensorFromTensorInfo(info) as tf.Tensor;
    };
  },
};
