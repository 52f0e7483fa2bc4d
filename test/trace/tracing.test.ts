// The graph backend while tracing: captures, variables, symbolic reads, unsupported kernels,
// gradients recorded into the graph, and functional cond/whileLoop.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const values = (t: unknown) => Array.from((t as tf.Tensor).dataSync());

function errorOf(fn: () => unknown): AutographError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AutographError);
    return e as AutographError;
  }
  throw new Error('expected an error');
}

describe('captures', () => {
  it('captures a closure tensor as an input fed at call time, not a constant', () => {
    const w = tf.tensor1d([1, 2, 3]);
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, w), { autograph: false });
    expect(values(f(tf.tensor1d([2, 2, 2])))).toEqual([2, 4, 6]);
    const text = f.concreteFunctions()[0]!.graph.toString();
    expect(text).toMatch(/capture %\w+: float32\[3\] <- tensor#\d+/);
    expect(text).not.toContain('Const');
  });

  it('reads a captured variable at call time', () => {
    const v = tf.variable(tf.scalar(1), true, 'scale_cap');
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, v), { autograph: false });
    expect(values(f(tf.scalar(5)))).toEqual([5]);
    v.assign(tf.scalar(3));
    expect(values(f(tf.scalar(5)))).toEqual([15]);
    expect(f.traceCount).toBe(1);
    expect(f.concreteFunctions()[0]!.graph.toString()).toContain("variable 'scale_cap'");
    v.dispose();
  });

  it('assigns a variable on every call and leaves its real value intact while tracing', () => {
    const counter = tf.variable(tf.scalar(0, 'int32'), false, 'counter_assign');
    const f = ag.jit(
      () => {
        counter.assign(tf.add(counter, tf.scalar(1, 'int32')));
        return tf.mul(counter, tf.scalar(10, 'int32'));
      },
      { autograph: false },
    );
    expect(values(f())).toEqual([10]);
    expect(values(counter)).toEqual([1]);
    expect(values(f())).toEqual([20]);
    expect(values(counter)).toEqual([2]);
    expect(f.traceCount).toBe(1);
    counter.dispose();
  });

  it('reports a captured tensor disposed after tracing', () => {
    const w = tf.scalar(2);
    const f = ag.jit((x: tf.Tensor) => tf.mul(x, w), { autograph: false });
    f(tf.scalar(1));
    w.dispose();
    expect(errorOf(() => f(tf.scalar(1))).id).toBe('exec/capture-disposed');
  });
});

describe('symbolic values', () => {
  it('reading a symbolic tensor while tracing says why and where', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        const v = x.dataSync();
        return tf.scalar(v[0]!);
      },
      { autograph: false },
    );
    const e = errorOf(() => f(tf.scalar(1)));
    expect(e.id).toBe('trace/symbolic-read');
    expect(e.message).toContain('symbolic tensor');
    expect(e.location?.file).toContain('tracing.test.ts');
  });

  it('a tensor stored out of a trace is disposed when the trace ends', () => {
    let leaked: tf.Tensor | undefined;
    const f = ag.jit(
      (x: tf.Tensor) => {
        leaked = tf.neg(x);
        return leaked;
      },
      { autograph: false },
    );
    f(tf.scalar(1));
    expect(leaked!.isDisposed).toBe(true);
    expect(() => leaked!.dataSync()).toThrow(/disposed/);
  });

  it('constants made inside the function become Const nodes', () => {
    const f = ag.jit((x: tf.Tensor) => tf.add(x, tf.tensor1d([1, 2])), { autograph: false });
    expect(values(f(tf.tensor1d([1, 1])))).toEqual([2, 3]);
    expect(f.concreteFunctions()[0]!.graph.toString()).toMatch(/Const \{value=\[1,2\]\}/);
  });
});

describe('gradients', () => {
  it('tf.grad inside a jit function records the backward pass', () => {
    const g = ag.jit((x: tf.Tensor) => tf.grad((y: tf.Tensor) => tf.sum(tf.mul(y, y)))(x), { autograph: false });
    expect(values(g(tf.tensor1d([1, 2, 3])))).toEqual([2, 4, 6]);
    const text = g.concreteFunctions()[0]!.graph.toString();
    expect(text.match(/Multiply/g)!.length).toBeGreaterThanOrEqual(2);
  });
});

describe('functional control flow', () => {
  it('cond runs one branch eagerly and stages both in a trace', () => {
    expect(
      ag.cond(
        true,
        () => 1,
        () => 2,
      ),
    ).toBe(1);
    expect(
      values(
        ag.cond(
          tf.scalar(0),
          () => tf.scalar(1),
          () => tf.scalar(2),
        ),
      ),
    ).toEqual([2]);
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(x, 0),
          () => tf.mul(x, x),
          () => tf.neg(x),
        ),
      { autograph: false },
    );
    expect(values(f(tf.scalar(3)))).toEqual([9]);
    expect(values(f(tf.scalar(-3)))).toEqual([3]);
    expect(f.traceCount).toBe(1);
    const text = f.concreteFunctions()[0]!.graph.toString();
    expect(text).toContain('Cond(');
    expect(text).toContain('then(');
    expect(text).toContain('else(');
  });

  it('whileLoop with JS numbers as weakly typed loop variables', () => {
    const f = ag.jit(
      (n: tf.Tensor) =>
        ag.whileLoop(
          (i, _s) => tf.less(i as tf.Tensor, n),
          (i, s) => [tf.add(i as tf.Tensor, tf.scalar(1, 'int32')), tf.add(s as tf.Tensor, i as tf.Tensor)],
          [0, 0],
        ),
      { autograph: false },
    );
    const [i, s] = f(tf.scalar(5, 'int32')) as tf.Tensor[];
    expect(i!.dtype).toBe('int32');
    expect(values(i)).toEqual([5]);
    expect(values(s)).toEqual([10]);
  });

  it('a weak integer loop variable becomes float32 when the body makes it a float', () => {
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.whileLoop(
          (i: unknown) => tf.less(i as tf.Tensor, tf.scalar(3)),
          (i: unknown) => [tf.add(i as tf.Tensor, x)],
          [0],
        ),
      { autograph: false },
    );
    const [i] = f(tf.scalar(1.5)) as tf.Tensor[];
    expect(i!.dtype).toBe('float32');
    expect(values(i)).toEqual([3]);
  });

  it('maximumIterations stops a loop', () => {
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.whileLoop(
          () => true,
          (v: unknown) => [tf.add(v as tf.Tensor, 1)],
          [x],
          { maximumIterations: 4 },
        ),
      { autograph: false },
    );
    expect(values((f(tf.scalar(0)) as tf.Tensor[])[0])).toEqual([4]);
    expect(() =>
      ag.whileLoop(
        () => false,
        (v) => [v],
        [1],
        { maximumIterations: -1 },
      ),
    ).toThrow(/while\/max-iterations/);
  });

  it('nested structures flow through cond and whileLoop', () => {
    const f = ag.jit(
      (x: tf.Tensor) => {
        const [state] = ag.whileLoop(
          (s: { a: tf.Tensor; b: tf.Tensor[] }) => tf.less(s.a, tf.scalar(10)),
          (s: { a: tf.Tensor; b: tf.Tensor[] }) => [{ a: tf.mul(s.a, 2), b: [tf.add(s.b[0]!, 1)] }],
          [{ a: x, b: [tf.scalar(0)] }],
        );
        return ag.cond(
          tf.greater(state.a, 12),
          () => ({ big: state.b[0]!, n: 1 }),
          () => ({ big: tf.neg(state.b[0]!), n: 2 }),
        );
      },
      { autograph: false },
    );
    const r = f(tf.scalar(1)) as unknown as { big: tf.Tensor; n: tf.Tensor };
    expect(values(r.big)).toEqual([4]);
    expect(values(r.n)).toEqual([1]);
    expect(r.n.dtype).toBe('int32');
  });

  it('branch mismatches name the variable and both types', () => {
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(x, 0),
          () => [x],
          () => [tf.cast(x, 'int32')],
          { names: ['y'] },
        ),
      { autograph: false },
    );
    const e = errorOf(() => f(tf.scalar(1)));
    expect(e.id).toBe('cond/dtype-mismatch');
    expect(e.message).toContain("'y' has dtype float32 in the main branch, but dtype int32 in the else branch");
    const g = ag.jit(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(x, 0),
          () => [null],
          () => [x],
          { names: ['i'] },
        ),
      { autograph: false },
    );
    expect(errorOf(() => g(tf.scalar(1))).message).toContain("'i' is None/null at the end of the main branch");
  });

  it('loop variables that change dtype or shape are errors naming them', () => {
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.whileLoop(
          (n: unknown) => tf.less(n as tf.Tensor, 5),
          (n: unknown) => [tf.cast(n as tf.Tensor, 'float32')],
          [tf.cast(x, 'int32')],
          { names: ['n'] },
        ),
      { autograph: false },
    );
    const e = errorOf(() => f(tf.scalar(1)));
    expect(e.id).toBe('while/dtype-changed');
    expect(e.message).toContain("'n' has dtype int32 before the loop, but dtype float32 after one iteration");
    const g = ag.jit(
      (x: tf.Tensor) =>
        ag.whileLoop(
          (v: unknown) => tf.less(tf.sum(v as tf.Tensor), 5),
          (v: unknown) => [tf.concat([v as tf.Tensor, v as tf.Tensor])],
          [x],
          { names: ['v'] },
        ),
      { autograph: false },
    );
    expect(errorOf(() => g(tf.ones([2]))).message).toContain(
      "'v' has shape [2] before the loop, but shape [4] after one iteration",
    );
  });
});

describe('unsupported kernels', () => {
  it('a kernel without a shape rule names the kernel', () => {
    // A custom kernel registered by the user (for cpu) has no shape rule.
    tf.registerKernel({
      kernelName: 'MyCustomSquare',
      backendName: 'cpu',
      kernelFunc: ({ inputs, backend }) => {
        const x = inputs.x as tf.TensorInfo;
        const vals = (backend as unknown as { readSync(id: object): Float32Array }).readSync(x.dataId);
        return (
          backend as unknown as { makeTensorInfo(s: number[], d: string, v: Float32Array): tf.TensorInfo }
        ).makeTensorInfo(
          x.shape,
          x.dtype,
          vals.map((v) => v * v),
        );
      },
    });
    const op = (x: tf.Tensor) => tf.engine().runKernel('MyCustomSquare', { x }) as tf.Tensor;
    expect(Array.from(op(tf.tensor1d([3])).dataSync())).toEqual([9]);
    const f = ag.jit((x: tf.Tensor) => op(x), { autograph: false });
    const e = errorOf(() => f(tf.tensor1d([1, 1, 2])));
    expect(e.id).toBe('trace/kernel-unsupported');
    expect(e.message).toContain('not supported while tracing yet: MyCustomSquare');
    expect(e.location?.file).toContain('tracing.test.ts');
  });
});

describe('trace-time rules', () => {
  it('a variable assigned inside a staged branch keeps the value of the branch taken', () => {
    const v: tf.Variable = tf.variable(tf.scalar(0), true, 'in_branch');
    const f = ag.jit(
      (x: tf.Tensor) =>
        ag.cond(
          tf.greater(x, 0),
          () => {
            v.assign(x);
            return tf.add(v, 1);
          },
          () => tf.sub(v, 1),
        ),
      { autograph: false },
    );
    expect(values(f(tf.scalar(5)))).toEqual([6]);
    expect(values(v)).toEqual([5]);
    expect(values(f(tf.scalar(-2)))).toEqual([4]);
    expect(values(v)).toEqual([5]);
    expect(f.traceCount).toBe(1);
    v.dispose();
  });

  it('a counter variable incremented in a staged loop persists across calls', () => {
    const counter: tf.Variable = tf.variable(tf.scalar(0, 'int32'), false, 'loop_counter');
    const one = tf.scalar(1, 'int32');
    const f = ag.jit(
      (n: tf.Tensor) => {
        const [i] = ag.whileLoop(
          (i) => tf.less(i, n),
          (i) => {
            counter.assign(tf.add(counter, one));
            return [tf.add(i, one)];
          },
          [tf.scalar(0, 'int32')],
        );
        return tf.mul(i, counter);
      },
      { autograph: false },
    );
    expect(values(f(tf.scalar(3, 'int32')))).toEqual([9]);
    expect(values(counter)).toEqual([3]);
    expect(values(f(tf.scalar(2, 'int32')))).toEqual([10]);
    expect(values(counter)).toEqual([5]);
    expect(f.traceCount).toBe(1);
    const n1 = tf.scalar(1, 'int32');
    const before = tf.memory().numTensors;
    for (let k = 0; k < 100; k++) tf.dispose(f(n1));
    expect(tf.memory().numTensors).toBe(before);
    expect(values(counter)).toEqual([105]);
    counter.dispose();
  });

  it('an async function is rejected', () => {
    const f = ag.jit(async (x: tf.Tensor) => x, { autograph: false });
    expect(errorOf(() => f(tf.scalar(1))).id).toBe('trace/async-function');
  });

  it('nodes remember the user line that created them', () => {
    const f = ag.jit((x: tf.Tensor) => tf.exp(x), { autograph: false });
    const text = f.getConcreteFunction(ag.spec([])).graph.toString({ sources: true });
    expect(text).toMatch(/Exp\(%x\)\s+\/\/ tracing\.test\.ts:\d+:\d+/);
  });

  it('a jit function called inside another trace is inlined', () => {
    const inner = ag.jit((x: tf.Tensor) => tf.mul(x, 2), { autograph: false });
    const outer = ag.jit((x: tf.Tensor) => tf.add(inner(x) as tf.Tensor, 1), { autograph: false });
    expect(values(outer(tf.scalar(3)))).toEqual([7]);
    expect(inner.traceCount).toBe(0);
    expect(outer.concreteFunctions()[0]!.graph.toString()).toContain('Multiply');
  });
});

describe('variables created inside a jit function', () => {
  it('are allowed on the first trace, initialized eagerly, and persist across calls', () => {
    let acc: tf.Variable | undefined;
    const f = ag.jit(
      (x: tf.Tensor) => {
        acc ??= tf.variable(tf.add(tf.zeros([2]), tf.scalar(10)), true, 'acc_created_in_jit');
        acc.assign(tf.add(acc, x));
        return tf.mul(acc, 2);
      },
      { autograph: false },
    );
    const x = tf.tensor1d([1, 2]);
    expect(values(f(x))).toEqual([22, 24]);
    expect(values(f(x))).toEqual([24, 28]);
    expect(values(acc!)).toEqual([12, 14]);
    expect(f.traceCount).toBe(1);
    expect(f.concreteFunctions()[0]!.graph.toString()).toContain("variable 'acc_created_in_jit'");
    acc!.dispose();
  });

  it("created again on a later trace is TF's singleton error", () => {
    const made: tf.Variable[] = [];
    const f = ag.jit(
      (x: tf.Tensor) => {
        const w = tf.variable(tf.ones(x.shape));
        made.push(w);
        return tf.mul(x, w);
      },
      { autograph: false },
    );
    expect(values(f(tf.tensor1d([1, 2])))).toEqual([1, 2]);
    expect(errorOf(() => f(tf.tensor1d([1, 2, 3]))).id).toBe('trace/variable-created-again');
    tf.dispose(made);
  });

  it('initialized from an argument is a catalogued error naming it', () => {
    const f = ag.jit((x: tf.Tensor) => tf.variable(x), { autograph: false });
    const e = errorOf(() => f(tf.scalar(1)));
    expect(e.id).toBe('trace/variable-init-input');
  });
});
