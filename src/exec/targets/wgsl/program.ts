// The shape of a program for tfjs-webgpu's program runner (`backend.runWebGPUProgram`), which
// tfjs-webgpu does not export as a type: the generated user code plus how it is dispatched. tfjs
// adds the buffer bindings, the uniforms (shapes, strides, `size`, NaN, infinity) and the
// accessor functions (`getX0ByOutputIndex`, `getCoordsFromIndex`, `setOutputAtIndex` …), and keeps
// one compiled pipeline per shader key (plus the input shapes' ranks and dtypes): a program is
// compiled on first use and taken from that cache on every later call.
// Needs tfjs-core's types. Produces `WebGPUProgramLike`, `BoundProgram`, `WebGPUBackendLike`, `flatDispatch`.

import type * as tf from '@tensorflow/tfjs-core';

export interface WebGPUProgramLike {
  readonly variableNames: string[];
  readonly outputShape: number[];
  shaderKey: string;
  readonly dispatchLayout: { x: number[]; y?: number[]; z?: number[] };
  dispatch: [number, number, number];
  readonly workgroupSize: [number, number, number];
  readonly size?: boolean;
  readonly uniforms?: string;
  getUserCode(): string;
}

/** A program and the node inputs it binds, in the order of its `variableNames`. */
export interface BoundProgram {
  readonly program: WebGPUProgramLike;
  readonly inputs: readonly number[];
  /** Values of the program's own uniforms (`program.uniforms`), in order. */
  readonly uniforms: { type: string; data: number[] }[];
}

export interface WebGPUBackendLike {
  runWebGPUProgram(
    program: WebGPUProgramLike,
    inputs: tf.TensorInfo[],
    outputDtype: tf.DataType,
    uniforms?: { type: string; data: number[] }[],
  ): tf.TensorInfo;
}

/** One invocation per output element along x, `workgroup` wide. */
export function flatDispatch(
  outputShape: readonly number[],
  workgroup: number,
): Pick<WebGPUProgramLike, 'dispatchLayout' | 'dispatch' | 'workgroupSize'> {
  const size = outputShape.reduce((a, b) => a * b, 1);
  return {
    dispatchLayout: { x: outputShape.map((_, i) => i) },
    dispatch: [Math.ceil(size / workgroup), 1, 1],
    workgroupSize: [workgroup, 1, 1],
  };
}
