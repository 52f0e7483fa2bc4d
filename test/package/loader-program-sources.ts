// The user modules of the "loader converts what it loads" tests (issue 31): classes whose methods,
// getters, static methods and class fields hold control flow on tensors, an object-literal method, a
// factory's closure, a .mts and a .tsx module, and a k-means class checked against plain JS k-means.
// Each case runs under jit with tensors and plainly with JS numbers (the oracle) and reports both as
// JSON on stdout. Run under the Node loader, from this checkout (test/plugin) and from the packed
// tarball in an app (test/package). Needs nothing. Produces `LOADER_PROGRAM`, `CASES`, `assertAt`.

/** model.ts: a class of every kind of member, with staged loops and branches. */
const MODEL_TS = (ag: string): string => `import * as tf from '@tensorflow/tfjs';
import * as ag from '${ag}';

const LIMIT = 20;
export class Base {
  offset = 1;
  shift(x: tf.Tensor): tf.Tensor {
    if (x > LIMIT) return x - this.offset;
    return x + this.offset;
  }
}
export class Model extends Base {
  scale = 2;
  #bias = 3;
  readonly fast = ag.jit((x: tf.Tensor) => this.run(x));
  half = (x: tf.Tensor) => {
    if (x > LIMIT) return x / 2;
    return x;
  };
  run(x: tf.Tensor): tf.Tensor {
    let done = x > LIMIT;
    while (!done) {
      x = x * this.scale + this.#bias;
      done = x > LIMIT;
    }
    return super.shift(this.#clip(x));
  }
  #clip(x: tf.Tensor): tf.Tensor {
    return x > 40 ? x - 40 : x;
  }
  weight: tf.Tensor | number = tf.scalar(2);
  get gain(): tf.Tensor | number {
    if (this.weight > 1) return this.weight * 10;
    return this.weight;
  }
  static norm(x: tf.Tensor): tf.Tensor {
    let y = x;
    while (y > 10) y = y / 2;
    return y;
  }
  directed(x: tf.Tensor): tf.Tensor {
    'use autograph';
    if (x > 0) return x * 3;
    return -x;
  }
  checked(x: tf.Tensor): tf.Tensor {
    ag.assert(x > 0, 'x must be positive');
    return x;
  }
}
export const ops = {
  k: 4,
  apply(x: tf.Tensor): tf.Tensor {
    let n = 0;
    while (x > this.k) {
      x = x - this.k;
      n = n + 1;
    }
    return x * 10 + n;
  },
};
export function makeStep(k: number) {
  return (x: tf.Tensor) => (x > k ? x - k : x + k);
}
`;

/** Where the staged assert's error points in model.ts (1-based): at `assert(` of `ag.assert(`, as V8 reports a call. */
export function assertAt(): { file: string; line: number; column: number } {
  const lines = MODEL_TS('autograph-ts').split('\n');
  const line = lines.findIndex((l) => l.includes('ag.assert('));
  return { file: 'model.ts', line: line + 1, column: lines[line]!.indexOf('assert(') + 1 };
}

/** The cases main.ts runs with tensors under jit and with JS numbers plainly. */
export const CASES = [
  'method',
  'fieldJit',
  'bound',
  'fieldArrow',
  'getter',
  'staticMethod',
  'directive',
  'objectMethod',
  'factory',
  'mts',
  'tsx',
];

/** shapes.mts: an ES module by its extension, a helper with a for loop. */
const SHAPES_MTS = `export function triangle(n: number): number {
  let s = 0;
  for (let i = 1; i <= n; i++) s = s + i;
  return s;
}
`;

/** widget.tsx: TypeScript with JSX, a class whose method holds a staged branch. */
const WIDGET_TSX = `/** @jsx h */
const h = (tag: string, props: unknown, ...children: unknown[]) => ({ tag, props, children });
export class Gauge {
  level(x: number): number {
    if (x > 5) return x - 5;
    return 5 - x;
  }
  view(x: number) {
    return <div class="gauge">{this.level(x)}</div>;
  }
}
`;

/** kmeans.ts: a k-means class (assignment, update, a staged while until the centroids stay put). */
const KMEANS_TS = `import * as tf from '@tensorflow/tfjs';
export class KMeans {
  constructor(readonly k: number, readonly maxIter: number) {}
  assign(points: tf.Tensor2D, centroids: tf.Tensor2D): tf.Tensor {
    const d = tf.sum(tf.square(tf.expandDims(points, 1) - tf.expandDims(centroids, 0)), 2);
    return tf.argMin(d, 1);
  }
  update(points: tf.Tensor2D, labels: tf.Tensor): tf.Tensor2D {
    const onehot = tf.oneHot(labels, this.k).toFloat();
    return tf.matMul(onehot, points, true) / tf.expandDims(tf.sum(onehot, 0), 1);
  }
  fit(points: tf.Tensor2D, init: tf.Tensor2D) {
    let centroids = init;
    let moved = tf.scalar(1);
    let iters = 0;
    while (iters < this.maxIter && moved > 1e-6) {
      const next = this.update(points, this.assign(points, centroids));
      moved = tf.max(tf.abs(next - centroids));
      centroids = next;
      iters = iters + 1;
    }
    return { centroids, labels: this.assign(points, centroids), iters };
  }
}
`;

/** main.ts: runs every case with tensors under jit and with JS numbers plainly; prints JSON. */
const MAIN_TS = (ag: string): string => `import * as tf from '@tensorflow/tfjs';
import * as ag from '${ag}';
import { Model, ops, makeStep } from './model.ts';
import { triangle } from './shapes.mts';
import { Gauge } from './widget.tsx';
import { KMeans } from './kmeans.ts';

const warnings: string[] = [];
console.warn = (...a: unknown[]) => void (/tfjs-node/.test(a.join(' ')) || warnings.push(a.join(' ')));
const value = (t: unknown): number => (t as tf.Tensor).dataSync()[0]!;
const out: Record<string, unknown> = {};
const m = new Model();
const cases: Record<string, [(x: tf.Tensor) => unknown, (x: number) => number]> = {
  method: [(x) => m.run(x), (x) => m.run(x as never) as never],
  fieldJit: [(x) => m.fast(x), (x) => m.run(x as never) as never],
  bound: [m.run.bind(m), (x) => m.run(x as never) as never],
  fieldArrow: [(x) => m.half(x), (x) => m.half(x as never) as never],
  getter: [(x) => x * m.gain, (x) => x * Object.assign(new Model(), { weight: 2 }).gain],
  staticMethod: [(x) => Model.norm(x), (x) => Model.norm(x as never) as never],
  directive: [(x) => m.directed(x), (x) => m.directed(x as never) as never],
  objectMethod: [(x) => ops.apply(x), (x) => ops.apply(x as never) as never],
  factory: [makeStep(3), (x) => makeStep(3)(x as never) as never],
  mts: [(x) => triangle(x as never), (x) => triangle(x)],
  tsx: [(x) => new Gauge().level(x as never), (x) => new Gauge().level(x)],
};
for (const [name, [staged, plain]] of Object.entries(cases)) {
  const f = ag.jit(staged);
  const xs = [2, 7, 30];
  const got = xs.map((x) => value(f(tf.scalar(x))));
  const want = xs.map((x) => plain(x));
  out[name] = { same: got.every((g, i) => g === want[i]), got, want };
}

try {
  ag.jit((x: tf.Tensor) => m.checked(x))(tf.scalar(-1));
  out.assert = 'no error';
} catch (e) {
  const err = e as { id?: string; location?: { file?: string; line?: number; column?: number } };
  out.assert = { id: err.id, file: err.location?.file?.split('/').pop(), line: err.location?.line, column: err.location?.column };
}
out.toCode = /ag__\\.whileStmt/.test(ag.toCode(KMeans.prototype.fit));
out.tsxView = JSON.stringify(new Gauge().view(7));

// k-means: the same points and starting centroids, in plain JS and under jit.
const points = [[0, 0], [0.5, 0.2], [0.2, 0.7], [5, 5], [5.5, 4.8], [4.6, 5.3], [9, 0], [8.7, 0.4], [9.4, 0.2]];
const init = [points[0]!, points[1]!, points[6]!];
function kmeansPlain(maxIter: number) {
  let c = init.map((p) => [...p]);
  const label = (p: number[]) => c.map((q) => (p[0]! - q[0]!) ** 2 + (p[1]! - q[1]!) ** 2).reduce((b, d, i, ds) => (d < ds[b]! ? i : b), 0);
  for (let it = 0; it < maxIter; it++) {
    const labels = points.map(label);
    const next = c.map((_, j) => {
      const mine = points.filter((_, i) => labels[i] === j);
      return [0, 1].map((d) => mine.reduce((s, p) => s + p[d]!, 0) / mine.length);
    });
    const moved = Math.max(...next.flatMap((q, j) => q.map((v, d) => Math.abs(v - c[j]![d]!))));
    c = next;
    if (!(moved > 1e-6)) break;
  }
  return { centroids: c, labels: points.map(label) };
}
const km = new KMeans(3, 20);
const fit = ag.jit((p: tf.Tensor2D, c: tf.Tensor2D) => km.fit(p, c));
const r = fit(tf.tensor2d(points), tf.tensor2d(init)) as unknown as { centroids: tf.Tensor; labels: tf.Tensor };
const plainFit = kmeansPlain(20);
const centroids = r.centroids.arraySync() as number[][];
out.kmeans = {
  labels: JSON.stringify(Array.from(r.labels.dataSync())) === JSON.stringify(plainFit.labels),
  centroids: centroids.every((q, j) => q.every((v, d) => Math.abs(v - plainFit.centroids[j]![d]!) < 1e-5)),
};
out.warnings = warnings;
console.log(JSON.stringify(out));
`;

/** The files of the app; `ag` is how they import autograph-ts ('autograph-ts' in an app, a path here). */
export function LOADER_PROGRAM(ag: string): Record<string, string> {
  return {
    'model.ts': MODEL_TS(ag),
    'shapes.mts': SHAPES_MTS,
    'widget.tsx': WIDGET_TSX,
    'kmeans.ts': KMEANS_TS,
    'main.ts': MAIN_TS(ag),
  };
}
