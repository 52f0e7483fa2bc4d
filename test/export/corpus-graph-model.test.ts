// The differential corpus (every case of test/exec/differential/differential-*.test.ts, plus the named
// programs of corpus-named.ts) exported with `ConcreteFunction.toGraphModel()`, loaded with
// `tf.loadGraphModel(tf.io.fromMemory(...))` from @tensorflow/tfjs-converter and run on the cpu
// backend (`executeAsync` when the model has control flow, `execute` otherwise), compared with
// eager tfjs (float32 exactly where the case asks).
// A case a GraphModel cannot express is listed in INEXPRESSIBLE with its reason, and its test checks
// that the export fails with that catalogued error.
import '@tensorflow/tfjs';
import { beforeAll, expect, it } from 'vitest';
import { jit } from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { freshArgs, disposeAll, useBackend, type DiffCase } from '../helpers/differential.js';
import { corpusSuite } from './corpus.js';
import { exportedDifferential, runGraphModel } from './corpus-run.js';
import { NAMED_CASES } from './corpus-named.js';

/** Cases whose trace has no GraphModel form: the catalogued error and the kernel it names. */
const INEXPRESSIBLE: Readonly<
  Record<string, { readonly error: string; readonly op: string; readonly reason: string }>
> = {
  'differential-captures: assigning variables inside the function (a counter and a running state, int32 exact)': {
    error: 'export/graph-model-unsupported',
    op: 'AssignVariable',
    reason: 'a GraphModel holds no variables, so a write to one cannot be kept',
  },
};

function expectInexpressible(c: DiffCase, want: { error: string; op: string }): void {
  const f = jit(c.fn, { autograph: false, executor: 'interpreter' });
  const args = freshArgs(c, 0);
  try {
    const cf = f.getConcreteFunction(...args);
    let err: unknown;
    try {
      cf.toGraphModel({ onWarning: () => undefined });
    } catch (e) {
      err = e;
    }
    expect(err, 'the export fails').toBeInstanceOf(AutographError);
    expect((err as AutographError).id).toBe(want.error);
    expect((err as AutographError).message).toContain(want.op);
  } finally {
    disposeAll(args);
    for (const cf of f.concreteFunctions()) cf.dispose();
  }
}

beforeAll(async () => {
  await useBackend('cpu');
});

corpusSuite('the differential corpus exported as a TF.js GraphModel, run by tfjs-converter', (cases) => {
  it('finds the corpus; every listed inexpressible case exists', () => {
    expect(cases.length).toBeGreaterThanOrEqual(145);
    const ids = new Set(cases.map((c) => c.id));
    expect(Object.keys(INEXPRESSIBLE).filter((id) => !ids.has(id))).toEqual([]);
  });
  for (const { id, case: c } of [...cases, ...NAMED_CASES.map((c) => ({ id: `named: ${c.name}`, case: c }))]) {
    const no = INEXPRESSIBLE[id];
    if (no) it(`${id} [not expressible: ${no.reason}]`, () => expectInexpressible(c, no));
    else it(id, () => exportedDifferential(c, 'GraphModel in tfjs-converter', runGraphModel));
  }
});
