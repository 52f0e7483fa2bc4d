// The bars every workload that the WebAssembly peers also run shares: jit on wasm at least as fast
// as onnxruntime-web (wasm, 1 thread) and as jax-js's jit on its wasm device (1 thread), each on
// the same substrate as jit's wasm code. onnxruntime-node (native) is shown, not a bar for wasm code.
// Needs harness's bar types, the peers' labels. Produces `wasmPeerBars`.

import { defaultJitOnWasm, refs, type Bar } from '../harness.js';
import { JAX_LABEL } from './jax-js.js';
import { ORT_WEB_LABEL } from './onnxruntime-web.js';

export const wasmPeerBars: readonly Bar[] = [
  { kind: 'faster', than: refs.peer(ORT_WEB_LABEL, 'onnxruntime-web'), factor: 1, applies: defaultJitOnWasm },
  { kind: 'faster', than: refs.peer(JAX_LABEL, 'jax-js'), factor: 1, applies: defaultJitOnWasm },
];
