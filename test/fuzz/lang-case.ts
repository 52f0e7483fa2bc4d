// The programs of the language-feature fuzz domains (closures, classes, per-iteration bindings,
// effects in conditions, logical assignment, switch, try/finally): one scalar function
// `prog(a, b, c, n)` of a dtype, its inputs, and how a failing one prints as a copy-pastable repro.
// Needs tfjs (for the program's scope). Produces `LangCase`, `LangDomain`, `LANG_DOMAINS`,
// `langProgram`, `isLangCase`, `reproOf`, `withoutUnusedDeclarations`.

import * as tf from '@tensorflow/tfjs';

export const LANG_DOMAINS = [
  'closures',
  'classes',
  'bindings',
  'effects',
  'logical-assign',
  'switch',
  'finally',
] as const;
export type LangDomain = (typeof LANG_DOMAINS)[number];
export type Dtype = 'int32' | 'float32';

export interface LangInputs {
  /** Scalars of the case's dtype: small integers (int32) or multiples of 0.5 (float32). */
  readonly a: number;
  readonly b: number;
  readonly c: number;
  /** The loop bound: an int32 tensor when `stagedN`, else a JS number (loops unroll at trace time). */
  readonly n: number;
}

export interface LangCase {
  readonly domain: LangDomain;
  readonly dtype: Dtype;
  /** The body of `function prog(a, b, c, n) { … }`; `tf` is in scope. */
  readonly body: string;
  readonly stagedN: boolean;
  /** Two calls with the same shapes (the second hits the trace cache). */
  readonly inputs: readonly [LangInputs, LangInputs];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => unknown;

export function isLangCase(c: { readonly domain: string }): c is LangCase {
  return (LANG_DOMAINS as readonly string[]).includes(c.domain);
}

/** `function prog(a, b, c, n) { body }`, closed over tf. */
export function langProgram(body: string): Fn {
  return new Function('tf', `return function prog(a, b, c, n) {\n${body}\n}`)(tf) as Fn;
}

/** The body's top-level statements (a statement ends where its braces close and its line ends in ; or }). */
function topLevel(body: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let depth = 0;
  for (const line of body.split('\n')) {
    current.push(line);
    depth += (line.match(/[{[(]/g)?.length ?? 0) - (line.match(/[}\])]/g)?.length ?? 0);
    if (depth === 0 && /[;}]\s*$/.test(line)) {
      out.push(current.join('\n'));
      current = [];
    }
  }
  if (current.length) out.push(current.join('\n'));
  return out;
}

/**
 * The body without the top-level declarations (closures, classes, state of features the
 * statements do not use) that nothing else names: a shrunk program is shorter to read.
 */
export function withoutUnusedDeclarations(body: string): string {
  let stmts = topLevel(body);
  for (let changed = true; changed;) {
    changed = false;
    for (const st of stmts) {
      const name = /^(?:const|let|function|class)\s+([A-Za-z_$][\w$]*)/.exec(st)?.[1];
      if (!name) continue;
      const used = new RegExp(`(^|[^\\w$.])${name.replace('$', '\\$')}(?![\\w$])`);
      if (stmts.some((other) => other !== st && used.test(other))) continue;
      stmts = stmts.filter((x) => x !== st);
      changed = true;
      break;
    }
  }
  return stmts.join('\n');
}

/** How one input set is written as tensors in a repro. */
const num = (v: number): string => (Object.is(v, -0) ? '-0' : String(v));

function tensorCall(c: LangCase, x: LangInputs): string {
  const t = (v: number, dt: string): string => `tf.scalar(${num(v)}, '${dt}')`;
  return `${t(x.a, c.dtype)}, ${t(x.b, c.dtype)}, ${t(x.c, c.dtype)}, ${c.stagedN ? t(x.n, 'int32') : x.n}`;
}

function indent(body: string): string {
  let depth = 1;
  return body
    .split('\n')
    .map((line) => {
      const l = line.trim();
      if (/^[}\])]/.test(l)) depth = Math.max(1, depth - 1);
      const out = `${'  '.repeat(depth)}${l}`;
      depth += (l.match(/[{[(]/g)?.length ?? 0) - (l.match(/[}\])]/g)?.length ?? 0) + (/^[}\])]/.test(l) ? 1 : 0);
      depth = Math.max(1, depth);
      return out;
    })
    .join('\n');
}

/**
 * A failing case as a script to paste into a file next to the package and run with plain `node`
 * (jit then converts at run time, as the fuzzer does): the program, the plain-JS call and the tensor
 * call of the input that disagreed, after what each path gave when it was found.
 */
export function reproOf(c: LangCase, problems: readonly string[]): string {
  const input = Number(/input (\d)/.exec(problems.join('\n'))?.[1] ?? 0);
  const x = c.inputs[input] ?? c.inputs[0];
  const js = `${num(x.a)}, ${num(x.b)}, ${num(x.c)}, ${x.n}`;
  return [
    `// ${c.domain} domain, ${c.dtype}, n ${c.stagedN ? 'an int32 tensor (loops on n staged)' : 'a JS number'}; found:`,
    ...problems.map((p) => `//   ${p}`),
    `import * as tf from '@tensorflow/tfjs';`,
    `import * as ag from 'autograph-ts';`,
    `function prog(a, b, c, n) {`,
    indent(c.body),
    `}`,
    `console.log('plain JS', JSON.stringify(prog(${js})));`,
    `const conv = ag.toGraph(prog, { scope: { tf } });`,
    `console.log('converted, JS numbers', JSON.stringify(conv(${js})));`,
    `const show = (r) => JSON.stringify(r, (_k, v) => (v instanceof tf.Tensor ? v.arraySync() : v));`,
    `console.log('converted, eager tensors', show(conv(${tensorCall(c, x)})));`,
    `console.log('jit', show(ag.jit(prog, { scope: { tf } })(${tensorCall(c, x)})));`,
  ].join('\n');
}
