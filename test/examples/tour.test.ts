// `npm start` (the tour) runs to the end and shows each seed's source, generated code, graph and
// eager/jit results that agree.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the tour (npm start)', () => {
  it('exits 0 and prints every seed with agreeing eager and jit results', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/tour.ts'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    for (const name of ['square_if_positive', 'huber_loss', 'collatz', 'count_up', 'squares', 'checked_square']) {
      expect(out).toContain(`━━ ${name} `);
    }
    expect(out).toContain('── generated code (ag.toCode) ──');
    expect(out).toContain('ag__.whileStmt(');
    // `call → jit's result   (eager: … → …; plain JS → …)`
    expect(out).toContain('square_if_positive(9) → 81   (eager: converted code on tensors → 81; plain JS → 81)');
    expect(out).toContain('collatz(27) → 111   (eager: converted code on tensors → 111; plain JS → 111)');
    expect(out).toMatch(
      /squares\(10\) → \[0,1,4,9,16,25,36,49,64,81\] {3}\(eager: converted code on tensors → \[0,1,4,9,16,25,36,49,64,81\]/,
    );
    expect(out.match(/time per call \(median\)/g)).toHaveLength(6);
    expect(out).toContain('function collatz(a: tf.Tensor | number) {'); // the source as written, not as tsx printed it
    expect(out).toContain('onnxruntime-node runs it: collatz(27) → 111');
    for (const name of ['collatz', 'squares']) {
      const svg = readFileSync(`out/${name}.svg`, 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).toContain('cluster');
    }
  });
});
