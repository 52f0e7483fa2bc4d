// The WGSL target: tfjs's webgpu backend. Fused elementwise chains and matMuls with their epilogue
// (merged on the target's copy of the graph by opt/fuse-matmul-epilogue.ts) run as one generated
// program each through tfjs-webgpu's program runner, which compiles each program once into its
// pipeline cache and reuses its buffers; the output is an ordinary tfjs tensor. Where a gradient
// tape records (inside tf.grad), under tf.profile or with tfjs's DEBUG flag, nodes run kernel by
// kernel through the engine instead, so the tape and the checks see them.
// Needs the IR, clone, the epilogue pass, the engine's internals and the programs here.
// Produces `WGSL_TARGET`.

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
import type { WebGPUBackendLike, WebGPUProgramLike } from './program.js';

const headedByProduct = (node: Node): boolean => (node.attrs.steps as readonly FusedStep[])[0]?.op === 'BatchMatMul';

export const WGSL_TARGET: DeviceTarget = {
  name: 'wgsl',
  backend: 'webgpu',
  prepare: (graph) => fuseMatMulEpilogues(cloneGraph(graph)),
  problem: (node) => (headedByProduct(node) ? matMulProblem(node) : elementwiseProblem(node)),
  compile(node) {
    const {
      program: template,
      inputs: bound,
      uniforms,
    } = headedByProduct(node) ? matMulProgram(node) : elementwiseProgram(node);
    const dtype = node.outputs[0]!.dtype;
    return (inputs) => {
      const engine = engineInternals();
      if (engine.isTapeOn() || engine.state.profiling || engine.ENV.getBool('DEBUG')) return runFused(node, inputs);
      // tfjs's runner rewrites the program's key and dispatch: each run gets its own copy
      const program: WebGPUProgramLike = { ...template, dispatch: [...template.dispatch] };
      const info = (engine.backend as unknown as WebGPUBackendLike).runWebGPUProgram(
        program,
        bound.map((i) => inputs[i]!),
        dtype,
        uniforms,
      );
      return engine.makeTensorFromTensorInfo(info) as tf.Tensor;
    };
  },
};
