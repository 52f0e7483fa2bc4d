// WebGPU in Node without a GPU, for the tests of tfjs's webgpu backend: Dawn's Node bindings (the
// `webgpu` package) over SwiftShader, the CPU Vulkan driver that Debian's chromium ships (.ci/run
// installs it; without it the tests skip, saying why). Order matters: the Vulkan environment is set
// before Dawn starts, and `navigator.gpu` exists before @tensorflow/tfjs-backend-webgpu is imported
// (it registers the backend only then). `WEBGPU_CPU_FORWARD` is off, so small tensors run on the
// device too. Counters wrap the WebGPU calls that cost: compute dispatches, queue submits, buffer
// reads (mapAsync), buffer writes and pipeline creations; they are deterministic, so tests assert
// them exactly. Needs webgpu, tfjs-core and its cpu and webgpu backends.
import { existsSync, mkdtempSync } from 'node:fs';
import { constants } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as tfType from '@tensorflow/tfjs-core';

/** Debian's chromium: its SwiftShader Vulkan driver and the Vulkan loader beside it. */
const CHROMIUM_LIB = '/usr/lib/chromium';
export const SWIFTSHADER_ICD = join(CHROMIUM_LIB, 'vk_swiftshader_icd.json');
const VULKAN_LOADER = join(CHROMIUM_LIB, 'libvulkan.so.1');

/** Why the webgpu tests cannot run here, or undefined when they can. */
export const webgpuSkipReason: string | undefined =
  process.platform !== 'linux'
    ? `WebGPU tests run on Linux only (SwiftShader from Debian's chromium); this is ${process.platform}`
    : !existsSync(SWIFTSHADER_ICD)
      ? `no SwiftShader Vulkan driver at ${SWIFTSHADER_ICD} (install Debian's chromium, as .ci/run does)`
      : undefined;

/** What one stretch of work cost on the device. */
export interface GpuCounts {
  dispatch: number;
  submit: number;
  mapAsync: number;
  writeBuffer: number;
  pipelines: number;
}

const counts: GpuCounts = { dispatch: 0, submit: 0, mapAsync: 0, writeBuffer: 0, pipelines: 0 };

/** The counts so far (a copy). */
export function gpuCounts(): GpuCounts {
  return { ...counts };
}

/** What was counted since `before`. */
export function countsSince(before: GpuCounts): GpuCounts {
  const now = gpuCounts();
  return {
    dispatch: now.dispatch - before.dispatch,
    submit: now.submit - before.submit,
    mapAsync: now.mapAsync - before.mapAsync,
    writeBuffer: now.writeBuffer - before.writeBuffer,
    pipelines: now.pipelines - before.pipelines,
  };
}

type Classes = Record<string, { prototype: Record<string, unknown> } | undefined>;

/** Counts every call of `cls.prototype[method]` under `key`. */
function count(classes: Classes, cls: string, method: string, key: keyof GpuCounts): void {
  const proto = classes[cls]?.prototype;
  const original = proto?.[method];
  if (typeof original !== 'function')
    throw new Error(`webgpu helper: ${cls}.${method} is missing, so it cannot be counted`);
  proto![method] = function (this: unknown, ...args: unknown[]) {
    counts[key]++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
}

/**
 * Chromium's Vulkan loader, loaded once for the whole process (RTLD_NODELETE keeps it after Node's
 * failed addon check), so Dawn's dlopen('libvulkan.so.1') finds it where the system has none.
 */
function loadVulkanLoader(): void {
  const RTLD_NODELETE = 0x1000; // glibc; not among os.constants.dlopen
  try {
    process.dlopen(
      { exports: {} } as NodeJS.Module,
      VULKAN_LOADER,
      constants.dlopen.RTLD_NOW | constants.dlopen.RTLD_GLOBAL | RTLD_NODELETE,
    );
  } catch (e) {
    if (!/did not self-register/.test(String(e))) throw e;
  }
}

let ready: Promise<typeof tfType> | undefined;

/** Sets up WebGPU over SwiftShader and makes 'webgpu' the active tfjs backend (once per process); returns tfjs. */
export function setUpWebGPU(): Promise<typeof tfType> {
  return (ready ??= setUp());
}

async function setUp(): Promise<typeof tfType> {
  if (webgpuSkipReason) throw new Error(webgpuSkipReason);
  process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  process.env.VK_DRIVER_FILES = SWIFTSHADER_ICD;
  process.env.XDG_RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'ag-webgpu-'));
  loadVulkanLoader();
  const { create, globals } = await import('webgpu');
  Object.assign(globalThis, globals);
  const classes = globals as unknown as Classes;
  count(classes, 'GPUComputePassEncoder', 'dispatchWorkgroups', 'dispatch');
  count(classes, 'GPUQueue', 'submit', 'submit');
  count(classes, 'GPUQueue', 'writeBuffer', 'writeBuffer');
  count(classes, 'GPUBuffer', 'mapAsync', 'mapAsync');
  count(classes, 'GPUDevice', 'createComputePipeline', 'pipelines');
  count(classes, 'GPUDevice', 'createComputePipelineAsync', 'pipelines');
  Object.defineProperty(globalThis, 'navigator', { value: { gpu: create([]) }, configurable: true, writable: true });
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-cpu');
  await import('@tensorflow/tfjs-backend-webgpu');
  tf.env().set('WEBGPU_CPU_FORWARD', false);
  if (!(await tf.setBackend('webgpu')))
    throw new Error('webgpu helper: tfjs could not start its webgpu backend on SwiftShader');
  return tf;
}
