// The targets of generated code and what they share with the generator: a target is one folder of
// exec/targets/ (js: typed-array loops in JS; wasm-simd: WebAssembly SIMD kernels; wasm-heap:
// in-place kernels in tfjs-wasm's heap); a kernel site is an object of a target's that the
// generated function calls as W[i] (the executor frees what it holds with the program).
// Needs nothing. Produces `TargetName`, `KernelSite`.

/** A folder of exec/targets/ whose code generated functions use. */
export type TargetName = 'js' | 'wasm-simd' | 'wasm-heap';

/** What every kernel site shares: the target it belongs to, and what frees what it holds. */
export interface KernelSite {
  readonly target: TargetName;
  /** Frees what the site holds outside the JS heap (buffers in tfjs-wasm's heap); absent: nothing. */
  dispose?(): void;
}
