// Messages real programs met that named the wrong construct or variable: a `for` statement called a
// "while loop"; a comparison on a tensor in unconverted code blamed on dataSync/arraySync; a loop
// with `break` and a vector condition reported as branches of different shapes; a tensor `break` in
// a C-style for loop over JS values, and in a `while (true)` nested in a staged loop, reported as a
// loop variable or a condition that changed type. Each now names the user's construct and variable.
// Also: a function whose source the converter refused is not converted again on the next call.
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';
import { installConverter, sourceConverter } from '../../src/convert/registry.js';

type T = tf.Tensor;
const scope = { tf };

function errorOf(f: () => unknown): AutographError {
  try {
    f();
  } catch (e) {
    if (e instanceof AutographError) return e;
    throw e;
  }
  throw new Error('no error');
}

beforeAll(() => tf.tensor(0).dispose());

describe('loops over JS values whose condition becomes a tensor', () => {
  it('a tensor `break` in a C-style for loop is js-loop-tensor-break, said of a for loop', () => {
    function firstBelow(t: T): number {
      let s = 0;
      for (let k = 0; k < 10; k++) {
        if ((t as never as number) < k) break;
        s += k;
      }
      return s;
    }
    const e = errorOf(() => ag.jit(firstBelow, { scope })(tf.scalar(3)));
    expect(e.id).toBe('convert/js-loop-tensor-break');
    expect(e.summary).toContain('break statements which depend on a tensor condition');
    expect(e.summary).toContain('this for loop runs as plain JS');
    expect(e.location?.line).toBeGreaterThan(0);
    expect(e.location?.frame).toMatch(/> *\d+ \|\s+for \(let k = 0/);
  });

  it('a tensor `return` in a while loop over JS values says return and while loop', () => {
    function firstReturn(t: T): T | number {
      let i = 0;
      while (i < 5) {
        if ((t as never as number) > i) return t;
        i++;
      }
      return i;
    }
    const e = errorOf(() => ag.jit(firstReturn, { scope })(tf.scalar(3)));
    expect(e.id).toBe('convert/js-loop-tensor-break');
    expect(e.summary).toMatch(/^return statements .* this while loop/);
  });

  it('a for loop whose variable becomes a tensor names the loop and the variable', () => {
    function grows(x: T): T {
      let i: number | T = 0;
      for (; (i as number) < 3;) i = tf.add(tf.sum(x), i as number);
      return i as T;
    }
    const e = errorOf(() => ag.jit(grows, { scope })(tf.ones([2])));
    expect(e.id).toBe('convert/while-cond-became-tensor');
    expect(e.summary).toBe(
      "the condition of the for loop started as non-Tensor, then changed to Tensor: 'i' became a tensor in the loop body",
    );
    expect(e.hint).toContain("initialize 'i' with tf.scalar");
  });

  it('a while loop keeps its name in the same message', () => {
    function grows(x: T): T {
      let i: number | T = 0;
      while ((i as number) < 3) i = tf.add(tf.sum(x), i as number);
      return i as T;
    }
    expect(errorOf(() => ag.jit(grows, { scope })(tf.ones([2]))).summary).toMatch(
      /^the condition of the while loop .*'i' became a tensor/,
    );
  });

  it('`while (true) { if (k >= n) break; … }` nested in a staged loop names the break, not the return value', () => {
    function nested(x: T, n: T): T {
      let s = x;
      while ((s as never as number) < 100) {
        let k = 0;
        while (true) {
          if (k >= (n as never as number)) break;
          k += 1;
          s = tf.add(s, 1);
        }
        if ((s as never as number) > 50) return s;
      }
      return s;
    }
    const e = errorOf(() => ag.jit(nested, { scope })(tf.scalar(3), tf.scalar(4)));
    expect(e.id).toBe('convert/js-loop-tensor-break');
    expect(e.summary).toContain('this while loop');
    expect(e.message).not.toContain('<return value>');
  });

  it('the same nested loop with a JS bound runs (the break decided at trace time)', () => {
    function nested(x: T, n: number): T {
      let s = x;
      while ((s as never as number) < 100) {
        let k = 0;
        while (true) {
          if (k >= n) break;
          k += 1;
          s = tf.add(s, 1);
        }
        if ((s as never as number) > 50) return s;
      }
      return s;
    }
    const y = ag.jit(nested, { scope })(tf.scalar(3), 4) as T;
    expect(y.dataSync()[0]).toBe(51);
    y.dispose();
  });
});

describe('vector conditions', () => {
  it('a staged while with a break and a vector condition gives the condition-must-be-scalar error', () => {
    function withBreak(x: T): T {
      let k = 0;
      while ((x as never as number) > 0) {
        x = tf.sub(x, 1);
        k += 1;
        if (k > 5) break;
      }
      return x;
    }
    function withoutBreak(x: T): T {
      while ((x as never as number) > 0) x = tf.sub(x, 1);
      return x;
    }
    for (const f of [withBreak, withoutBreak]) {
      const e = errorOf(() => ag.jit(f, { scope })(tf.tensor1d([1, 2])));
      expect(e.id).toBe('while/cond-not-scalar');
      expect(e.summary).toContain('shape [2]');
      expect(e.location?.frame).toMatch(/> *\d+ \|\s+while \(/);
    }
  });
});

describe('tensors in code that is not converted', () => {
  it('a comparison says a JS operator met a tensor, not dataSync', () => {
    const e = errorOf(() =>
      ag.jit((x: T) => ((x as never as number) > 0 ? x : tf.neg(x)), { autograph: false })(tf.scalar(2)),
    );
    expect(e.id).toBe('trace/tensor-in-js-operator');
    expect(e.summary).toContain('a tensor meets a JS operator');
    expect(e.hint).toContain('tf.greater(x, 0)');
  });

  it('reads name the method the user called', () => {
    const reads: [string, (x: T) => unknown][] = [
      ['dataSync()', (x) => x.dataSync()],
      ['arraySync()', (x) => x.arraySync()],
      ['bufferSync()', (x) => x.bufferSync()],
    ];
    for (const [what, read] of reads) {
      const e = errorOf(() => ag.jit((x: T) => (read(x), x), { autograph: false })(tf.scalar(2)));
      expect(e.id).toBe('trace/symbolic-read');
      expect(e.summary).toContain(`(${what})`);
    }
  });

  it('await x.data() rejects with the symbolic read, located at the call', async () => {
    let pending: Promise<unknown> | undefined;
    const y = ag.jit(
      (x: T) => {
        pending = x.data();
        return x;
      },
      { autograph: false },
    )(tf.scalar(2)) as T;
    y.dispose();
    const e = await pending!.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(AutographError);
    expect((e as AutographError).summary).toContain('(data())');
    expect((e as AutographError).location?.line).toBeGreaterThan(0);
  });
});

describe('conversion failures are remembered', () => {
  it('a jit function whose source cannot be converted is parsed once, however often it is called', () => {
    const real = sourceConverter();
    let attempts = 0;
    installConverter({ ...real, convertSource: (...a) => (attempts++, real.convertSource(...a)) });
    try {
      function* gen(x: T): Generator<T> {
        yield x;
      }
      const f = ag.jit(gen as unknown as (x: T) => T);
      const ids = Array.from({ length: 10 }, () => errorOf(() => f(tf.scalar(1))).id);
      expect(new Set(ids)).toEqual(new Set(['convert/unsupported-syntax']));
      expect(attempts).toBe(1);
      // The error each time is located in the function (not at the first call only).
      expect(errorOf(() => f(tf.scalar(1))).location?.functionName).toBe('gen');
    } finally {
      installConverter(real);
    }
  });
});

describe("tsx's __name helper in a function's own text (run-time conversion)", () => {
  it('a named inner arrow, wrapped by tsx as __name(fn, "name"), converts without the helper in scope', () => {
    // What tsx emits for `const inner = (y) => …` inside a function: the module's helper is lost by toString().
    const keepName = (target: object, value: string): object =>
      Object.defineProperty(target, 'name', { value, configurable: true });
    const outer = new Function(
      '__name',
      'tf',
      'return function outer(x) { const inner = __name((y) => tf.mul(y, 2), "inner"); if (tf.sum(x) > 0) return inner(x); return x; };',
    )(keepName, tf) as (x: T) => T;
    const y = ag.jit(outer, { scope: { tf } })(tf.tensor1d([1, 2]));
    expect(Array.from(y.dataSync())).toEqual([2, 4]);
    y.dispose();
  });
});
