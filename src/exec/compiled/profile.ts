// The targets of generated code and the profiles that combine them. A target is one folder of
// exec/targets/ (js: typed-array loops in JS; wasm-simd: WebAssembly SIMD kernels; wasm-heap:
// in-place kernels in tfjs-wasm's heap); a kernel site is an object of a target's that the
// generated function calls as W[i] (the executor frees what it holds with the program). A
// profile says, for one tfjs backend, which targets the generator uses and how: which strategies
// (strategies.ts) run in which order, which values live in JS arrays, how the backend stores
// values. Adding a target is a folder of exec/targets/, its strategies, and its name in a profile.
// Needs nothing. Produces `TargetName`, `KernelSite`, `StrategyName`, `Profile`, `Numerics`,
// `PROFILES`, `profileFor`.

/** A folder of exec/targets/ whose code generated functions use. */
export type TargetName = 'js' | 'wasm-simd' | 'wasm-heap';

/** What every kernel site shares: the target it belongs to, and what frees what it holds. */
export interface KernelSite {
  readonly target: TargetName;
  /** Frees what the site holds outside the JS heap (buffers in tfjs-wasm's heap); absent: nothing. */
  dispose?(): void;
}

/** The strategies of the generator (strategies.ts `STRATEGIES`), by name. */
export type StrategyName =
  | 'simd-reduction'
  | 'reduction'
  | 'scalar'
  | 'simd-map'
  | 'element-loop'
  | 'small'
  | 'heap-chain'
  | 'column-sum'
  | 'random'
  | 'fused-by-kernels'
  | 'simd-matmul'
  | 'js-matmul'
  | 'tanh'
  | 'row-gather'
  | 'kernel';

/** What generated code does on one tfjs backend: which targets it uses, and how. */
export interface Profile {
  /** The tfjs backend the code runs on (its helpers, helpers.ts, and the kernels it stands in for). */
  readonly backend: 'cpu' | 'wasm';
  /** The folders of exec/targets/ whose strategies and kernel sites it uses. */
  readonly targets: readonly TargetName[];
  /**
   * Which values the JS target may hold as typed arrays: all of them (cpu), or small ones whose
   * kernels JS computes as the backend does (js/small-kernels.ts `smallOnWasm`; elementwise ones
   * only under wasm-simd/loops.ts WASM_MIN_ELEMENTS elements).
   */
  readonly arrays: 'all' | 'small-exact';
  /**
   * The array a tensor's values are in: the one the cpu kernel stored into (tfjs-cpu: its Cast
   * from int32 to float32 only relabels the Int32Array, its int32 Abs stores into a Float32Array),
   * or always its dtype's (tfjs-wasm: a Cast rounds).
   */
  readonly storage: 'cpu-kernel' | 'dtype';
  /**
   * How a node that is not a constant, control flow, a list op or an effect is emitted: the first
   * of these strategies that applies, in this order; those reading arrays come first.
   */
  readonly strategies: readonly StrategyName[];
  /** Own WebAssembly kernels may use relaxed SIMD (the executor's option: false here, see `profileFor`). */
  readonly relaxedSimd: boolean;
  /**
   * 'exact': the cpu backend's values (tfjs-wasm's where the wasm profile says so); 'fast' (the
   * executor's option): Tanh, Sigmoid, Exp and Log in the SIMD kernels are wasm-simd/fast-math.ts's
   * approximations, within its documented bounds.
   */
  readonly numerics: Numerics;
}

/** How exactly generated code computes transcendental kernels (JitOptions.numerics). */
export type Numerics = 'exact' | 'fast';

/** The profiles of the tfjs backends that generated code runs on. */
export const PROFILES: Readonly<Record<'cpu' | 'wasm', Profile>> = {
  cpu: {
    backend: 'cpu',
    targets: ['js', 'wasm-simd'],
    arrays: 'all',
    storage: 'cpu-kernel',
    // (SIMD first, the JS loop where the program or its inputs do not fit a SIMD kernel)
    strategies: [
      'simd-reduction',
      'reduction',
      'scalar',
      'simd-map',
      'element-loop',
      'small',
      'random',
      'fused-by-kernels',
      'simd-matmul',
      'js-matmul',
      'row-gather',
      'kernel',
    ],
    relaxedSimd: false,
    numerics: 'exact',
  },
  wasm: {
    backend: 'wasm',
    targets: ['js', 'wasm-simd', 'wasm-heap'],
    arrays: 'small-exact',
    storage: 'dtype',
    // (a matMul without a SIMD site runs tfjs-wasm's kernel: the JS one sums as tfjs-cpu does)
    strategies: [
      'scalar',
      'element-loop',
      'small',
      'heap-chain',
      'column-sum',
      'random',
      'fused-by-kernels',
      'simd-matmul',
      'tanh',
      'row-gather',
      'kernel',
    ],
    relaxedSimd: false,
    numerics: 'exact',
  },
};

/**
 * The profile of tfjs backend `backend` with the executor's options, or undefined where no code is
 * generated (webgl, webgpu…).
 */
export function profileFor(backend: string, relaxedSimd: boolean, numerics: Numerics = 'exact'): Profile | undefined {
  const p = backend === 'cpu' || backend === 'wasm' ? PROFILES[backend] : undefined;
  return p && { ...p, relaxedSimd, numerics };
}
