// The inputs and attrs of every kernel record are those tfjs-core declares for the kernel
// (`XInputs` / `XAttrs` in dist/kernel_names.d.ts, read with the TypeScript compiler API), and
// the code that looks inputs up by name or place reads them from the records.
import { describe, expect, it } from 'vitest';
import {
  inputNamesOf,
  inputPosition,
  KERNEL_NAMES,
  KERNELS,
  type KernelInputName,
  type KernelName,
} from '../../src/ir/kernels/index.js';
import { ELEMENTWISE_KERNELS } from '../../src/opt/elementwise-kernels.js';
import { readTfjsKernelDeclarations } from '../../scripts/tfjs-kernel-declarations.js';

/**
 * Kernels tfjs does not declare, and why: the draws the tracer records itself for unseeded tfjs
 * random ops (no tfjs kernel runs; their attrs are the draw's arguments, DrawAttrs in src/ir/random.ts).
 */
const UNDECLARED: Readonly<Record<string, string>> = {
  RandomNormal: 'a draw recorded by the tracer (tf.randomNormal, randomStandardNormal)',
  TruncatedNormal: 'a draw recorded by the tracer (tf.truncatedNormal)',
  RandomUniform: 'a draw recorded by the tracer (tf.randomUniform, randomUniformInt, dropout)',
  RandomGamma: 'a draw recorded by the tracer (tf.randomGamma)',
};

const declared = readTfjsKernelDeclarations();

describe('kernel records against tfjs-core declarations', () => {
  it('read every kernel tfjs-core declares (the reader understands the whole file)', () => {
    expect(declared.size).toBeGreaterThan(170);
    expect(declared.get('BatchMatMul')).toEqual({ inputs: ['a', 'b'], attrs: ['transposeA', 'transposeB'] });
    expect(declared.get('_FusedMatMul')).toEqual({
      inputs: ['a', 'b', 'bias?', 'preluActivationWeights?'],
      attrs: ['transposeA', 'transposeB', 'activation', 'leakyreluAlpha?'],
    });
    expect(declared.get('Concat')).toEqual({ inputs: 'variadic', attrs: ['axis'] });
    expect(declared.get('Add')).toEqual({ inputs: ['a', 'b'], attrs: [] });
  });

  it('give each recorded kernel the inputs and attrs tfjs declares for it', () => {
    const differ: string[] = [];
    for (const k of KERNEL_NAMES) {
      const d = declared.get(k);
      if (!d) continue;
      const record = KERNELS[k] as {
        readonly inputs: readonly string[] | 'variadic';
        readonly attrs?: readonly string[];
      };
      const mine = { inputs: record.inputs, attrs: record.attrs ?? [] };
      if (JSON.stringify(mine) !== JSON.stringify(d))
        differ.push(`${k}: record ${JSON.stringify(mine)}, tfjs ${JSON.stringify(d)}`);
    }
    expect(differ).toEqual([]);
  });

  it('list exactly the kernels tfjs does not declare, and these are the draw ops', () => {
    const undeclared = KERNEL_NAMES.filter((k) => !declared.has(k)).sort();
    expect(undeclared).toEqual(Object.keys(UNDECLARED).sort());
    for (const k of undeclared as KernelName[]) {
      expect(KERNELS[k].drawOp, k).toBe(true);
      expect(KERNELS[k].inputs, k).toEqual([]);
      expect((KERNELS[k] as { readonly attrs?: readonly string[] }).attrs?.slice(0, 2), k).toEqual(['shape', 'dtype']);
    }
  });

  it('name inputs for the lookups by name or by place', () => {
    expect(inputNamesOf('_FusedMatMul')).toEqual(['a', 'b', 'bias', 'preluActivationWeights']);
    expect(inputNamesOf('RaggedGather')).toEqual(['paramsNestedSplits', 'paramsDenseValues', 'indices']);
    expect(inputNamesOf('Concat')).toBe('variadic');
    expect(inputNamesOf('Cond')).toBeUndefined();
    expect(inputPosition('LRNGrad', 'dy')).toBe(2);
    expect(inputPosition('Conv2DBackpropInput', 'filter')).toBe(1);
    expect(inputPosition('Concat', 'x')).toBe(-1);
    expect(inputPosition('Tanh', 'y')).toBe(-1);
  });

  it('type the by-name input lookups: a name no record gives does not compile (tsc checks the line below)', () => {
    const names: KernelInputName[] = ['x', 'filter', 'bias', 'preluActivationWeights', 'paramsNestedSplits'];
    // @ts-expect-error: no kernel takes an input named filtr
    const misspelled: KernelInputName = 'filtr';
    expect([...names, misspelled].every((n) => KERNEL_NAMES.some((k) => inputPosition(k, n) >= 0))).toBe(false);
    expect(names.every((n) => KERNEL_NAMES.some((k) => inputPosition(k, n) >= 0))).toBe(true);
  });

  it('are what the fusable table gives each kernel', () => {
    for (const [k, entry] of Object.entries(ELEMENTWISE_KERNELS)) {
      expect(entry.inputs, k).toEqual(inputNamesOf(k));
      expect(entry.attrs ?? [], k).toEqual(
        (KERNELS[k as KernelName] as { readonly attrs?: readonly string[] }).attrs ?? [],
      );
    }
    expect(ELEMENTWISE_KERNELS.Prelu.inputs).toEqual(['x', 'alpha']);
    expect(ELEMENTWISE_KERNELS.ClipByValue.attrs).toEqual(['clipValueMin', 'clipValueMax']);
  });
});
