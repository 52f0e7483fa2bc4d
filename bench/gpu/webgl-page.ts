// B14's page, bundled by esbuild (bench/workloads/b14-webgl.ts): tfjs (core, cpu, webgl) and
// autograph-ts's browser entry run the GPU rows (workloads.ts) on the webgl backend, counting the
// programs its runner runs (`runWebGLProgram`, wrapped). `window.agBench.run(quick)` answers the
// rows and the renderer. Needs tfjs, src.

import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import * as ag from '../../src/browser.js';
import { gpuRows, type GpuRow } from './workloads.js';

interface Runner {
  runWebGLProgram(...args: unknown[]): unknown;
  gpgpu?: { gl?: WebGLRenderingContext };
}

async function run(quick: boolean): Promise<{ device: string; rows: GpuRow[] } | { skipped: string }> {
  if (!(await tf.setBackend('webgl'))) return { skipped: 'tfjs could not start its webgl backend in this page' };
  const backend = tf.backend() as unknown as Runner;
  let programs = 0;
  const original = backend.runWebGLProgram.bind(backend);
  backend.runWebGLProgram = (...args: unknown[]) => {
    programs++;
    return original(...args);
  };
  const gl = backend.gpgpu?.gl;
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  const device = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : 'unknown renderer';
  const rows = await gpuRows(tf, ag as unknown as Parameters<typeof gpuRows>[1], { quick, dispatches: () => programs });
  return { device, rows };
}

(globalThis as unknown as { agBench: unknown }).agBench = { run };
