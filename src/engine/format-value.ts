// Formatting of values for staged print: like console.log of the same values computed in plain JS
// (a tensor is shown as the JS value it stands for — a number, a boolean, nested arrays — with
// float32 values as the shortest digits that round-trip; the line is Node's util.format of the
// arguments where there is Node). Needs nothing (node:util, loaded lazily). Produces
// `formatElements`, `displayValue`, `formatLine`, `formatJs`.

import type { DType } from '../ir/types.js';

/** The shortest decimal that reads back as the same float32. */
export function formatFloat32(x: number): string {
  if (!Number.isFinite(x) || Number.isInteger(x)) return String(x);
  for (let p = 1; p <= 9; p++) {
    const s = Number(x.toPrecision(p));
    if (Math.fround(s) === x) return String(s);
  }
  return String(x);
}

function formatScalar(x: number, dtype: DType): string {
  if (dtype === 'bool') return x ? 'true' : 'false';
  if (dtype === 'float32') return formatFloat32(x);
  return String(x);
}

/** A tensor's elements (row-major) shown as a scalar or nested arrays: `3`, `[1, 2]`, `[[1, 2], [3, 4]]`. */
export function formatElements(values: ArrayLike<number | string>, shape: readonly number[], dtype: DType): string {
  if (dtype === 'string') {
    const strs = Array.from(values as ArrayLike<string>, (s) => JSON.stringify(s));
    return nest(strs, shape);
  }
  const items = Array.from(values as ArrayLike<number>, (x) => formatScalar(x, dtype));
  return nest(items, shape);
}

function nest(items: string[], shape: readonly number[]): string {
  if (shape.length === 0) return items[0] ?? '';
  let k = 0;
  const build = (dim: number): string => {
    const n = shape[dim]!;
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(dim === shape.length - 1 ? items[k++]! : build(dim + 1));
    return `[${parts.join(', ')}]`;
  };
  return build(0);
}

/** One element as the JS value it stands for: float32 as the shortest decimal that reads back. */
function displayScalar(x: number | string, dtype: DType): unknown {
  if (dtype === 'string') return x;
  if (dtype === 'bool') return x !== 0;
  const n = x as number;
  if (dtype === 'float32' && Number.isFinite(n) && !Number.isInteger(n)) return Number(formatFloat32(n));
  return n;
}

/**
 * A tensor's elements as the JS value the same computation gives in plain JS: a number, a boolean,
 * a string, or nested arrays of them (what console.log is then given).
 */
export function displayValue(values: ArrayLike<number | string>, shape: readonly number[], dtype: DType): unknown {
  if (shape.length === 0) return displayScalar(values[0]!, dtype);
  let k = 0;
  const build = (dim: number): unknown[] => {
    const out: unknown[] = [];
    for (let i = 0; i < shape[dim]!; i++)
      out.push(dim === shape.length - 1 ? displayScalar(values[k++]!, dtype) : build(dim + 1));
    return out;
  };
  return build(0);
}

interface NodeUtil {
  format(...args: unknown[]): string;
  inspect(x: unknown): string;
}
let util: NodeUtil | null | undefined;
function nodeUtil(): NodeUtil | null {
  if (util === undefined) {
    const p = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    util = (p?.getBuiltinModule?.('node:util') as NodeUtil | undefined) ?? null;
  }
  return util;
}

/** `console.log(...args)`'s line: Node's util.format where there is Node, else a close imitation. */
export function formatLine(args: readonly unknown[]): string {
  const u = nodeUtil();
  if (u) return u.format(...args);
  const rest = [...args];
  const out: string[] = [];
  if (typeof rest[0] === 'string' && rest.length > 1) {
    out.push(
      (rest.shift() as string).replace(/%([sdifjoOc%])/g, (m, c: string) => {
        if (c === '%') return '%';
        if (rest.length === 0) return m;
        const v = rest.shift();
        if (c === 's') return typeof v === 'string' ? v : inspect(v);
        if (c === 'd') return String(Number(v));
        if (c === 'i') return String(Math.trunc(Number(v)));
        if (c === 'f') return String(parseFloat(String(v)));
        if (c === 'j') return JSON.stringify(v);
        return c === 'c' ? '' : inspect(v);
      }),
    );
  }
  out.push(...rest.map((v) => (typeof v === 'string' ? v : inspect(v))));
  return out.join(' ');
}

/** A JS value as console.log shows it among other arguments (strings as they are). */
export function formatJs(x: unknown): string {
  return typeof x === 'string' ? x : (nodeUtil()?.inspect(x) ?? inspect(x));
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** util.inspect's default output for the common values (used where node:util is not available). */
function inspect(x: unknown, depth = 0): string {
  if (typeof x === 'string') return depth === 0 ? `'${x}'` : `'${x.replace(/'/g, "\\'")}'`;
  if (typeof x === 'number') return Object.is(x, -0) ? '-0' : String(x);
  if (typeof x === 'bigint') return `${x}n`;
  if (typeof x === 'symbol' || typeof x === 'boolean' || x === undefined || x === null) return String(x);
  if (typeof x === 'function') return `[Function: ${x.name || '(anonymous)'}]`;
  if (depth > 2) return Array.isArray(x) ? '[Array]' : '[Object]';
  if (Array.isArray(x)) return x.length === 0 ? '[]' : `[ ${x.map((v) => inspect(v, depth + 1)).join(', ')} ]`;
  const entries = Object.entries(x as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${IDENT.test(k) ? k : `'${k}'`}: ${inspect(v, depth + 1)}`).join(', ')} }`;
}
