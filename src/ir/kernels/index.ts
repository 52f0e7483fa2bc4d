// Every tfjs kernel the tracer, optimizer, executors and exporters know, one record each (family
// and facts), assembled from the family files. Needs the family files. Produces `KernelName` (the
// string-literal union of the records' names), `KERNELS`, fact queries, and `KernelTable<R>`, the
// type of every per-backend rule table, so a misspelled kernel name in any table fails to compile.

import { KERNEL_FAMILIES, type KernelFacts, type KernelFamily, type KernelInput } from './facts.js';
import { ELEMENTWISE_FAMILY } from './elementwise.js';
import { COMPLEX_FAMILY } from './complex.js';
import { REDUCTION_FAMILY } from './reduction.js';
import { MATMUL_FAMILY } from './matmul.js';
import { SHAPE_OPS_FAMILY } from './shape-ops.js';
import { INDEXING_FAMILY } from './indexing.js';
import { CREATION_FAMILY } from './creation.js';
import { RANDOM_FAMILY } from './random.js';
import { CONV_FAMILY } from './conv.js';
import { NN_FAMILY } from './nn.js';
import { IMAGE_FAMILY } from './image.js';
import { DATA_DEPENDENT_FAMILY } from './data-dependent.js';

export { KERNEL_FAMILIES, type KernelFacts, type KernelFamily, type KernelInput, type ReductionKind } from './facts.js';

const FAMILIES = {
  elementwise: ELEMENTWISE_FAMILY,
  complex: COMPLEX_FAMILY,
  reduction: REDUCTION_FAMILY,
  matmul: MATMUL_FAMILY,
  'shape-ops': SHAPE_OPS_FAMILY,
  indexing: INDEXING_FAMILY,
  creation: CREATION_FAMILY,
  random: RANDOM_FAMILY,
  conv: CONV_FAMILY,
  nn: NN_FAMILY,
  image: IMAGE_FAMILY,
  'data-dependent': DATA_DEPENDENT_FAMILY,
} as const satisfies { readonly [F in KernelFamily]: Readonly<Record<string, KernelFacts>> };

type Families = typeof FAMILIES;

/** The name of a kernel with a record: the key of every per-backend rule table. */
export type KernelName = { [F in KernelFamily]: keyof Families[F] & string }[KernelFamily];

/** Kernel `K`'s record as its family file writes it. */
type RecordOf<K extends KernelName> = {
  [F in KernelFamily]: K extends keyof Families[F] ? Families[F][K] : never;
}[KernelFamily];

/** The kernels whose record states `fact` (e.g. `KernelsWith<'elementwise'>`). */
export type KernelsWith<P extends keyof KernelFacts> = {
  [K in KernelName]: RecordOf<K> extends { readonly [Q in P]: unknown } ? K : never;
}[KernelName];

/** An input name without its record marks (`'bias?'` → `'bias'`, `'splits[]'` → `'splits'`). */
type Unmarked<N> = N extends `${infer B}?` ? B : N extends `${infer B}[]` ? B : N;

/** A name some kernel's record gives an input: what by-name lookups accept, so a misspelled input name does not compile. */
export type KernelInputName = {
  [K in KernelName]: RecordOf<K>['inputs'] extends readonly (infer N)[] ? Unmarked<N> : never;
}[KernelName];

/** The kernels that compute elementwise: the only keys the fusion and compiled-loop tables accept. */
export type ElementwiseKernelName = KernelsWith<'elementwise'>;

/** A kernel with records in two family files (never, or the compile-time check below fails). */
type InTwoFamilies = {
  [F in KernelFamily]: { [G in Exclude<KernelFamily, F>]: keyof Families[F] & keyof Families[G] }[Exclude<
    KernelFamily,
    F
  >];
}[KernelFamily];
/** Does not compile, naming the kernel, when one kernel is recorded in two families. */
const ONE_FAMILY_EACH: [InTwoFamilies] extends [never] ? true : { kernelInTwoFamilies: InTwoFamilies } = true;

/** A kernel's record: its name, its family, and its facts. */
export interface Kernel extends KernelFacts {
  readonly name: KernelName;
  readonly family: KernelFamily;
}

function assemble(): Readonly<Record<KernelName, Kernel>> {
  const all: Record<string, Kernel> = {};
  for (const family of KERNEL_FAMILIES) {
    for (const [name, facts] of Object.entries(FAMILIES[family] as Readonly<Record<string, KernelFacts>>)) {
      if (Object.hasOwn(all, name))
        throw new Error(`internal: kernel ${name} is recorded in families ${all[name]!.family} and ${family}`);
      all[name] = Object.freeze({ ...facts, name: name as KernelName, family });
    }
  }
  return Object.freeze(all) as Readonly<Record<KernelName, Kernel>>;
}

/** Every kernel's record, by name. */
export const KERNELS: Readonly<Record<KernelName, Kernel>> = ONE_FAMILY_EACH && assemble();

/** Every kernel name, family by family in `KERNEL_FAMILIES` order, each family in its file's order. */
export const KERNEL_NAMES: readonly KernelName[] = Object.freeze(Object.keys(KERNELS) as KernelName[]);

export function isKernelName(op: string): op is KernelName {
  return Object.hasOwn(KERNELS, op);
}

/** The record of kernel `op`, or undefined for an IR op (Cond, While, a list op …) or an unknown name. */
export function kernelOf(op: string): Kernel | undefined {
  return isKernelName(op) ? KERNELS[op] : undefined;
}

/** The name an input of a record goes by in runKernel's inputs map (`'bias?'` → `'bias'`, `'splits[]'` → `'splits'`). */
export function inputName(input: KernelInput): string {
  return input.replace(/\?$|\[\]$/, '');
}

/** The names kernel `op` takes its inputs under, in its record's order; `'variadic'` for one array of tensors; undefined for an IR op. */
export function inputNamesOf(op: string): readonly string[] | 'variadic' | undefined {
  const inputs = kernelOf(op)?.inputs;
  return inputs === undefined || inputs === 'variadic' ? inputs : inputs.map(inputName);
}

/** Where input `name` of kernel `op` stands in its record (its place when tfjs passes inputs in order), or -1. */
export function inputPosition(op: string, name: string): number {
  const names = inputNamesOf(op);
  return names === undefined || names === 'variadic' ? -1 : names.indexOf(name);
}

/** The kernels whose record passes `test`, in `KERNEL_NAMES` order (the sets stages derive from a fact). */
export function kernelsWhere(test: (k: Kernel) => boolean): KernelName[] {
  return KERNEL_NAMES.filter((k) => test(KERNELS[k]));
}

/** The kernels of `family`, in their file's order. */
export function kernelsOf(family: KernelFamily): KernelName[] {
  return KERNEL_NAMES.filter((k) => KERNELS[k].family === family);
}

/** A per-backend rule table: a rule for some kernels, keyed by kernel name (a gap is a missing key). */
export type KernelTable<R> = Readonly<Partial<Record<KernelName, R>>>;

/** A table of rules of elementwise kernels only (fusion, compiled loops): another kernel does not compile. */
export type ElementwiseTable<R> = Readonly<Partial<Record<ElementwiseKernelName, R>>>;

/** `table`'s rule for `op` (a name from a graph node or a tfjs call), or undefined. */
export function ruleOf<R>(table: KernelTable<R>, op: string): R | undefined {
  return isKernelName(op) && Object.hasOwn(table, op) ? table[op] : undefined;
}

/** The kernels `table` has a rule for, sorted. */
export function kernelsIn(table: KernelTable<unknown>): KernelName[] {
  return (Object.keys(table) as KernelName[]).sort();
}

/** `table`'s entries with their kernel names typed. */
export function entriesOf<R>(table: KernelTable<R>): [KernelName, R][] {
  return Object.entries(table) as [KernelName, R][];
}

/** A table with a rule made from each entry of `table`. */
export function mapTable<A, B>(table: KernelTable<A>, make: (entry: A, kernel: KernelName) => B): KernelTable<B> {
  return Object.fromEntries(entriesOf(table).map(([k, a]) => [k, make(a, k)])) as KernelTable<B>;
}

/** One rule per name of `names`, made by `make`; a name listed twice is an error. */
export function rulesFor<R>(names: readonly KernelName[], make: (kernel: KernelName) => R): KernelTable<R> {
  const table: Partial<Record<KernelName, R>> = {};
  for (const k of names) {
    if (Object.hasOwn(table, k)) throw new Error(`internal: kernel ${k} is listed twice`);
    table[k] = make(k);
  }
  return table;
}

/** Joins the tables of a backend's rule files; a kernel with rules in two files is an error at load time. */
export function joinTables<R>(what: string, parts: Readonly<Record<string, KernelTable<R>>>): KernelTable<R> {
  const table: Partial<Record<KernelName, R>> = {};
  const owner: Partial<Record<KernelName, string>> = {};
  for (const [part, rules] of Object.entries(parts)) {
    for (const k of Object.keys(rules) as KernelName[]) {
      if (owner[k]) throw new Error(`internal: kernel ${k} has ${what} rules in both ${owner[k]} and ${part}`);
      owner[k] = part;
      table[k] = rules[k];
    }
  }
  return Object.freeze(table);
}
