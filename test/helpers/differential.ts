// The differential harness: runs a function eagerly on a real tfjs backend and through
// `jit(fn, { autograph: false })` (twice, so the second call hits the trace cache), on every
// executor, and compares the results leaf by leaf (compare.ts). Needs vitest, tfjs,
// tfjs-backend-wasm, src. Produces `DiffCase`, `runDifferential`, `forEachBackend`, `useBackend`,
// `differentialSuite`, `collectSuites` and the steps `setUp`/`freshArgs`/`runEager` that the export
// runners of test/export share (and re-exports `compareResults`, `disposeAll`).

import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jit, type JitOptions } from '../../src/index.js';
import type { ConcreteFunction } from '../../src/index.js';
import { stagedResult } from '../../src/api/staged-result.js';
import { flatten } from '../../src/trace/nest.js';
import type { OutputPlan } from '../../src/trace/trace-function.js';
import { compareResults, disposeAll, leavesOf, mapLeaves, sameShape } from './compare.js';
import { withSalt } from './data.js';

export { compareResults, disposeAll } from './compare.js';

// Importing tfjs-backend-wasm registers 'wasm' with a higher priority than 'cpu', so until a backend
// is set explicitly, making a tensor (e.g. a module-level variable of a test file) throws "the highest
// priority backend 'wasm' has not yet been initialized". cpu initializes synchronously (setBackend sets
// it before its promise settles), so pick it now; `useBackend('wasm')` switches when a suite needs it.
void tf.setBackend('cpu');

export const BACKENDS = ['cpu', 'wasm'] as const;
export type BackendName = (typeof BACKENDS)[number];

/** The executors of the traced graphs that every case runs through. */
export const EXECUTORS = ['interpreter', 'compiled'] as const;
/** EXECUTORS, plus 'onnxruntime', which the export corpus runner (test/export/corpus-onnx.test.ts) runs. */
export type Executor = (typeof EXECUTORS)[number] | 'onnxruntime';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFn = (...args: any[]) => any;

export interface DiffCase {
  readonly name: string;
  readonly fn: AnyFn;
  /**
   * Fresh arguments for one call: tfjs tensors or JS values (nested arrays/objects allowed). The
   * helpers of data.ts give the second call other values of the same shapes.
   */
  readonly args: () => unknown[];
  /** Compare float32 values exactly too (int32 and bool always are): always, or on these backends. */
  readonly exact?: boolean | readonly BackendName[];
  /** Relative tolerance for float32 (default 1e-5); the absolute one is `atol` (default 1e-6). */
  readonly tol?: number;
  readonly atol?: number;
  /**
   * Runs (inside tf.tidy) before each eager run and each jit call; `call` is 0 then 1, the same for
   * the eager run and the jit call it is compared with. E.g. assigns a variable.
   */
  readonly before?: (call: number) => void;
  /** Frees what the case created outside `args` (captured tensors, variables), after all backends. */
  readonly cleanup?: () => void;
  /** Skip on these backends (say why in a comment: e.g. the eager tfjs kernel is missing there). */
  readonly skip?: readonly BackendName[];
  /**
   * A bug of src/ that makes the case fail on these backends: the test runs as `it.fails`, so the
   * suite stays green while the bug lasts and turns red (remove this field then) once it is fixed.
   */
  readonly knownBug?: { readonly on: readonly BackendName[]; readonly note: string };
}

export function setUp(c: DiffCase, call: number): void {
  if (c.before) tf.tidy(() => c.before!(call));
}

/** The case's arguments for call `call`; tensors made on the way to them are freed. */
export function freshArgs(c: DiffCase, call: number): unknown[] {
  return withSalt(call, () => tf.tidy(() => c.args() as tf.TensorContainer[]) as unknown[]);
}

/**
 * Runs `fn` eagerly; tensors it makes and does not return are freed. Returned tensors that it did not
 * make (arguments, captured tensors, variables) are copied, so that freeing the result frees nothing else.
 */
export function runEager(c: DiffCase, call: number): unknown {
  const args = freshArgs(c, call);
  try {
    const firstNew = nextTensorId();
    return mapLeaves(
      tf.tidy(() => c.fn(...args)),
      (t) => (t.id < firstNew ? tf.clone(t) : t),
    );
  } finally {
    disposeAll(args);
  }
}

/** The id the next tensor will get (tensor ids only grow). */
function nextTensorId(): number {
  const probe = tf.scalar(0);
  probe.dispose();
  return probe.id + 1;
}

export interface DiffOptions {
  /** The executors to run (default: all of EXECUTORS). */
  readonly executors?: readonly Executor[];
  readonly jitOptions?: JitOptions;
}

/**
 * Runs one case on the current backend: for each executor, two calls of the jit function compared
 * with eager runs, `traceCount === 1`, and no tensor left over once the traces are disposed.
 * Throws (through expect) with every difference found.
 */
export function runDifferential(c: DiffCase, opts: DiffOptions = {}): void {
  const backend = tf.getBackend();
  for (const executor of opts.executors ?? EXECUTORS) {
    const before = tf.memory().numTensors;
    const f = jit(c.fn, { autograph: false, executor, name: c.name.replace(/\W+/g, '_'), ...opts.jitOptions });
    const problems: string[] = [];
    try {
      for (let call = 0; call < 2; call++) {
        setUp(c, call);
        // What jit returns for what the function returns: JS numbers and booleans as scalar tensors.
        const expected = stagedResult(runEager(c, call));
        setUp(c, call);
        const args = freshArgs(c, call);
        let actual: unknown;
        try {
          actual = f(...args);
        } catch (e) {
          disposeAll(expected);
          throw e;
        } finally {
          disposeAll(args);
        }
        try {
          const exact = Array.isArray(c.exact) ? c.exact.includes(backend as BackendName) : c.exact === true;
          const diffs = compareResults(expected, actual, { exact, rtol: c.tol, atol: c.atol });
          problems.push(...diffs.map((d) => `call ${call + 1}: ${d}`));
          if (call === 0) problems.push(...declaredTypes(f.concreteFunctions(), expected));
          const onBackend = leavesOf(actual).filter((t) => !t.isDisposed && ownerOf(t) !== tf.backend());
          if (onBackend.length > 0)
            problems.push(`call ${call + 1}: ${onBackend.length} result tensor(s) not on backend '${backend}'`);
        } finally {
          disposeAll(expected);
          disposeAll(actual);
        }
      }
      if (f.traceCount !== 1) problems.push(`traceCount is ${f.traceCount} after two calls, expected 1`);
    } finally {
      for (const cf of f.concreteFunctions()) cf.dispose();
    }
    const leaked = tf.memory().numTensors - before;
    if (leaked !== 0) problems.push(`${leaked} tensor(s) left over after the calls and disposing the traces`);
    expect(problems, `${c.name} on ${backend}, executor ${executor}:\n  ${problems.join('\n  ')}`).toEqual([]);
  }
}

/**
 * The dtypes and shapes the trace declares for its outputs must be those of the eager results: an
 * executor that runs real kernels can hide a wrong shape rule (its results carry the kernel's real
 * dtype), until a later node or another executor relies on the declared one.
 */
function declaredTypes(cfs: readonly ConcreteFunction[], expected: unknown): string[] {
  if (cfs.length !== 1) return [];
  const cf = cfs[0]!;
  const plan = (cf as unknown as { output: OutputPlan }).output;
  const flat = flatten(expected);
  if (!plan || flat.signature !== plan.flat.signature) return [];
  const out: string[] = [];
  flat.leaves.forEach((leaf, i) => {
    const p = plan.leaves[i]!;
    if (!(leaf instanceof tf.Tensor) || !('output' in p)) return;
    const v = cf.graph.outputs[p.output]!;
    // A dim the trace leaves unknown (-1: e.g. a stacked list's run-time length) matches any size.
    const declared = v.shape.map((d, k) => (d < 0 ? (leaf.shape[k] ?? d) : d));
    if (v.dtype !== leaf.dtype || !sameShape(declared, leaf.shape)) {
      out.push(
        `the graph declares output ${flat.paths[i]} as ${v.dtype}[${v.shape}], eager gives ${leaf.dtype}[${leaf.shape}]`,
      );
    }
  });
  return out;
}

/** The backend that holds a tensor's data (the engine's own bookkeeping). */
function ownerOf(t: tf.Tensor): tf.KernelBackend | undefined {
  const engine = tf.engine() as unknown as { state: { tensorInfo: WeakMap<object, { backend: tf.KernelBackend }> } };
  return engine.state.tensorInfo.get(t.dataId)?.backend;
}

/** Makes `name` the active backend (wasm loads its .wasm file from node_modules the first time). */
export async function useBackend(name: BackendName): Promise<void> {
  const ok = await tf.setBackend(name);
  if (!ok || tf.getBackend() !== name) throw new Error(`could not initialize the tfjs '${name}' backend`);
}

/**
 * Runs `body` once per backend (cpu, wasm), inside a `describe` named after the backend, with that
 * backend active for its tests; restores cpu afterwards.
 */
export function forEachBackend(
  body: (backend: BackendName) => void,
  backends: readonly BackendName[] = BACKENDS,
): void {
  describe.each(backends)('on %s', (backend) => {
    beforeAll(async () => {
      await useBackend(backend);
    });
    afterAll(async () => {
      await useBackend('cpu');
    });
    body(backend);
  });
}

/** A corpus file's suite as recorded by `collectSuites` instead of being registered. */
export interface CollectedSuite {
  readonly title: string;
  readonly cases: readonly DiffCase[];
  readonly opts: DiffOptions;
}

let collecting: CollectedSuite[] | undefined;

/**
 * Runs `load` (which imports corpus files) with `differentialSuite` recording its suites instead of
 * registering tests: the export runners run the same cases through the exported models.
 */
export async function collectSuites(load: () => Promise<unknown>): Promise<CollectedSuite[]> {
  const out: CollectedSuite[] = [];
  collecting = out;
  try {
    await load();
  } finally {
    collecting = undefined;
  }
  return out;
}

/** One named test per case and backend, plus the cleanup of what the cases captured. */
export function differentialSuite(title: string, cases: readonly DiffCase[], opts: DiffOptions = {}): void {
  if (collecting) {
    collecting.push({ title, cases, opts });
    return;
  }
  describe(title, () => {
    forEachBackend((backend) => {
      for (const c of cases) {
        if (c.skip?.includes(backend)) it.skip(c.name, () => {});
        else if (c.knownBug?.on.includes(backend))
          it.fails(`${c.name} [known bug: ${c.knownBug.note}]`, () => runDifferential(c, opts));
        else it(c.name, () => runDifferential(c, opts));
      }
    });
    afterAll(() => {
      for (const c of cases) c.cleanup?.();
    });
  });
}
