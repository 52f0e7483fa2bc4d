// docs/kernels.md, the kernel × capability matrix: one row per kernel record (src/ir/kernels/),
// grouped by family, with its inputs (as tfjs names them), a column per rule table (shape rule, tfjs gradient, compiled scalar, SIMD,
// fusable, WGSL, GLSL, ONNX, GraphModel) with its count, and the traced kernels each exporter lacks.
// Needs every rule table and tfjs's gradient registry. Produces `kernelMatrix()`, `kernelsDoc()`,
// `documentedGaps()` (the exporters' gap lists as the document writes them, for their tests);
// run as `npm run docs:kernels` (npx tsx scripts/kernels-doc.ts) it rewrites docs/kernels.md.

import * as tf from '@tensorflow/tfjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KERNEL_FAMILIES, KERNELS, kernelsOf, type Kernel, type KernelName } from '../src/ir/kernels/index.js';
import { SHAPE_RULES } from '../src/trace/rules/index.js';
import { ELEMENT_RULES } from '../src/exec/compiled/scalar-rules.js';
import { WASM_RULES } from '../src/exec/targets/wasm-simd/rules.js';
import { ELEMENTWISE_KERNELS } from '../src/opt/elementwise-kernels.js';
import { WGSL_RULES } from '../src/exec/targets/wgsl/rules.js';
import { GLSL_RULES } from '../src/exec/targets/glsl/rules.js';
import { ONNX_RULES } from '../src/export/onnx/rules/index.js';
import { GRAPH_MODEL_RULES } from '../src/export/graph-model/rules/index.js';

/** The capability columns, in the matrix's order. */
export const CAPABILITIES = [
  'shape rule',
  'gradient',
  'compiled scalar',
  'SIMD',
  'fusable',
  'WGSL',
  'GLSL',
  'ONNX',
  'GraphModel',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const has = (table: object, k: string): boolean => Object.hasOwn(table, k);

/** Which capabilities kernel `k` has: a rule in the table of each column (gradient: tfjs's registry). */
function capabilitiesOf(k: KernelName): Record<Capability, boolean> {
  return {
    'shape rule': has(SHAPE_RULES, k),
    gradient: tf.getGradient(k) != null,
    'compiled scalar': has(ELEMENT_RULES, k),
    SIMD: has(WASM_RULES, k),
    fusable: has(ELEMENTWISE_KERNELS, k),
    WGSL: has(WGSL_RULES, k),
    GLSL: has(GLSL_RULES, k),
    ONNX: has(ONNX_RULES, k),
    GraphModel: has(GRAPH_MODEL_RULES, k),
  };
}

export interface MatrixRow {
  readonly kernel: Kernel;
  readonly has: Readonly<Record<Capability, boolean>>;
}

/** Every kernel record with its capabilities, family by family. */
export function kernelMatrix(): MatrixRow[] {
  return KERNEL_FAMILIES.flatMap((f) => kernelsOf(f).map((k) => ({ kernel: KERNELS[k], has: capabilitiesOf(k) })));
}

/** The number of kernels with each capability. */
export function capabilityCounts(rows: readonly MatrixRow[] = kernelMatrix()): Record<Capability, number> {
  return Object.fromEntries(CAPABILITIES.map((c) => [c, rows.filter((r) => r.has[c]).length])) as Record<
    Capability,
    number
  >;
}

/** The traced kernels (those with a shape rule) that lack `capability`, sorted. */
export function tracedWithout(capability: Capability, rows: readonly MatrixRow[] = kernelMatrix()): KernelName[] {
  return rows
    .filter((r) => r.has['shape rule'] && !r.has[capability])
    .map((r) => r.kernel.name)
    .sort();
}

/** The heading of the section of docs/kernels.md that lists the traced kernels without a `target` rule. */
function gapHeading(target: 'ONNX' | 'GraphModel', count: number): string {
  return `## Traced kernels without ${target === 'ONNX' ? 'an' : 'a'} ${target} rule (${count})`;
}

/** Where `npm run docs:kernels` writes the matrix. */
export const KERNELS_DOC = fileURLToPath(new URL('../docs/kernels.md', import.meta.url));

/** The traced kernels docs/kernels.md (or its text `doc`) lists as lacking a `target` rule, as written there. */
export function documentedGaps(target: 'ONNX' | 'GraphModel', doc = readFileSync(KERNELS_DOC, 'utf8')): string[] {
  const lines = doc.split('\n');
  const at = lines.findIndex((l) => l.startsWith(gapHeading(target, 0).replace(/\(0\)$/, '(')));
  if (at < 0) throw new Error(`docs/kernels.md has no section of traced kernels without a ${target} rule`);
  const list = lines[at + 2] ?? '';
  return list === 'none' ? [] : list.split(', ');
}

function facts(k: Kernel): string {
  const out: string[] = [];
  if (k.elementwise) out.push('elementwise');
  if (k.commutative) out.push('commutative');
  if (k.reduction) out.push(`${k.reduction} reduction`);
  if (k.singleIeeeOp) out.push('single IEEE op');
  if (k.multiOutput) out.push('multi-output');
  if (k.nondeterministic) out.push('nondeterministic');
  if (k.drawOp) out.push('draw op');
  if (k.onnxFloat32 === 'always') out.push('ONNX in float32');
  if (k.onnxFloat32 === 'numerics-float32') out.push("ONNX in float32 with numerics 'float32'");
  if (k.wasmInt32) out.push(`int32 on wasm: ${k.wasmInt32}`);
  return out.join(', ');
}

/** A record's inputs as the matrix shows them: `a, b, bias?`, or `[array]` for one array of tensors. */
function inputsText(k: Kernel): string {
  return k.inputs === 'variadic' ? '[array]' : k.inputs.join(', ');
}

/** The text of docs/kernels.md. */
export function kernelsDoc(): string {
  const rows = kernelMatrix();
  const counts = capabilityCounts(rows);
  const header = `| kernel | inputs | ${CAPABILITIES.join(' | ')} | facts |`;
  const rule = `|---|---|${CAPABILITIES.map(() => ':-:').join('|')}|---|`;
  const lines = [
    '# Kernels and what each stage can do with them',
    '',
    '<!-- Generated by `npm run docs:kernels` (scripts/kernels-doc.ts) from src/ir/kernels/ and the rule tables; do not edit. -->',
    '',
    `Every tfjs kernel autograph-ts knows has one record in \`src/ir/kernels/\` (its family, the inputs and attrs tfjs-core declares for it, and its facts); each`,
    'stage keeps a rule table keyed by kernel name. This matrix shows which tables have a rule for which',
    'kernel. A kernel without a shape rule cannot be traced; one without an ONNX or GraphModel rule',
    'traces and runs, but a graph using it does not export to that format.',
    '',
    '- **shape rule**: output shapes and dtypes while tracing (`src/trace/rules/`)',
    "- **gradient**: tfjs registers a gradient for it (the graph's gradients replay tfjs's)",
    '- **compiled scalar**: the compiled executor computes it element by element in JS (`src/exec/compiled/scalar-rules.ts`)',
    '- **SIMD**: the compiled executor computes it in WebAssembly SIMD (`src/exec/targets/wasm-simd/rules.ts`)',
    '- **fusable**: fusion may merge it into a Fused node (`src/opt/elementwise-kernels.ts`)',
    '- **WGSL**, **GLSL**: a step of a fused chain in one webgpu / webgl program (`src/exec/targets/wgsl/rules.ts`, `src/exec/targets/glsl/rules.ts`)',
    '- **ONNX** (`src/export/onnx/rules/`), **GraphModel** (`src/export/graph-model/rules/`): the exporters',
    '',
    `${rows.length} kernels in ${KERNEL_FAMILIES.length} families.`,
    '',
    `| | ${CAPABILITIES.join(' | ')} |`,
    `|---|${CAPABILITIES.map(() => '--:').join('|')}|`,
    `| kernels with a rule | ${CAPABILITIES.map((c) => counts[c]).join(' | ')} |`,
    '',
  ];
  for (const family of KERNEL_FAMILIES) {
    const of = rows.filter((r) => r.kernel.family === family);
    lines.push(`## ${family} (${of.length})`, '', header, rule);
    for (const r of of)
      lines.push(
        `| ${r.kernel.name} | ${inputsText(r.kernel)} | ${CAPABILITIES.map((c) => (r.has[c] ? '✓' : '')).join(' | ')} | ${facts(r.kernel)} |`,
      );
    lines.push('');
  }
  for (const target of ['ONNX', 'GraphModel'] as const) {
    const missing = tracedWithout(target, rows);
    lines.push(gapHeading(target, missing.length), '', missing.length ? missing.join(', ') : 'none', '');
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(KERNELS_DOC, kernelsDoc());
  console.log(`wrote ${KERNELS_DOC}`);
}
