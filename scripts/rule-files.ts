// Where each stage keeps its per-kernel rules, and the naming convention of its rule folder: one
// file per ir/kernels family, named exactly like the family (`nn.ts`) or, for a family too big for
// one file, `<family>-<part>.ts` (`elementwise-unary.ts`); each family file exports one `*_RULES`
// table holding its family's kernels only; helpers that are not rules live in `support/`.
// Needs node:fs, the kernel records and the stages' joined tables. Produces `RULE_STAGES`,
// `familyOfRuleFile`, `ruleFilesOf`, `loadRuleFiles`, used by test/ir/rule-files.test.ts (which holds
// the folders to the convention) and scripts/new-kernel.ts (which names the files to touch).

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { KERNEL_FAMILIES, type KernelFamily, type KernelTable } from '../src/ir/kernels/index.js';
import { SHAPE_RULES } from '../src/trace/rules/index.js';
import { ONNX_RULES } from '../src/export/onnx/rules/index.js';
import { GRAPH_MODEL_RULES } from '../src/export/graph-model/rules/index.js';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The folder of helpers that are not rules, inside each rules folder. */
export const SUPPORT_FOLDER = 'support';

/** A stage whose rules are split into one file per family, joined by the folder's index.ts. */
export interface RuleStage {
  /** What the rules are, as docs/kernels.md's columns say. */
  readonly name: 'shape rule' | 'ONNX' | 'GraphModel';
  /** The rules folder, relative to the repository root. */
  readonly dir: string;
  /** The stage's joined table. */
  readonly table: KernelTable<unknown>;
}

export const RULE_STAGES: readonly RuleStage[] = [
  { name: 'shape rule', dir: 'src/trace/rules', table: SHAPE_RULES },
  { name: 'ONNX', dir: 'src/export/onnx/rules', table: ONNX_RULES },
  { name: 'GraphModel', dir: 'src/export/graph-model/rules', table: GRAPH_MODEL_RULES },
];

/** The family a rule file's name (`nn.ts`, `elementwise-unary.ts`) is named for, or undefined. */
export function familyOfRuleFile(file: string): KernelFamily | undefined {
  const base = path.basename(file).replace(/\.ts$/, '');
  let best: KernelFamily | undefined;
  for (const f of KERNEL_FAMILIES) {
    if ((base === f || (base.startsWith(`${f}-`) && base.length > f.length + 1)) && (!best || f.length > best.length))
      best = f;
  }
  return best;
}

/** The .ts files directly in a stage's folder (not index.ts, not support/), sorted. */
export function ruleFileNames(stage: RuleStage): string[] {
  return readdirSync(path.join(ROOT, stage.dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && e.name !== 'index.ts')
    .map((e) => e.name)
    .sort();
}

/** The files of `stage` named for `family` (repository-relative paths), sorted; empty when it has none yet. */
export function ruleFilesOf(stage: RuleStage, family: KernelFamily): string[] {
  return ruleFileNames(stage)
    .filter((f) => familyOfRuleFile(f) === family)
    .map((f) => `${stage.dir}/${f}`);
}

/** Where a family's first rule file goes in `stage` when it has none: `<dir>/<family>.ts`. */
export function newRuleFile(stage: RuleStage, family: KernelFamily): string {
  return `${stage.dir}/${family}.ts`;
}

/** One rule file as loaded: its path, the family its name gives, and the tables it exports (`*_RULES`). */
export interface LoadedRuleFile {
  readonly file: string;
  readonly family: KernelFamily | undefined;
  readonly tables: Readonly<Record<string, KernelTable<unknown>>>;
}

/** Imports every file of a stage's folder (support/ included) and collects the `*_RULES` tables each exports. */
export async function loadRuleFiles(stage: RuleStage): Promise<LoadedRuleFile[]> {
  const files = ruleFileNames(stage).map((f) => `${stage.dir}/${f}`);
  const support = path.join(ROOT, stage.dir, SUPPORT_FOLDER);
  if (existsSync(support)) {
    for (const f of readdirSync(support).sort())
      if (f.endsWith('.ts')) files.push(`${stage.dir}/${SUPPORT_FOLDER}/${f}`);
  }
  const out: LoadedRuleFile[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<string, unknown>;
    const tables = Object.fromEntries(
      Object.entries(module).filter(([name, v]) => /_RULES$/.test(name) && typeof v === 'object' && v !== null),
    ) as Record<string, KernelTable<unknown>>;
    out.push({ file, family: file.includes(`/${SUPPORT_FOLDER}/`) ? undefined : familyOfRuleFile(file), tables });
  }
  return out;
}
