// The device targets by tfjs backend: adding one is a folder under exec/targets/ and a line here.
// Needs the targets. Produces `deviceTargetFor(backend)`.

import type { DeviceTarget } from './device-target.js';
import { GLSL_TARGET } from './glsl/target.js';
import { WGSL_TARGET } from './wgsl/target.js';

const TARGETS: readonly DeviceTarget[] = [WGSL_TARGET, GLSL_TARGET];

/** The device target of tfjs backend `backend`, if it has one. */
export function deviceTargetFor(backend: string): DeviceTarget | undefined {
  return TARGETS.find((t) => t.backend === backend);
}
