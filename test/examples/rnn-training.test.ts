// examples/rnn-training.ts runs to the end (a short run: 4 epochs) and prints eager and jit loss
// curves that agree, from one trace, with a falling loss.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the RNN training example', () => {
  it('trains in one jit call with the same losses as eager', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/rnn-training.ts'], {
      encoding: 'utf8',
      timeout: 240_000,
      env: { ...process.env, RNN_EPOCHS: '4' },
    });
    expect(out).toMatch(/largest relative difference: \S+ → agree/);
    expect(out).toContain('traces: 1');
    expect(out).toMatch(/speed ratio eager\/jit: [\d.]+×/);
    const curve = (label: string) =>
      out
        .match(new RegExp(`${label} curve:\\s+(.*)`))![1]!
        .trim()
        .split(/\s+/)
        .map(Number);
    const eager = curve('eager');
    const jitted = curve('jit');
    expect(eager).toHaveLength(4);
    expect(jitted).toHaveLength(4);
    jitted.forEach((l, i) => expect(Math.abs(l - eager[i]!)).toBeLessThanOrEqual(1e-4 * Math.max(1, eager[i]!)));
    expect(eager[3]!).toBeLessThan(eager[0]!);
  });
});
