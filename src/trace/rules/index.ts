// TEMPORARY minimal rule table so the lead can test the pipeline; the rules engineer replaces this file.
import type { ArgInfo, ShapeRule, ShapeTable } from './rule-types.js';
import type { DType } from '../../ir/types.js';

const bc = (a: readonly number[], b: readonly number[]) => {
  const n = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) throw new Error(`cannot broadcast [${a}] with [${b}]`);
    out.push(x === 1 ? y : x);
  }
  return out;
};
const unary: ShapeRule = ({ list }) => [{ ...list[0]! }];
const binary: ShapeRule = ({ list }) => [{ shape: bc(list[0]!.shape, list[1]!.shape), dtype: list[0]!.dtype }];
const cmp: ShapeRule = ({ list }) => [{ shape: bc(list[0]!.shape, list[1]!.shape), dtype: 'bool' }];
const reduce: ShapeRule = ({ list, attrs }) => {
  const x = list[0]!;
  const ax = attrs.axis == null ? x.shape.map((_, i) => i) : ([] as number[]).concat(attrs.axis as number[]).map((a) => (a < 0 ? a + x.shape.length : a));
  const shape = attrs.keepDims ? x.shape.map((d, i) => (ax.includes(i) ? 1 : d)) : x.shape.filter((_, i) => !ax.includes(i));
  return [{ shape, dtype: x.dtype }];
};
const rules: Record<string, ShapeRule> = {};
for (const k of ['Abs', 'Neg', 'Exp', 'Log', 'Sqrt', 'Square', 'Relu', 'Sigmoid', 'Tanh', 'ZerosLike', 'OnesLike', 'Identity', 'Softmax', 'Step', 'Reciprocal', 'Rsqrt']) rules[k] = unary;
for (const k of ['Add', 'Sub', 'Multiply', 'RealDiv', 'FloorDiv', 'Mod', 'Maximum', 'Minimum', 'Pow']) rules[k] = binary;
for (const k of ['Greater', 'GreaterEqual', 'Less', 'LessEqual', 'Equal', 'NotEqual']) rules[k] = cmp;
for (const k of ['Sum', 'Max', 'Min', 'Mean', 'Prod']) rules[k] = reduce;
rules.Cast = ({ list, attrs }) => [{ shape: list[0]!.shape, dtype: attrs.dtype as DType }];
rules.Reshape = ({ list, attrs }) => {
  const shape = [...(attrs.shape as number[])];
  const size = list[0]!.shape.reduce((a, b) => a * b, 1);
  const k = shape.indexOf(-1);
  if (k >= 0) shape[k] = size / shape.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
  return [{ shape, dtype: list[0]!.dtype }];
};
rules.BatchMatMul = ({ inputs, attrs }) => {
  const a = inputs.a!.shape, b = inputs.b!.shape;
  const m = attrs.transposeA ? a[a.length - 1]! : a[a.length - 2]!;
  const n = attrs.transposeB ? b[b.length - 2]! : b[b.length - 1]!;
  return [{ shape: [...bc(a.slice(0, -2), b.slice(0, -2)), m, n], dtype: inputs.a!.dtype }];
};
rules.Concat = ({ list, attrs }) => {
  const ax = (attrs.axis as number) < 0 ? (attrs.axis as number) + list[0]!.shape.length : (attrs.axis as number);
  const shape = [...list[0]!.shape];
  shape[ax] = list.reduce((s, x) => s + x.shape[ax]!, 0);
  return [{ shape, dtype: list[0]!.dtype }];
};
rules.Select = ({ inputs }) => [{ shape: bc(inputs.t!.shape, inputs.e!.shape), dtype: inputs.t!.dtype }];
rules.Fill = ({ attrs }) => [{ shape: attrs.shape as number[], dtype: attrs.dtype as DType }];
rules.GatherV2 = ({ inputs, attrs }) => {
  const x = inputs.x!.shape;
  const ax = attrs.axis as number;
  return [{ shape: [...x.slice(0, ax), ...inputs.indices!.shape, ...x.slice(ax + 1)], dtype: inputs.x!.dtype }];
};
export const SHAPE_RULES: ShapeTable = rules;
void (0 as unknown as ArgInfo);
