// The kernel records of src/ir/kernels/: one record per kernel, every rule table keyed by recorded
// names (a misspelled name or a non-elementwise kernel in an elementwise table does not compile:
// the @ts-expect-error lines below fail `tsc` if it ever does), rule files joined without silent
// overwrites, and the facts the optimizer and executors read, pinned to the kernels they name.
import { describe, expect, it } from 'vitest';
import {
  isKernelName,
  joinTables,
  KERNEL_FAMILIES,
  KERNEL_NAMES,
  KERNELS,
  kernelOf,
  kernelsOf,
  ruleOf,
  rulesFor,
  type ElementwiseTable,
  type KernelName,
  type KernelTable,
} from '../../src/ir/kernels/index.js';
import { isListOp, LIST_OPS } from '../../src/ir/ops.js';
import { SHAPE_RULES } from '../../src/trace/rules/index.js';
import { ELEMENT_RULES } from '../../src/exec/compiled/scalar-rules.js';
import { WASM_RULES } from '../../src/exec/targets/wasm-simd/rules.js';
import { ELEMENTWISE_KERNELS } from '../../src/opt/elementwise-kernels.js';
import { ONNX_RULES } from '../../src/export/onnx/rules/index.js';
import { GRAPH_MODEL_RULES } from '../../src/export/graph-model/rules/index.js';
import { FLOAT32_NUMERICS_KERNELS, FLOAT_INEXACT_KERNELS } from '../../src/export/onnx/edge-warnings.js';
import { WASM_INT32_DIFFERS } from '../../src/exec/wasm-int32.js';
import { DRAW_OPS, isDrawOp } from '../../src/ir/random.js';

const withFact = (
  fact: 'commutative' | 'nondeterministic' | 'multiOutput' | 'singleIeeeOp' | 'elementwise' | 'drawOp',
): string[] => KERNEL_NAMES.filter((k) => KERNELS[k][fact] === true).sort();

describe('kernel records', () => {
  it('give every kernel one family, and every family some kernels', () => {
    expect(new Set(KERNEL_NAMES).size).toBe(KERNEL_NAMES.length);
    for (const f of KERNEL_FAMILIES) expect(kernelsOf(f).length, f).toBeGreaterThan(0);
    expect(KERNEL_FAMILIES.flatMap((f) => kernelsOf(f)).length).toBe(KERNEL_NAMES.length);
    // One grouping everywhere: the kernels the tables used to file under different families.
    expect(KERNELS.BatchMatMul.family).toBe('matmul');
    expect(KERNELS.GatherV2.family).toBe('indexing');
    expect(KERNELS.Softmax.family).toBe('nn');
    expect(KERNELS.Multinomial.family).toBe('random');
    expect(KERNELS.Conv2DBackpropInput.family).toBe('conv');
  });

  it('cover every key of every rule table', () => {
    const tables: Record<string, object> = {
      shape: SHAPE_RULES,
      scalar: ELEMENT_RULES,
      simd: WASM_RULES,
      fusable: ELEMENTWISE_KERNELS,
      onnx: ONNX_RULES,
      graphModel: GRAPH_MODEL_RULES,
    };
    for (const [name, table] of Object.entries(tables))
      expect(
        Object.keys(table).filter((k) => !isKernelName(k)),
        name,
      ).toEqual([]);
  });

  it('answer nothing for IR ops and names that are not kernels', () => {
    for (const op of ['Cond', 'While', 'Fused', 'Const', ...LIST_OPS, 'constructor', 'toString', '__proto__']) {
      expect(isKernelName(op), op).toBe(false);
      expect(kernelOf(op), op).toBeUndefined();
      expect(ruleOf(SHAPE_RULES, op), op).toBeUndefined();
    }
    expect(isListOp('ListPush')).toBe(true);
    expect(isListOp('Add')).toBe(false);
  });

  it('state the facts the optimizer and executors read, for exactly these kernels', () => {
    expect(withFact('commutative')).toEqual(['Add', 'Equal', 'LogicalAnd', 'LogicalOr', 'Multiply', 'NotEqual']);
    expect(withFact('nondeterministic')).toEqual([
      'Multinomial',
      'RandomGamma',
      'RandomNormal',
      'RandomUniform',
      'TruncatedNormal',
    ]);
    expect(withFact('multiOutput')).toEqual([
      'MaxPoolWithArgmax',
      'NonMaxSuppressionV4',
      'NonMaxSuppressionV5',
      'RaggedGather',
      'SplitV',
      'TopK',
      'Unique',
      'Unpack',
    ]);
    expect(withFact('singleIeeeOp')).toEqual(['Add', 'Multiply', 'Neg', 'RealDiv', 'Sub']);
    expect(withFact('drawOp')).toEqual(['RandomGamma', 'RandomNormal', 'RandomUniform', 'TruncatedNormal']);
    expect(KERNEL_NAMES.filter((k) => KERNELS[k].reduction === 'numeric').sort()).toEqual([
      'Max',
      'Mean',
      'Min',
      'Prod',
      'Sum',
    ]);
    expect(
      KERNEL_NAMES.filter((k) => KERNELS[k].reduction !== undefined).every((k) => KERNELS[k].family === 'reduction'),
    ).toBe(true);
    // Every kernel of the elementwise family is elementwise; outside it, only the complex parts are.
    expect(kernelsOf('elementwise').filter((k) => KERNELS[k].elementwise !== true)).toEqual([]);
    expect(withFact('elementwise').filter((k) => KERNELS[k as KernelName].family !== 'elementwise')).toEqual([
      'Complex',
      'ComplexAbs',
      'Imag',
      'Real',
    ]);
    expect(KERNELS.FFT.elementwise).toBeUndefined();
  });

  it('give the sets the edge-value warnings and the draw ops derive from them, for exactly these kernels', () => {
    expect([...FLOAT_INEXACT_KERNELS].sort()).toEqual([
      'Acos',
      'Acosh',
      'Asin',
      'Asinh',
      'Atan',
      'Atan2',
      'Atanh',
      'Cosh',
      'Expm1',
      'Log1p',
      'LogSoftmax',
      'Sigmoid',
      'Sinh',
      'Softmax',
      'Softplus',
      'Tan',
    ]);
    expect([...FLOAT32_NUMERICS_KERNELS].sort()).toEqual(['Cos', 'Exp', 'Log', 'Pow', 'Rsqrt', 'Sin', 'Tanh']);
    expect([...WASM_INT32_DIFFERS].sort()).toEqual(['ClipByValue', 'FloorDiv', 'Neg', 'Pow', 'SquaredDifference']);
    expect(KERNELS.Pow.wasmInt32).toBe('saturates');
    expect(KERNELS.SquaredDifference.wasmInt32).toBe('exact');
    expect([...DRAW_OPS].sort()).toEqual(withFact('drawOp'));
    expect(isDrawOp('RandomGamma')).toBe(true);
    expect(isDrawOp('Multinomial')).toBe(false);
    expect(isDrawOp('Cond')).toBe(false);
  });

  it('agree with the tables: fusable and compiled kernels are elementwise, single IEEE ops have SIMD rules', () => {
    const elementwise = new Set(withFact('elementwise'));
    for (const table of [ELEMENTWISE_KERNELS, ELEMENT_RULES, WASM_RULES])
      for (const k of Object.keys(table)) expect(elementwise.has(k), k).toBe(true);
    for (const k of withFact('singleIeeeOp')) expect(Object.hasOwn(WASM_RULES, k), k).toBe(true);
    for (const k of withFact('commutative')) expect(Object.hasOwn(ELEMENTWISE_KERNELS, k), k).toBe(true);
  });
});

describe('rule tables', () => {
  it('are joined from their files so a kernel in two files is an error, not an overwrite', () => {
    const one = () => 1;
    const two = () => 2;
    expect(() => joinTables('GraphModel', { elementwise: { Add: one }, nn: { Add: two } })).toThrow(
      /Add has GraphModel rules in both elementwise and nn/,
    );
    expect(() => rulesFor(['Abs', 'Abs'], () => one)).toThrow(/Abs is listed twice/);
    expect(joinTables('ONNX', { a: { Add: one }, b: { Sub: two } })).toEqual({ Add: one, Sub: two });
  });

  it('are typed by kernel name: a misspelled or out-of-place kernel does not compile', () => {
    const table: KernelTable<number> = {
      Tanh: 1,
      // @ts-expect-error: no kernel is named Tanhh
      Tanhh: 2,
    };
    const elementwise: ElementwiseTable<number> = {
      Add: 1,
      // @ts-expect-error: BatchMatMul is not elementwise, so no fusion or compiled-loop table may list it
      BatchMatMul: 2,
    };
    // @ts-expect-error: a kernel name is not any string
    const name: KernelName = 'Conv2d';
    expect([table.Tanh, elementwise.Add, name]).toEqual([1, 1, 'Conv2d']);
  });
});
