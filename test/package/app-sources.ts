// The source files of the packaging tests' apps, written as a user would write them against the
// installed package (`autograph-ts`, `@tensorflow/tfjs`): the seed programs, the Node loader's .ts
// module with closures, a CLI target, a CommonJS module, a tfjs-core-only app, a browser-build probe
// and a small Vite page. The seeds' text is test/corpus's (sourceOf), as plain JS or with the types a
// user gives them. Needs test/corpus. Produces the texts.
import { collatz, huberLoss } from '../corpus/index.js';
import { sourceOf } from '../corpus/source.js';

const COLLATZ = sourceOf(collatz, { types: false });
const HUBER = sourceOf(huberLoss, { types: false, name: 'huber' });
const TYPED_COLLATZ = COLLATZ.replace('collatz(a)', 'collatz(a: tf.Tensor): tf.Tensor');
const TYPED_HUBER = HUBER.replace('huber(a)', 'huber(a: tf.Tensor): tf.Tensor');

/** ESM on the tfjs union: import without Babel, seeds, a tfjs closure called from converted code, memory. */
export const SEEDS_MJS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';
import { createRequire } from 'node:module';

tf.enableProdMode(); // silences tfjs's "install tfjs-node" banner
const loaded = createRequire(import.meta.url).cache;
const babelLoaded = () => Object.keys(loaded).some((k) => k.includes('/node_modules/@babel/'));
console.log(\`babel loaded at import: \${babelLoaded()}\`);

${COLLATZ}
const delta = 1;
${HUBER}
function squares(n) {
  const z = [];
  ag.setElementType(z, 'int32');
  for (const i of ag.range(n)) z.push(i * i);
  return ag.stack(z);
}
function slope(x) {
  const dsquare = tf.grad((v) => tf.square(v));
  return dsquare(x);
}

const c = ag.jit(collatz);
console.log(\`collatz(27) = \${c(tf.scalar(27, 'int32')).dataSync()[0]}\`);
const h = ag.jit(huber, { scope: { tf, delta } });
console.log(\`huber(0.5) = \${h(tf.scalar(0.5)).dataSync()[0]}, huber(3) = \${h(tf.scalar(3)).dataSync()[0]}\`);
console.log(\`squares(5) = \${ag.jit(squares, { scope: { ag } })(tf.scalar(5, 'int32')).dataSync().join(',')}\`);
console.log(\`grad through jit = \${ag.jit(slope, { scope: { tf } })(tf.scalar(3)).dataSync()[0]}\`);
console.log(\`babel loaded after a conversion: \${babelLoaded()}\`);
const n = tf.scalar(27, 'int32');
const before = tf.memory().numTensors;
for (let i = 0; i < 200; i++) c(n).dispose();
console.log(\`tensors after 200 calls: +\${tf.memory().numTensors - before}\`);
`;

/** CommonJS: require() of the package. */
export const SEEDS_CJS = `const tf = require('@tensorflow/tfjs');
const ag = require('autograph-ts');

tf.enableProdMode();
${COLLATZ}
console.log(\`collatz(27) = \${ag.jit(collatz)(tf.scalar(27, 'int32')).dataSync()[0]} (required)\`);
`;

/** TypeScript under the Node loader: functions read the module's \`delta\` and \`tf\` with no scope. */
export const APP_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';

tf.enableProdMode();
const delta = 1;
${TYPED_HUBER}
${TYPED_COLLATZ}
console.log(\`huber(3) = \${ag.jit(huber)(tf.scalar(3)).dataSync()[0]}\`);
console.log(\`collatz(27) = \${ag.jit(collatz)(tf.scalar(27, 'int32')).dataSync()[0]}\`);
`;

/** A CLI target: a module that exports a function. */
export const LIB_TS = `import * as tf from '@tensorflow/tfjs';

tf.enableProdMode();
export ${TYPED_COLLATZ}
`;

/** A CommonJS module under the Node loader (converted at run time instead). */
export const CJS_LOADER_APP = `const tf = require('@tensorflow/tfjs');
const ag = require('autograph-ts');

tf.enableProdMode();
${COLLATZ}
console.log(\`collatz(27) = \${ag.jit(collatz)(tf.scalar(27, 'int32')).dataSync()[0]} (commonjs, converted at run time)\`);
`;

/** tfjs-core and its cpu backend only; a missing optional peer (onnxruntime-node). */
export const CORE_MJS = `import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as ag from 'autograph-ts';

tf.enableProdMode();
await tf.setBackend('cpu');
${COLLATZ}
function squares(n) {
  const z = [];
  ag.setElementType(z, 'int32');
  for (const i of ag.range(n)) z.push(i * i);
  return ag.stack(z);
}
const delta = 1;
${HUBER}
console.log(\`collatz(27) = \${ag.jit(collatz)(tf.scalar(27, 'int32')).dataSync()[0]}\`);
console.log(\`squares(5) = \${ag.jit(squares, { scope: { ag } })(tf.scalar(5, 'int32')).dataSync().join(',')}\`);
const compiled = ag.jit(huber, { scope: { tf, delta } })(tf.scalar(3)).dataSync()[0];
const interpreted = ag.jit(huber, { scope: { tf, delta }, executor: 'interpreter' })(tf.scalar(3)).dataSync()[0];
console.log(\`huber(3) = \${compiled} (interpreter \${interpreted})\`);
try {
  ag.jit(collatz, { executor: 'onnxruntime' })(tf.scalar(27, 'int32'));
  console.log('onnxruntime: ran');
} catch (e) {
  console.log(\`onnxruntime: \${e.id}\`);
}
`;

/**
 * Run with \`node --conditions=browser\`: the package's browser build, which leaves the converter out,
 * and the exporters unless the app imports them.
 */
export const BROWSER_BUILD_MJS = `import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as ag from 'autograph-ts';

tf.enableProdMode();
await tf.setBackend('cpu');
try {
  ag.jit((x) => x * 2)(tf.scalar(2));
  console.log('jit: converted');
} catch (e) {
  console.log(\`jit: \${e.id}\`);
  console.log(\`hint names autograph-ts/convert: \${String(e.hint).includes('autograph-ts/convert')}\`);
}
// The exporters come only with autograph-ts/viewer (pictures) or autograph-ts/export (all of them).
const cf = ag.jit((x) => tf.mul(x, 2), { autograph: false }).getConcreteFunction(tf.scalar(2));
const attempt = (what, run) => {
  try {
    console.log(\`\${what}: \${run()}\`);
  } catch (e) {
    console.log(\`\${what}: \${e.id}, hint names \${String(e.hint).match(/autograph-ts\\/\\w+/g)?.join(' and ')}\`);
  }
};
attempt('toDot', () => cf.toDot().startsWith('digraph'));
attempt('toONNX', () => cf.toONNX().length > 0);
await import('autograph-ts/viewer');
attempt('toDot with autograph-ts/viewer', () => cf.toDot().startsWith('digraph'));
attempt('toONNX with autograph-ts/viewer', () => cf.toONNX().length > 0);
await import('autograph-ts/export');
attempt('toONNX with autograph-ts/export', () => cf.toONNX().length > 0);
attempt('toGraphModel with autograph-ts/export', () => 'modelTopology' in cf.toGraphModel());
`;

/** A browser page whose jit functions the Vite plugin converts at build time, and its tfjs-only twin. */
export const WEB_INDEX = (entry: string): string =>
  `<!doctype html><html><body><script type="module" src="./${entry}"></script></body></html>\n`;

export const WEB_MAIN_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';

const delta = 1;
${TYPED_HUBER}
${TYPED_COLLATZ}
const out = [ag.jit(huber)(tf.scalar(3)), ag.jit(collatz)(tf.scalar(27, 'int32'))];
document.body.textContent = out.map((t) => t.dataSync()[0]).join(' ');
`;

export const WEB_PLAIN_TS = `import * as tf from '@tensorflow/tfjs';

const out = [tf.abs(tf.scalar(3)), tf.scalar(27, 'int32')];
document.body.textContent = out.map((t) => t.dataSync()[0]).join(' ');
`;

/** Threads from the built package (the pool's workers from its bundle): one worker starts, the values are one thread's, Node exits. */
export const THREADS_MJS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';

tf.enableProdMode();
let workers = 0;
process.on('worker', () => workers++);
const a = tf.randomUniform([256, 256], -1, 1, 'float32', 1);
const b = tf.randomUniform([256, 256], -1, 1, 'float32', 2);
const f = ag.jit((x, y) => tf.matMul(x, y), { autograph: false });
ag.setThreads(1);
const one = f(a, b).dataSync();
ag.setThreads(2);
f(a, b).dispose(); // starts the workers; this call runs on one thread
await new Promise((r) => setTimeout(r, 500));
let same = true;
for (let i = 0; i < 5; i++) {
  const t = f(a, b);
  same &&= t.dataSync().every((x, j) => Object.is(x, one[j]));
  t.dispose();
}
console.log(\`threads: \${ag.threads()}, workers started: \${workers}, same values: \${same}\`);
`;
