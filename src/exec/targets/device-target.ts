// The interface of a device code-generation target (WGSL for tfjs's webgpu backend, GLSL for its
// webgl backend): where the graph's values live on a GPU, the executor walks the graph with the
// interpreter's control flow (its reads awaited on the async path, counted loops without reads) and
// runs the nodes the target compiles — Fused nodes, matMuls with their epilogue — as one device
// program each, through the backend's own program runner and pipeline cache. `prepare` may rewrite
// a private copy of the graph for the target first (opt/fuse-matmul-epilogue.ts).
// Needs the IR and tfjs. Produces `DeviceTarget`, `DeviceTargetName`, `DeviceKernel`.

import type * as tf from '@tensorflow/tfjs-core';
import type { Graph, Node } from '../../ir/graph.js';

/** A node compiled for the device: runs it on its input tensors; the caller owns the result. */
export type DeviceKernel = (inputs: readonly tf.Tensor[]) => tf.Tensor;

/** The device targets' folders under src/exec/targets/ (the generated-code ones: compiled/profile.ts `TargetName`). */
export type DeviceTargetName = 'wgsl' | 'glsl';

export interface DeviceTarget {
  /** The target's folder under src/exec/targets/. */
  readonly name: DeviceTargetName;
  /** The tfjs backend whose tensors it computes on. */
  readonly backend: string;
  /** A copy of `graph` rewritten for this target (the executor runs the copy; same inputs and outputs). */
  prepare(graph: Graph): Graph;
  /** Why `node` (a Fused node) does not compile here, or undefined when it does. */
  problem(node: Node): string | undefined;
  /** The device kernel of `node` (one `problem` accepted). */
  compile(node: Node): DeviceKernel;
}
