// The shape of a program for tfjs-webgl's GPGPU runner (`backend.compileAndRun`), which this package
// types itself: @tensorflow/tfjs-backend-webgl is an optional peer and is never imported here. A
// program is its input names, output shape and `userCode` (GLSL ES 3.0 with a `void main()`); tfjs
// adds the texture samplers (`getX0AtOutCoords()`, `getX0(row, col)` …), `getOutputCoords()`,
// `setOutput(float)`, the `NAN` uniform, and keeps one compiled binary per key made of the program's
// `userCode` with the input and output shapes, so a program is compiled on first use only. Also the
// helpers every generated program starts with: exact NaN and infinity tests on the float's bits
// (drivers differ on the built-in isnan) and an infinity constant.
// Needs tfjs-core's types. Produces `GpgpuProgramLike`, `WebGLBackendLike`, `GLSL_PRELUDE`,
// `MAX_INPUTS`, `webglVersion`.

import * as tf from '@tensorflow/tfjs-core';

export interface GpgpuProgramLike {
  readonly variableNames: string[];
  readonly outputShape: number[];
  readonly userCode: string;
}

export interface WebGLBackendLike {
  compileAndRun(program: GpgpuProgramLike, inputs: tf.TensorInfo[], outputDtype?: tf.DataType): tf.TensorInfo;
}

/**
 * Inputs of one program. WebGL 2 guarantees 16 texture units per fragment shader; a program here
 * binds one per input and keeps to a conservative 8 (tfjs's own programs bind at most a few).
 */
export const MAX_INPUTS = 8;

/** Helpers of every generated program (names start with `ag`; tfjs's own start otherwise). */
export const GLSL_PRELUDE = `
bool agIsNan(float v) { return (floatBitsToUint(v) & 0x7fffffffu) > 0x7f800000u; }
bool agIsInf(float v) { return (floatBitsToUint(v) & 0x7fffffffu) == 0x7f800000u; }
float agInf() { return uintBitsToFloat(0x7f800000u); }`;

/** tfjs's WEBGL_VERSION (2: WebGL 2, GLSL ES 3.0), or undefined where tfjs-webgl is not loaded. */
export function webglVersion(): number | undefined {
  try {
    return tf.env().getNumber('WEBGL_VERSION');
  } catch {
    return undefined; // the flag is registered by tfjs-backend-webgl only
  }
}
