// Quiet by default, verbose on demand: at verbosity 0 converted code that calls functions that are
// not the user's (the closure tf.grad returns, a bundler's helper) prints nothing and leaves them
// unconverted; verbosity 1 says so; a user function that cannot be converted is warned about once and
// not converted again on later calls; setVerbosity and AUTOGRAPH_VERBOSITY set the level.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { installConverter, sourceConverter } from '../../src/convert/registry.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function captureConsole(): { lines: () => string[]; restore: () => void } {
  const lines: string[] = [];
  const spies = (['warn', 'error', 'log'] as const).map((k) =>
    vi.spyOn(console, k).mockImplementation((...a: unknown[]) => void lines.push(a.join(' '))),
  );
  return { lines: () => lines, restore: () => spies.forEach((s) => s.mockRestore()) };
}

afterEach(() => ag.setVerbosity(0));
// tfjs's own "install tfjs-node" banner comes with the first cpu tensor: let it out before capturing.
beforeAll(() => tf.tensor(0).dispose());

describe('quiet by default', () => {
  it('a tfjs closure called from converted code is neither converted nor warned about, on every trace', () => {
    function slope(x: tf.Tensor): tf.Tensor {
      const dsquare = tf.grad((v: tf.Tensor) => tf.square(v));
      return dsquare(x);
    }
    const out = captureConsole();
    try {
      const f = ag.jit(slope, { scope: { tf } });
      for (const shape of [[], [2], [3], [4]]) {
        const x = tf.fill(shape, 3);
        const y = f(x);
        expect([...y.dataSync()]).toEqual(new Array(shape.length ? shape[0] : 1).fill(6));
        tf.dispose([x, y]);
      }
      expect(f.traceCount).toBe(4);
      expect(out.lines()).toEqual([]);
    } finally {
      out.restore();
    }
  });

  it('verbosity 1 says which functions were left unconverted and why', () => {
    ag.setVerbosity(1);
    function slope(x: tf.Tensor): tf.Tensor {
      return tf.grad((v: tf.Tensor) => tf.square(v))(x);
    }
    const out = captureConsole();
    try {
      const x = tf.scalar(2);
      ag.jit(slope, { scope: { tf } })(x).dispose();
      x.dispose();
    } finally {
      out.restore();
    }
    expect(
      out.lines().some((l) => /left '.*' as written: it is defined in a package \(@tensorflow\/tfjs-core\//.test(l)),
    ).toBe(true);
  });

  it("bundler helpers (tsx/esbuild's __name) are called as they are", () => {
    const calls: string[] = [];
    const __name = <T>(target: T, value: string): T => (calls.push(value), target);
    const double = (v: tf.Tensor): tf.Tensor => tf.mul(v, 2);
    function twice(x: tf.Tensor): tf.Tensor {
      const inner = __name(double, 'inner');
      return inner(x);
    }
    const out = captureConsole();
    try {
      const x = tf.scalar(4);
      const y = ag.jit(twice, { scope: { __name, double, tf } })(x);
      expect(y.dataSync()[0]).toBe(8);
      tf.dispose([x, y]);
    } finally {
      out.restore();
    }
    expect(calls).toEqual(['inner']);
    expect(out.lines()).toEqual([]);
    // It was called as it is, not converted: verbosity 1 says so (of a fresh helper: the decision
    // about one function is made once).
    ag.setVerbosity(1);
    const again = captureConsole();
    try {
      const x = tf.scalar(4);
      const fresh = <T>(target: T, value: string): T => (calls.push(value), target);
      Object.defineProperty(fresh, 'name', { value: '__name' });
      tf.dispose([x, ag.jit(twice, { scope: { __name: fresh, double, tf } })(x)]);
    } finally {
      again.restore();
    }
    expect(
      again.lines().filter((l) => l.includes("left '__name' as written: '__name' is a bundler or transpiler helper")),
    ).toHaveLength(1);
  });

  it('a user function that cannot be converted is warned about once and not converted again', () => {
    const real = sourceConverter();
    let attempts = 0;
    installConverter({ ...real, convertSource: (...a) => (attempts++, real.convertSource(...a)) });

    const helper = new Function('x', 'function* g() { yield x } return g().next().value') as (x: unknown) => unknown;
    const out = captureConsole();
    try {
      const f = ag.toGraph((x: number) => (helper as (v: number) => number)(x) + 1, { scope: { helper } });
      for (let i = 0; i < 20; i++) expect(f(i)).toBe(i + 1);
    } finally {
      out.restore();
      installConverter(real);
    }
    expect(out.lines().filter((l) => l.includes('could not convert'))).toHaveLength(1);
    expect(attempts).toBe(2); // the caller once, the helper once
  });
});

describe('setVerbosity and AUTOGRAPH_VERBOSITY', () => {
  it('accepts 0 to 3 and refuses anything else', () => {
    for (const v of [0, 1, 2, 3]) {
      ag.setVerbosity(v);
      expect(ag.verbosity()).toBe(v);
    }
    for (const v of [-1, 4, 1.5, NaN]) expect(() => ag.setVerbosity(v)).toThrow(RangeError);
  });

  it('AUTOGRAPH_VERBOSITY sets the level; AG_DEBUG=1 means 3; unset means 0', () => {
    const level = (env: Record<string, string>): string => {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', '-e', "import('./src/platform/log.ts').then((m) => console.log(m.verbosity()))"],
        {
          cwd: ROOT,
          env: { ...process.env, AUTOGRAPH_VERBOSITY: '', AG_DEBUG: '', ...env },
          encoding: 'utf8',
        },
      );
      return r.stdout.trim();
    };
    expect(level({})).toBe('0');
    expect(level({ AUTOGRAPH_VERBOSITY: '2' })).toBe('2');
    expect(level({ AG_DEBUG: '1' })).toBe('3');
    expect(level({ AUTOGRAPH_VERBOSITY: '9' })).toBe('3');
  });
});
