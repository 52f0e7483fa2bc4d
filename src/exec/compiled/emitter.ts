// The text emitter of generated code: indented lines, fresh local names, and the attrs table the
// generated function reads as A[i] (and the targets' kernel sites as W[i]); plus the value
// representation rule shared by the generators. Needs the IR types, profile (KernelSite).
// Produces `Emitter`, `Slot`, `elementsOf`, `isNum`, `valueName`.

import type { Value } from '../../ir/graph.js';
import type { DType } from '../../ir/types.js';
import type { KernelSite } from './profile.js';

/** A value held as a JS number (bools as 0/1), rather than as a tensor. */
export function isNum(v: { shape: readonly number[]; dtype: DType }): boolean {
  return v.shape.length === 0 && (v.dtype === 'float32' || v.dtype === 'int32' || v.dtype === 'bool');
}

/** How generated code holds a value: an expression, and for tensors whether this code owns it. */
export interface Slot {
  /** The tensor (or number); '' for a value held only as an array so far (see `array`). */
  readonly expr: string;
  /** For tensors: created here (and so freed here) rather than borrowed. */
  readonly owned: boolean;
  /** A small value on cpu held as a typed array (small-kernels.ts): its name and output-buffer site. */
  readonly array?: ArraySlot;
}

export interface ArraySlot {
  readonly name: string;
  readonly site: number;
  /**
   * Made a tensor, it is registered under its dtype whatever array holds it, as tfjs's cpu Slice,
   * Unpack and Concat register their output (a read of a float32 held in an Int32Array then rounds);
   * otherwise as helpers.ts `make` does (an Int32Array under int32, as tfjs's Cast leaves it).
   */
  readonly labelled?: boolean;
}

/** Code for the elements of a tensor slot: its array where it is held as one, else the tensor's. */
export function elementsOf(s: Slot): string {
  return s.array ? s.array.name : `H.data(${s.expr})`;
}

/** The local name of an IR value in generated code. */
export function valueName(v: Value): string {
  return `v${v.id}`;
}

export class Emitter {
  private readonly lines: string[] = [];
  private depth = 1;
  private tmp = 0;
  /** Output-buffer sites (see helpers.ts `buffer`), one per typed-array loop. */
  sites = 0;
  readonly attrs: unknown[] = [];
  /** The targets' kernel sites the generated function calls as W[i]. */
  readonly kernels: KernelSite[] = [];

  line(s: string): void {
    this.lines.push('  '.repeat(this.depth) + s);
  }
  open(s: string): void {
    this.line(s);
    this.depth++;
  }
  close(s = '}'): void {
    this.depth--;
    this.line(s);
  }
  /** Re-opens a block after `close('} else {')`. */
  reopen(): void {
    this.depth++;
  }
  fresh(prefix = 't'): string {
    return `${prefix}${this.tmp++}`;
  }
  source(): string {
    return this.lines.join('\n');
  }
  kernelRef(k: KernelSite): string {
    this.kernels.push(k);
    return `W[${this.kernels.length - 1}]`;
  }
  attrRef(a: unknown): string {
    this.attrs.push(a);
    return `A[${this.attrs.length - 1}]`;
  }
}
