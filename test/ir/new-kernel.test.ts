// `npm run new:kernel` (scripts/new-kernel.ts) names the files to touch to add a kernel: for a
// recorded kernel they are the files that hold its record and rules, marked done; for a new one, the
// files named for the family it joins (or the family's first file of a stage, marked new). Runs the
// planner in-process and the script once through tsx.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKernelName } from '../../src/ir/kernels/index.js';
import { formatPlan, planKernel, UsageError, type KernelPlan } from '../../scripts/new-kernel.js';
import { ROOT, RULE_STAGES } from '../../scripts/rule-files.js';
import { readTfjsKernelDeclarations } from '../../scripts/tfjs-kernel-declarations.js';

const files = (plan: KernelPlan): string[] => plan.steps.flatMap((s) => s.files);
const stepOf = (plan: KernelPlan, title: string) => plan.steps.find((s) => s.title.startsWith(title))!;

describe('npm run new:kernel', () => {
  it('for a recorded kernel (Softplus), names the files that hold its record and rules, in order, and marks them done', async () => {
    const plan = await planKernel('Softplus');
    expect(plan).toMatchObject({
      family: 'elementwise',
      recorded: true,
      elementwise: true,
      gradient: true,
      cpuKernel: true,
      warnings: [],
    });
    for (const f of files(plan)) expect(existsSync(path.join(ROOT, f)), f).toBe(true);
    expect(stepOf(plan, 'its record')).toMatchObject({
      files: ['src/ir/kernels/elementwise.ts'],
      table: 'ELEMENTWISE_FAMILY',
      done: true,
    });
    expect(stepOf(plan, 'its record').notes[0]).toBe(
      "Softplus: { elementwise: true, onnxFloat32: 'always', inputs: ['x'] },",
    );
    expect(stepOf(plan, 'its shape rule')).toMatchObject({
      files: ['src/trace/rules/elementwise.ts'],
      table: 'ELEMENTWISE_RULES',
      done: true,
    });
    expect(stepOf(plan, 'its ONNX rule')).toMatchObject({
      files: ['src/export/onnx/rules/elementwise-unary.ts'],
      table: 'ELEMENTWISE_UNARY_RULES',
      done: true,
    });
    expect(stepOf(plan, 'its GraphModel rule')).toMatchObject({
      files: ['src/export/graph-model/rules/elementwise.ts'],
      done: true,
    });
    expect(stepOf(plan, 'its compiled scalar rule').files).toEqual(['src/exec/compiled/scalar-rules.ts']);
    expect(plan.steps.map((s) => s.files[0])).toEqual([
      'src/ir/kernels/elementwise.ts',
      'src/trace/rules/elementwise.ts',
      undefined,
      'src/exec/compiled/scalar-rules.ts',
      'src/exec/targets/wasm-simd/rules.ts',
      'src/opt/elementwise-kernels.ts',
      'src/exec/targets/wgsl/rules.ts',
      'src/exec/targets/glsl/rules.ts',
      'src/export/onnx/rules/elementwise-unary.ts',
      'src/export/graph-model/rules/elementwise.ts',
      'docs/kernels.md',
      'test/ir/kernel-declarations.test.ts',
    ]);
  });

  it('for a made-up kernel, names the family files of every stage, none done, and warns that tfjs declares no such kernel', async () => {
    const plan = await planKernel('Frobnicate', 'nn');
    expect(plan).toMatchObject({
      family: 'nn',
      recorded: false,
      elementwise: false,
      declared: undefined,
      cpuKernel: false,
      gradient: false,
    });
    expect(plan.warnings.join('\n')).toMatch(/tfjs-core declares no kernel named Frobnicate/);
    for (const f of files(plan)) expect(existsSync(path.join(ROOT, f)), f).toBe(true);
    expect(stepOf(plan, 'its record').files).toEqual(['src/ir/kernels/nn.ts']);
    for (const stage of RULE_STAGES) {
      const step = plan.steps.find((s) => s.files.some((f) => f.startsWith(`${stage.dir}/`)))!;
      expect(step.files, stage.dir).toEqual([`${stage.dir}/nn.ts`]);
      expect(step.done, stage.dir).toBe(false);
    }
    expect(plan.steps.some((s) => s.files.includes('src/opt/elementwise-kernels.ts'))).toBe(false);
  });

  it("names a family's first file in a stage that has none as new, and all the parts of a split family", async () => {
    const complex = await planKernel('Frobnicate', 'complex');
    expect(stepOf(complex, 'its ONNX rule')).toMatchObject({
      files: ['src/export/onnx/rules/complex.ts'],
      newFiles: ['src/export/onnx/rules/complex.ts'],
      table: 'COMPLEX_RULES',
    });
    expect(formatPlan(complex)).toContain('src/export/onnx/rules/complex.ts (new)');
    const elementwise = await planKernel('Frobnicate', 'elementwise');
    expect(stepOf(elementwise, 'its ONNX rule').files).toEqual([
      'src/export/onnx/rules/elementwise-binary.ts',
      'src/export/onnx/rules/elementwise-unary.ts',
    ]);
    expect(stepOf(elementwise, 'its record').notes[0]).toMatch(/^Frobnicate: \{ elementwise: true, inputs: \[/);
  });

  it('suggests a new record with the inputs and attrs tfjs-core declares', async () => {
    const declared = readTfjsKernelDeclarations();
    const unrecorded = [...declared.keys()].find((k) => !isKernelName(k));
    if (unrecorded === undefined) return; // every kernel tfjs declares has a record
    const plan = await planKernel(unrecorded, 'shape-ops');
    const d = declared.get(unrecorded)!;
    expect(stepOf(plan, 'its record').notes[0]).toContain(
      `inputs: ${d.inputs === 'variadic' ? "'variadic'" : `[${d.inputs.map((i) => `'${i}'`).join(', ')}]`}`,
    );
  });

  it('refuses a kernel without a record and no --family, and an unknown family', async () => {
    await expect(planKernel('Frobnicate')).rejects.toThrow(UsageError);
    await expect(planKernel('Frobnicate')).rejects.toThrow(/--family/);
    await expect(planKernel('Frobnicate', 'activations')).rejects.toThrow(/no family 'activations'/);
  });

  it('prints the plan when run with tsx, and exits 2 on a usage error', () => {
    const script = path.join(ROOT, 'scripts/new-kernel.ts');
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    const out = execFileSync(tsx, [script, 'Softplus'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toMatch(/^Softplus: family elementwise/);
    expect(out).toContain(' 1. [x] its record\n       src/ir/kernels/elementwise.ts');
    expect(out).toContain('src/export/onnx/rules/elementwise-unary.ts');
    let status: number | null = null;
    try {
      execFileSync(tsx, [script, 'Frobnicate'], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      status = (e as { status: number | null }).status;
    }
    expect(status).toBe(2);
  });
});
