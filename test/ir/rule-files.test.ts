// The rule folders of the tracer and the exporters follow one naming convention, so adding a kernel
// is no hunt: each file is named for an ir/kernels family (`nn.ts`, or `elementwise-unary.ts` for a
// family split in parts), exports one `*_RULES` table, and holds the rules of its family's kernels
// only (gradient kernels included, by their record's family); helpers that are not rules live in
// support/; the folder's index.ts joins exactly these files. Imports every rule file; runs no rule.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKernelName, KERNELS } from '../../src/ir/kernels/index.js';
import {
  familyOfRuleFile,
  loadRuleFiles,
  ROOT,
  RULE_STAGES,
  ruleFileNames,
  ruleFilesOf,
  SUPPORT_FOLDER,
} from '../../scripts/rule-files.js';

describe('the naming of rule files', () => {
  it('reads a file name as its family, the longest family first, parts after a dash', () => {
    expect(familyOfRuleFile('nn.ts')).toBe('nn');
    expect(familyOfRuleFile('src/export/onnx/rules/elementwise-unary.ts')).toBe('elementwise');
    expect(familyOfRuleFile('shape-ops.ts')).toBe('shape-ops');
    expect(familyOfRuleFile('shape-ops-split.ts')).toBe('shape-ops');
    expect(familyOfRuleFile('data-dependent.ts')).toBe('data-dependent');
    for (const odd of ['gradients.ts', 'unary.ts', 'slicing.ts', 'elementwise-.ts', 'nnx.ts'])
      expect(familyOfRuleFile(odd), odd).toBeUndefined();
  });
});

for (const stage of RULE_STAGES) {
  describe(`${stage.dir} (${stage.name})`, () => {
    it('holds family files, index.ts and a support/ folder only', () => {
      expect(
        ruleFileNames(stage).filter((f) => familyOfRuleFile(f) === undefined),
        'files not named for a family',
      ).toEqual([]);
      const folders = readdirSync(path.join(ROOT, stage.dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
      expect(folders.filter((f) => f !== SUPPORT_FOLDER)).toEqual([]);
    });

    it("keeps every kernel's rule in the file named for the kernel's family", async () => {
      const files = await loadRuleFiles(stage);
      const misplaced: string[] = [];
      const joined = new Set<string>();
      for (const { file, family, tables } of files) {
        const names = Object.keys(tables);
        if (family === undefined) {
          expect(names, `${file} is a helper, not a rule file`).toEqual([]);
          continue;
        }
        expect(names.length, `${file} exports one *_RULES table`).toBe(1);
        for (const k of Object.keys(tables[names[0]!]!)) {
          joined.add(k);
          if (!isKernelName(k)) misplaced.push(`${k} (no record) in ${file}`);
          else if (KERNELS[k].family !== family) misplaced.push(`${k} (family ${KERNELS[k].family}) in ${file}`);
        }
      }
      expect(misplaced).toEqual([]);
      // index.ts joins exactly the family files: nothing left out, nothing from elsewhere.
      expect([...joined].sort()).toEqual(Object.keys(stage.table).sort());
    });

    it('lists the files of a family for the scaffold (npm run new:kernel)', () => {
      for (const k of Object.keys(stage.table)) {
        if (!isKernelName(k)) continue;
        const files = ruleFilesOf(stage, KERNELS[k].family);
        expect(files.length, k).toBeGreaterThan(0);
        expect(
          files.every((f) => path.basename(f).startsWith(KERNELS[k].family)),
          k,
        ).toBe(true);
      }
    });
  });
}
