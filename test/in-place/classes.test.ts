// Classes, object literals and closures converted by the autograph Vite plugin (the `in-place`
// project of vitest.config.ts) beside the code as written: jit code reaching a method, a getter, a
// static method, a private method, `super`, a class field arrow, an object-literal method (one
// reading `arguments`) or a factory's closure runs the converted twin with its closure (no scope,
// no new Function, no warning), as plain JS on the same values; plain calls run the code as written.

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { jit, toCode, toGraph } from '../../src/index.js';
import { setCodeGeneration } from '../../src/plugin/runtime.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- operators on tensors, as converted code allows */

const LIMIT = 20;

beforeAll(async () => {
  await tf.setBackend('cpu');
  tf.scalar(0).dispose(); // tfjs's one-time "install tfjs-node" notice, before the warnings are watched
});
afterEach(() => vi.restoreAllMocks());

class Counter {
  step = 3;
  shift(x: any): any {
    return x > LIMIT ? x - 1 : x + 1;
  }
}

class Grower extends Counter {
  #floor = 2;
  factor: any = 2;
  half = (x: any): any => {
    if (x > LIMIT) return x / 2;
    return x;
  };
  grow(x: any): any {
    while (x < LIMIT) x = x * this.factor + this.step;
    return super.shift(this.#cap(x));
  }
  #cap(x: any): any {
    if (x > 40) return x - 40;
    return x + this.#floor;
  }
  get gain(): any {
    if (this.factor > 1) return this.factor * 10;
    return this.factor;
  }
  lifted(x: any): any {
    return this.#viaSuper(x);
  }
  #viaSuper(x: any): any {
    if (x > 5) return super.shift(x) * 2;
    return x;
  }
  static shrink(x: any): any {
    let y = x;
    while (y > 10) y = y / 2;
    return y;
  }
}

const table = {
  k: 4,
  fold(x: any): any {
    let n = 0;
    while (x > this.k) {
      x = x - this.k;
      n = n + 1;
    }
    return x * 10 + n;
  },
  spread(x: any, ..._more: any[]): any {
    if (x > 5) return x * arguments.length;
    return x;
  },
};

function makeStep(k: number): (x: any) => any {
  return (x) => (x > k ? x - k : x + k);
}

const g = new Grower();
const plainGrower = Object.assign(new Grower(), { factor: 2 });
/** Each case: jit code calling the member with a tensor, and the same member called with a JS number. */
const CASES: Record<string, [(x: any) => any, (x: number) => number]> = {
  method: [(x) => g.grow(x), (x) => g.grow(x)],
  bound: [g.grow.bind(g), (x) => g.grow(x)],
  fieldArrow: [(x) => g.half(x), (x) => g.half(x)],
  getter: [(x) => x * g.gain, (x) => x * plainGrower.gain],
  staticMethod: [(x) => Grower.shrink(x), (x) => Grower.shrink(x)],
  objectMethod: [(x) => table.fold(x), (x) => table.fold(x)],
  privateSuper: [(x) => g.lifted(x), (x) => g.lifted(x)],
  objectArguments: [(x) => table.spread(x, 1, 2), (x) => table.spread(x, 1, 2)],
  factory: [makeStep(3), (x) => makeStep(3)(x)],
};

describe('members and closures of a module converted in place', () => {
  it.each(Object.keys(CASES))('%s: converted with its closure, as plain JS on the same values', (name) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [staged, plain] = CASES[name]!;
    const f = jit(staged);
    for (const v of [2, 7, 30]) expect((f(tf.scalar(v)) as tf.Tensor).dataSync()[0]).toBe(plain(v));
    expect(f.traceCount).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('needs no Function constructor (the twins are in the module)', () => {
    setCodeGeneration(false);
    const spy = vi.spyOn(globalThis, 'Function');
    try {
      expect((jit((x: any) => g.grow(x))(tf.scalar(4)) as tf.Tensor).dataSync()[0]).toBe(g.grow(4));
      expect((toGraph(Grower.shrink)(tf.scalar(30)) as tf.Tensor).dataSync()[0]).toBe(Grower.shrink(30));
      expect(spy).not.toHaveBeenCalled();
    } finally {
      setCodeGeneration(true);
    }
  });

  it('plain calls run the code as written: a public method keeps its text', () => {
    expect(Function.prototype.toString.call(Grower.prototype.grow)).not.toContain('ag__');
    expect(Function.prototype.toString.call(table.fold)).toMatch(/twinState\.depth/);
  });

  it("toCode shows the converted code that runs: a method's twin, a fused member's own text", () => {
    for (const f of [Grower.prototype.grow, Grower.shrink, g.half, table.fold]) {
      const code = toCode(f);
      expect(code).toMatch(/ag__\.(whileStmt|ifStmt)\(/);
    }
  });
});
