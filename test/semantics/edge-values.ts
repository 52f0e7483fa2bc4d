// The edge values of the operator table, per dtype: zeros of both signs, ±1, halves, the float32
// rounding boundaries (0.49999997, 2^23 + 1, 2^24 ± 1), int32 limits, denormals, the largest
// float32, NaN and ±Infinity. Needs nothing. Produces `EDGE_VALUES`.

import type { DT } from './paths.js';

const F32_MAX = 3.4028234663852886e38;
const DENORMAL_MIN = 1.401298464324817e-45;
const DENORMAL_MAX = 1.1754942106924411e-38;

export const EDGE_VALUES: Readonly<Record<DT, readonly (number | boolean)[]>> = {
  float32: [
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    1.5,
    -1.5,
    2.5,
    -2.5,
    3,
    -7,
    31,
    32,
    0.1,
    0.49999997,
    8388609,
    16777215,
    16777217,
    -16777217,
    2147483647,
    -2147483648,
    DENORMAL_MIN,
    -DENORMAL_MIN,
    DENORMAL_MAX,
    F32_MAX,
    -F32_MAX,
    NaN,
    Infinity,
    -Infinity,
  ],
  int32: [
    0, 1, -1, 2, -2, 3, -7, 7, 31, 32, 33, 65536, 1000000, 16777215, 16777217, -16777217, 2147483647, -2147483647,
    -2147483648,
  ],
  bool: [false, true],
};
