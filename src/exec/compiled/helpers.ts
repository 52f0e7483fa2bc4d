// The run-time helpers generated code calls as `H.…`: reading scalars, making tensors, running
// kernels through the active backend, typed-array access and output-buffer reuse. On the cpu
// backend values are read and made as the backend holds them (see scalar-rules.ts): a float32
// tensor may hold an Int32Array (tfjs's Cast from int32) and an int32 one a Float32Array (its Abs),
// and the next kernel computes with those values, so generated code does too.
// Small values' array kernels (array-kernels.ts) are here too.
// Needs tfjs, scalar-rules. Produces `makeHelpers(backend)` → the `H` object of one compiled function.

import * as tf from '@tensorflow/tfjs-core';
import type { DType } from '../../ir/types.js';
import { elementHelpers } from './scalar-rules.js';
import { runAssert, runPrint, type AssertError, type PrintPart } from '../../trace/effects.js';
import type { NodeSource } from '../../ir/graph.js';
import { RtList, stackList } from '../rt-list.js';
import { conformDType } from '../interpreter.js';
import { matMulCpu, matMulValues } from '../targets/js/matmul.js';
import { argMaxInto, concatInto, oneHotInto, sliceInto, softmaxInto } from '../targets/js/array-kernels.js';
import type { MatMulSite } from '../targets/wasm-simd/matmul.js';
import { gatherRow } from '../targets/js/row-gather.js';
import type { TanhKernel } from '../targets/wasm-simd/tanh.js';
import { runKernelDirect } from './direct-kernel.js';
import type { WasmBackend } from '../targets/wasm-simd/backend-types.js';
import { drawRandom } from '../random-draw.js';
import { engineInternals } from '../../engine/tfjs-engine.js';

type TypedArray = Float32Array | Int32Array | Uint8Array;

/** The cpu backend's own store of a tensor's values. */
interface CpuBackend extends tf.KernelBackend {
  data: { get(dataId: object): { values?: TypedArray } | undefined };
  write(values: TypedArray, shape: number[], dtype: DType): object;
}

/** The typed array a cpu-backend value is held in when it is not of its dtype's (see the header). */
function storageFor(v: number, dtype: DType): DType {
  if (dtype === 'float32' && Math.fround(v) !== v && v === v) return 'int32';
  if (dtype === 'int32' && (v | 0) !== v) return 'float32';
  return dtype;
}

/** The typed-array class a dtype's values are held in. */
function arrayTypeOf(dtype: DType): typeof Float32Array | typeof Int32Array | typeof Uint8Array {
  return dtype === 'int32' ? Int32Array : dtype === 'bool' ? Uint8Array : Float32Array;
}

function arrayFor(dtype: DType, n: number): TypedArray {
  return new (arrayTypeOf(dtype))(n);
}

/** Per output site: the last buffer handed out and the data id of the tensor that holds it. */
class BufferSite {
  buffer: TypedArray | undefined;
  dataId: object | undefined;
}

export function makeHelpers(backendName: string) {
  const engine = engineInternals();
  const sites: BufferSite[] = [];
  /** Runs of this program under way (more than one: a run inside a run, e.g. from a print sink). */
  let depth = 0;
  const onCpu = backendName === 'cpu';
  const onWasm = backendName === 'wasm';
  /**
   * The tensor's elements, never written: on cpu the backend's own array, as its kernels read it; on
   * wasm a view of tfjs-wasm's heap (read before anything allocates there: the generated code
   * reads it in the kernel that takes it, and a grown heap would detach it).
   */
  const raw = (t: tf.Tensor): TypedArray => {
    if (onCpu) {
      const values = (tf.backend() as CpuBackend).data.get(t.dataId)?.values;
      if (ArrayBuffer.isView(values)) return values;
    } else if (onWasm && t.dtype !== 'string' && t.dtype !== 'complex64') {
      const backend = tf.backend() as unknown as WasmBackend & { dataIdMap: { has(id: object): boolean } };
      if (backend.dataIdMap.has(t.dataId)) return backend.typedArrayFromHeap(t);
    }
    return t.dataSync() as TypedArray;
  };
  /** A tensor of `dtype` holding `values` in the array they are in (on cpu, as its kernels leave them). */
  const make = (values: TypedArray, shape: number[], dtype: DType, labelled = false): tf.Tensor => {
    if (onCpu && labelled && arrayTypeOf(dtype) !== values.constructor) {
      // As tfjs's cpu Slice/Concat register their output: under its dtype, whatever array holds it.
      const backend = tf.backend() as CpuBackend;
      return engine.makeTensorFromTensorInfo({ dataId: backend.write(values, shape, dtype), shape, dtype }, backend);
    }
    if (onCpu && dtype === 'float32' && values instanceof Int32Array) {
      // As tfjs's Cast does: int32 data under a float32 tensor.
      const backend = tf.backend() as CpuBackend;
      return engine.makeTensorFromTensorInfo({ dataId: backend.write(values, shape, 'int32'), shape, dtype }, backend);
    }
    // tfjs-wasm copies the bytes as they are: an array of another type than the dtype's is converted.
    if (onWasm && arrayTypeOf(dtype) !== values.constructor)
      return engine.makeTensor(arrayTypeOf(dtype).from(values), shape, dtype);
    return engine.makeTensor(values, shape, dtype);
  };
  return {
    ...elementHelpers,
    /** The value of a scalar tensor as a JS number (bools as 0/1). */
    read(t: tf.Tensor): number {
      return raw(t)[0] as number;
    },
    /** A scalar tensor holding `v`. */
    scalar(v: number, dtype: DType): tf.Tensor {
      const arr = arrayFor(onCpu ? storageFor(v, dtype) : dtype, 1);
      arr[0] = v;
      return make(arr, [], dtype);
    },
    /** The element array of a tensor (on cpu: the backend's own array, not a copy; never write it). */
    data(t: tf.Tensor): TypedArray {
      return raw(t);
    },
    /**
     * A buffer for output site `k`: the previous one if the tensor made from it has been freed
     * (its data id is gone from the engine), so repeated calls reuse memory.
     */
    buffer(k: number, dtype: DType, n: number): TypedArray {
      const site = (sites[k] ??= new BufferSite());
      const b = site.buffer;
      // Free: never made a tensor (a value kept as an array, dead by the next run — unless this run is
      // inside another one, which may still hold it), or the tensor made of it is gone.
      const free = site.dataId ? !engine.state.tensorInfo.has(site.dataId) : depth <= 1;
      if (b && b.length === n && free && arrayTypeOf(dtype) === b.constructor) {
        return b;
      }
      site.buffer = arrayFor(dtype, n);
      site.dataId = undefined;
      return site.buffer;
    },
    /** A buffer for site `k` of the array type `x` is held in (a copy tfjs makes as a view keeps it). */
    bufferLike(k: number, x: TypedArray | number[], dtype: DType, n: number): TypedArray {
      const held: DType =
        x instanceof Int32Array
          ? 'int32'
          : x instanceof Float32Array
            ? 'float32'
            : x instanceof Uint8Array
              ? 'bool'
              : dtype;
      return this.buffer(k, held, n);
    },
    enter(): void {
      depth++;
    },
    leave(): void {
      depth--;
    },
    sliceInto,
    concatInto,
    softmaxInto,
    argMaxInto,
    oneHotInto,
    matMulValues,
    /** A tensor owning the buffer of site `k` (its array is the one the cpu kernel stores into). */
    tensorFrom(k: number, values: TypedArray, shape: number[], dtype: DType, labelled?: boolean): tf.Tensor {
      const t = make(values, shape, dtype, labelled);
      // On cpu the tensor holds the buffer itself, which is not reused while it lives; tfjs-wasm
      // copied it into its heap.
      const site = sites[k];
      if (onCpu && site && site.buffer === values) site.dataId = t.dataId;
      return t;
    },
    /** Runs a kernel on the active backend; the result takes the graph's dtype (see conformDType). */
    kernel(
      name: string,
      inputs: tf.NamedTensorMap | tf.Tensor[],
      attrs: Record<string, unknown>,
      dtype: DType,
    ): tf.Tensor {
      const t = runKernelDirect(name, inputs, attrs) as tf.Tensor;
      return t.dtype === dtype ? t : conformDType(t, dtype);
    },
    kernelMulti(
      name: string,
      inputs: tf.NamedTensorMap | tf.Tensor[],
      attrs: Record<string, unknown>,
      dtypes: DType[],
    ): tf.Tensor[] {
      const ts = runKernelDirect(name, inputs, attrs) as tf.Tensor[];
      return ts.map((t, k) => conformDType(t, dtypes[k]!));
    },
    /** A random node's draw (tfjs's own op, no seed: new values on every run). */
    random(op: string, attrs: Record<string, unknown>, inputs: tf.Tensor[], dtype: DType): tf.Tensor {
      return conformDType(drawRandom(op, attrs, inputs), dtype);
    },
    clone<T extends tf.Tensor | RtList>(t: T): T {
      return (t instanceof RtList ? t : tf.clone(t)) as T;
    },
    dispose(t: tf.Tensor | RtList): void {
      t.dispose();
    },
    /** float32 a @ b on cpu: the site's WebAssembly kernel where there is one, else the JS one (both bit-exact). */
    matMul(
      a: tf.Tensor,
      b: tf.Tensor,
      transposeA: boolean,
      transposeB: boolean,
      outShape: readonly number[],
      site?: MatMulSite,
    ): tf.Tensor {
      // On cpu a float32 made by tfjs's Cast from int32 holds an Int32Array, which the cpu kernel
      // multiplies unrounded: the JS kernel does the same; the WebAssembly one packs float32.
      const relabelled = onCpu && (!(raw(a) instanceof Float32Array) || !(raw(b) instanceof Float32Array));
      return site && !relabelled
        ? site.run(a, b, transposeA, transposeB, outShape)
        : matMulCpu(a, b, transposeA, transposeB, outShape);
    },
    gatherRow,
    /** Tanh of a float32 tensor of the wasm backend with the SIMD kernel (the cpu backend's values). */
    tanhOnWasm(x: tf.Tensor, kernel: TanhKernel): tf.Tensor {
      return kernel.onWasmBackend(x);
    },
    listEmpty(): RtList {
      return RtList.empty();
    },
    listStack(list: RtList, dtype: DType, elementShape: number[] | null): tf.Tensor {
      return stackList(list, dtype, elementShape);
    },
    print(a: { parts: PrintPart[]; dtypes: DType[] }, inputs: (tf.Tensor | number)[]): void {
      runPrint(a.parts, inputs, a.dtypes);
    },
    assertFailed(a: { message: string; source: NodeSource | undefined; error?: AssertError }): never {
      runAssert(false, a.message, a.source, a.error);
      throw new Error('unreachable');
    },
    startScope(): void {
      tf.engine().startScope();
    },
    endScope(keep: tf.Tensor[]): void {
      tf.engine().endScope(keep as never);
    },
  };
}

export type Helpers = ReturnType<typeof makeHelpers>;
