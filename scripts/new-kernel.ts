// `npm run new:kernel <Name> [-- --family <family>]`: the files and tables to touch to add tfjs kernel
// <Name>, in order, each marked done or not: its record in src/ir/kernels/<family>.ts (inputs and
// attrs as tfjs-core declares them), its shape rule, its gradient, the compiled executor's and
// fusion's tables if elementwise, the ONNX and GraphModel rules, docs/kernels.md, and the tests that
// then fail until each step is done. It prints and writes nothing else: the compiler and those tests
// walk you through the edits (a record without a shape rule does not compile), so the tree never holds
// a half-made kernel. Needs tfjs (its kernel and gradient registries), tfjs-core's kernel declarations,
// the kernel records and every rule table. Produces `planKernel()`, `formatPlan()`; run with tsx it prints.

import * as tf from '@tensorflow/tfjs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isKernelName, KERNEL_FAMILIES, KERNELS, type KernelFamily } from '../src/ir/kernels/index.js';
import { isDrawOp } from '../src/ir/random.js';
import { ELEMENT_RULES } from '../src/exec/compiled/scalar-rules.js';
import { WASM_RULES } from '../src/exec/targets/wasm-simd/rules.js';
import { ELEMENTWISE_KERNELS } from '../src/opt/elementwise-kernels.js';
import { WGSL_RULES } from '../src/exec/targets/wgsl/rules.js';
import { GLSL_RULES } from '../src/exec/targets/glsl/rules.js';
import { loadRuleFiles, newRuleFile, ROOT, RULE_STAGES, ruleFilesOf, type RuleStage } from './rule-files.js';
import { readTfjsKernelDeclarations, type TfjsKernelDeclaration } from './tfjs-kernel-declarations.js';

/** One thing to do: where (repository-relative paths, existing or `new`), which table, done or not, and how. */
export interface Step {
  readonly title: string;
  /** The files to edit; for a choice between a family's parts, each of them. */
  readonly files: readonly string[];
  /** Files that do not exist yet (a family's first rule file in a stage). */
  readonly newFiles: readonly string[];
  /** The table (exported const) to add an entry to, when there is one. */
  readonly table?: string;
  /** true: done; false: to do; undefined: optional, or nothing to check. */
  readonly done: boolean | undefined;
  readonly notes: readonly string[];
}

export interface KernelPlan {
  readonly name: string;
  readonly family: KernelFamily;
  readonly recorded: boolean;
  readonly elementwise: boolean;
  /** What tfjs-core's kernel_names.d.ts declares for it, if anything. */
  readonly declared: TfjsKernelDeclaration | undefined;
  readonly cpuKernel: boolean;
  readonly gradient: boolean;
  readonly warnings: readonly string[];
  readonly steps: readonly Step[];
}

/** A command-line mistake: the message says what to pass instead. */
export class UsageError extends Error {}

const USAGE = `usage: npm run new:kernel <KernelName> [-- --family <${KERNEL_FAMILIES.join('|')}>]`;

const has = (table: object, k: string): boolean => Object.hasOwn(table, k);
const exists = (file: string): boolean => existsSync(path.join(ROOT, file));

/** The exported consts of `file` whose names end with `suffix` (`_FAMILY`, `_RULES`). */
function exportedConsts(file: string, suffix: string): string[] {
  if (!exists(file)) return [];
  return [
    ...readFileSync(path.join(ROOT, file), 'utf8').matchAll(new RegExp(`^export const (\\w+${suffix})\\b`, 'gm')),
  ].map((m) => m[1]!);
}

const literal = (v: unknown): string =>
  typeof v === 'string' ? `'${v}'` : Array.isArray(v) ? `[${v.map(literal).join(', ')}]` : String(v);

/** A record as the family files write it: `Name: { facts…, inputs: […], attrs: […] },`. */
function recordLine(name: string, fields: Readonly<Record<string, unknown>>): string {
  return `${name}: { ${Object.entries(fields)
    .map(([k, v]) => `${k}: ${literal(v)}`)
    .join(', ')} },`;
}

/** The record to paste for a kernel not recorded yet, from tfjs-core's declaration. */
function suggestedRecord(name: string, family: KernelFamily, declared: TfjsKernelDeclaration | undefined): string {
  if (!declared)
    return `${name}: { ${family === 'elementwise' ? 'elementwise: true, ' : ''}inputs: [/* the input names tfjs's op passes to runKernel */] },`;
  const fields: Record<string, unknown> = {};
  if (family === 'elementwise') fields.elementwise = true;
  fields.inputs = declared.inputs;
  if (declared.attrs.length) fields.attrs = declared.attrs;
  return recordLine(name, fields);
}

/** The step of one staged rule folder: the family's file(s) there, or its first file to create. */
async function ruleStep(
  stage: RuleStage,
  name: string,
  family: KernelFamily,
  title: string,
  notes: string[],
): Promise<Step> {
  const done = has(stage.table, name);
  if (done) {
    for (const f of await loadRuleFiles(stage)) {
      const table = Object.entries(f.tables).find(([, t]) => has(t, name));
      if (table) return { title, files: [f.file], newFiles: [], table: table[0], done, notes };
    }
  }
  const files = ruleFilesOf(stage, family);
  if (files.length) {
    const tables = files.flatMap((f) => exportedConsts(f, '_RULES'));
    const choice =
      files.length > 1 ? [`one of the family's parts: ${files.map((f) => path.basename(f)).join(', ')}`] : [];
    return { title, files, newFiles: [], table: tables.join(' or '), done, notes: [...choice, ...notes] };
  }
  const file = newRuleFile(stage, family);
  const table = `${family.replace(/-/g, '_').toUpperCase()}_RULES`;
  return {
    title,
    files: [file],
    newFiles: [file],
    table,
    done,
    notes: [
      `the stage has no ${family} file yet: create ${path.basename(file)} (header comment, one ${table} table) and join it in ${stage.dir}/index.ts`,
      ...notes,
    ],
  };
}

/** What to do to add (or complete) kernel `name`; `family` is required for a kernel without a record. */
export async function planKernel(name: string, family?: string): Promise<KernelPlan> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new UsageError(
      `'${name}' is not a kernel name (tfjs names kernels like Softplus, BatchMatMul, _FusedMatMul)\n${USAGE}`,
    );
  if (family !== undefined && !(KERNEL_FAMILIES as readonly string[]).includes(family))
    throw new UsageError(`no family '${family}': one of ${KERNEL_FAMILIES.join(', ')}\n${USAGE}`);
  const recorded = isKernelName(name);
  const warnings: string[] = [];
  if (recorded && family !== undefined && family !== KERNELS[name].family)
    warnings.push(`${name} is recorded in family ${KERNELS[name].family}: --family ${family} is ignored`);
  if (!recorded && family === undefined)
    throw new UsageError(
      `${name} has no record yet: say which family it joins with --family (${KERNEL_FAMILIES.join(', ')})\n${USAGE}`,
    );
  const fam = recorded ? KERNELS[name].family : (family as KernelFamily);
  const declared = readTfjsKernelDeclarations().get(name);
  if (!declared && !(recorded && KERNELS[name].drawOp))
    warnings.push(
      `tfjs-core declares no kernel named ${name} (dist/kernel_names.d.ts): check the spelling against tf.getKernel('${name}', 'cpu')`,
    );
  const cpuKernel = tf.getKernel(name, 'cpu') !== undefined;
  const gradient = tf.getGradient(name) != null;
  const elementwise = recorded ? KERNELS[name].elementwise === true : fam === 'elementwise';
  const draw = recorded ? isDrawOp(name) : false;
  const [trace, onnx, graphModel] = RULE_STAGES as [RuleStage, RuleStage, RuleStage];
  const recordFile = `src/ir/kernels/${fam}.ts`;
  const steps: Step[] = [];

  const current = recorded
    ? Object.fromEntries(Object.entries(KERNELS[name]).filter(([k]) => k !== 'name' && k !== 'family'))
    : undefined;
  steps.push({
    title: 'its record',
    files: [recordFile],
    newFiles: [],
    table: exportedConsts(recordFile, '_FAMILY')[0],
    done: recorded,
    notes: current
      ? [recordLine(name, current)]
      : [
          suggestedRecord(name, fam, declared),
          'add the facts that hold (src/ir/kernels/facts.ts: commutative, multiOutput, singleIeeeOp, onnxFloat32, wasmInt32 …);',
          "a gradient kernel (ReluGrad, MaxPoolGrad …) goes in the family of its own record, usually its forward kernel's;",
          'until a shape rule exists, src/trace/rules/index.ts does not compile ({ kernelsWithoutAShapeRule: … })',
        ],
  });
  if (draw)
    steps.push({
      title: 'no shape rule: a draw op, recorded by the tracer itself (src/ir/random.ts)',
      files: ['src/ir/random.ts'],
      newFiles: [],
      done: undefined,
      notes: [],
    });
  else
    steps.push(
      await ruleStep(trace, name, fam, 'its shape rule', [
        "and a case in test/trace/rules/corpus.ts that runs it (coverage.test.ts holds the rule to tfjs's cpu kernel)",
      ]),
    );
  steps.push({
    title: 'its gradient',
    files: gradient ? [] : ['src/grad/zero-grads.ts', 'src/grad/kernel-grads.ts'],
    newFiles: [],
    done: gradient ? true : undefined,
    notes: gradient
      ? ["tfjs registers one (tf.getGradient): the graph's gradients replay it, nothing to write"]
      : [
          'tfjs registers none: tf.grad through it fails, as in eager tfjs;',
          'if its outputs carry no gradient (a comparison, a predicate), add it to NOT_DIFFERENTIABLE in src/grad/zero-grads.ts;',
          'a tfjs gradient that builds ones(x.shape) and must run on -1 shapes is patched in src/grad/kernel-grads.ts',
        ],
  });
  if (elementwise) {
    const fusable = has(ELEMENTWISE_KERNELS, name);
    steps.push({
      title: 'its compiled scalar rule (optional: compiled code runs it without tfjs)',
      files: ['src/exec/compiled/scalar-rules.ts'],
      newFiles: [],
      table: 'ELEMENT_RULES',
      done: has(ELEMENT_RULES, name) || undefined,
      notes: ['the JS expression the tfjs cpu kernel computes per element, bit for bit'],
    });
    steps.push({
      title: "its WebAssembly SIMD rule (only where one SIMD instruction computes the cpu kernel's float32 result)",
      files: ['src/exec/targets/wasm-simd/rules.ts'],
      newFiles: [],
      table: 'WASM_RULES',
      done: has(WASM_RULES, name) || (recorded && KERNELS[name].singleIeeeOp ? false : undefined),
      notes: ['required for a singleIeeeOp record (test/ir/kernel-records.test.ts)'],
    });
    steps.push({
      title: 'fusion (optional: to let fuse-elementwise merge it)',
      files: ['src/opt/elementwise-kernels.ts'],
      newFiles: [],
      table: 'CATEGORIES (ELEMENTWISE_KERNELS)',
      done: fusable || undefined,
      notes: ['a fusable kernel needs a WGSL and a GLSL rule (those tables do not compile without one)'],
    });
    steps.push({
      title: 'its WGSL rule (if fusable)',
      files: ['src/exec/targets/wgsl/rules.ts'],
      newFiles: [],
      table: 'WGSL_RULES',
      done: has(WGSL_RULES, name) || (fusable ? false : undefined),
      notes: ['tested by test/exec/webgpu/wgsl-kernels.test.ts (vitest --project webgpu)'],
    });
    steps.push({
      title: 'its GLSL rule (if fusable)',
      files: ['src/exec/targets/glsl/rules.ts'],
      newFiles: [],
      table: 'GLSL_RULES',
      done: has(GLSL_RULES, name) || (fusable ? false : undefined),
      notes: ['tested by test/exec/glsl-target.test.ts'],
    });
  }
  steps.push(
    await ruleStep(onnx, name, fam, 'its ONNX rule (or none: docs/kernels.md lists the gap)', [
      'with edge cases in test/export/onnx-edge-table.ts (or an EXEMPT entry with the reason); checked against onnxruntime by test/export/onnx-kernels.test.ts',
    ]),
  );
  steps.push(
    await ruleStep(graphModel, name, fam, 'its GraphModel rule (or none: docs/kernels.md lists the gap)', [
      'with ops tfjs-converter runs; test/export/graph-model.test.ts loads the model back',
    ]),
  );
  steps.push({
    title: 'regenerate the kernel matrix: npm run docs:kernels',
    files: ['docs/kernels.md'],
    newFiles: [],
    done: undefined,
    notes: ["the only place the counts and the exporters' gaps are written down"],
  });
  const tests = [
    'test/ir',
    'test/trace/rules',
    'test/export/onnx-kernels.test.ts',
    'test/export/onnx-edge-values.test.ts',
    'test/export/graph-model-files.test.ts',
    'test/export/graph-model.test.ts',
  ];
  if (elementwise) tests.push('test/opt/passes.test.ts', 'test/exec/glsl-target.test.ts');
  steps.push({
    title: `check: npx tsc -p tsconfig.json --noEmit; npx vitest run ${tests.join(' ')} --maxWorkers=1`,
    files: [
      'test/ir/kernel-declarations.test.ts',
      'test/ir/rule-files.test.ts',
      'test/ir/kernel-matrix.test.ts',
      'test/trace/rules/coverage.test.ts',
    ],
    newFiles: [],
    done: undefined,
    notes: [
      "kernel-declarations: the record's inputs and attrs are tfjs's;",
      'rule-files: each rule is in the file named for its family;',
      "kernel-matrix: docs/kernels.md is what npm run docs:kernels writes (the exporters' coverage tests read their gaps from it);",
      'coverage: a corpus case runs the kernel and its shape rule agrees with tfjs',
    ],
  });
  return { name, family: fam, recorded, elementwise, declared, cpuKernel, gradient, warnings, steps };
}

const MARK = (done: boolean | undefined): string => (done === true ? '[x]' : done === false ? '[ ]' : '[-]');

/** The plan as text: a summary line, warnings, then the numbered steps with their files, tables and notes. */
export function formatPlan(plan: KernelPlan): string {
  const d = plan.declared;
  const declared = d
    ? `tfjs-core declares inputs ${d.inputs === 'variadic' ? '[array]' : d.inputs.join(', ') || 'none'}, attrs ${d.attrs.join(', ') || 'none'}`
    : 'tfjs-core declares no such kernel';
  const lines = [
    `${plan.name}: family ${plan.family}${plan.elementwise ? ' (elementwise)' : ''}, ${plan.recorded ? 'recorded' : 'not recorded yet'}; ${declared}; ` +
      `tfjs's cpu backend has ${plan.cpuKernel ? 'a' : 'no'} kernel for it; tfjs registers ${plan.gradient ? 'a' : 'no'} gradient for it.`,
    ...plan.warnings.map((w) => `warning: ${w}`),
    '',
    'Files to touch, in order ([x] done, [ ] to do, [-] optional or nothing to check):',
  ];
  plan.steps.forEach((s, i) => {
    lines.push(`${String(i + 1).padStart(2)}. ${MARK(s.done)} ${s.title}`);
    for (const f of s.files) lines.push(`       ${f}${s.newFiles.includes(f) ? ' (new)' : ''}`);
    if (s.table) lines.push(`       table: ${s.table}`);
    for (const n of s.notes) lines.push(`       ${n}`);
  });
  return lines.join('\n');
}

function parseArgs(argv: readonly string[]): { name: string; family?: string } {
  let name: string | undefined;
  let family: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--family') family = argv[++i];
    else if (a.startsWith('--family=')) family = a.slice('--family='.length);
    else if (a === '--help' || a === '-h') throw new UsageError(USAGE);
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}\n${USAGE}`);
    else if (name === undefined) name = a;
    else throw new UsageError(`one kernel name at a time (got ${name} and ${a})\n${USAGE}`);
  }
  if (name === undefined) throw new UsageError(USAGE);
  if (family === '') throw new UsageError(`--family needs a family\n${USAGE}`);
  return family === undefined ? { name } : { name, family };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { name, family } = parseArgs(process.argv.slice(2));
    console.log(formatPlan(await planKernel(name, family)));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    process.exitCode = 2;
  }
}
