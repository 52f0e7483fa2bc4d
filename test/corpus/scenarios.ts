// The reference scenarios S1–S34 (the semantics every executor keeps, after TensorFlow AutoGraph's
// reference tests; CONTRIBUTING.md's glossary says what S1–S40 are), each a small program with plain
// operators and control flow, written once. P mode runs one on JS values, unconverted and through
// toGraph; T mode traces it with jit on tensors, where a legal program gives P's result and an
// illegal one the catalogued error naming the variable (test/convert/scenarios-p.test.ts,
// scenarios-t.test.ts). test/corpus/index.ts lists them with their plain-JS results. S37–S39
// (print, assert, lists) are tested inline in test/convert/effects-lists-t.test.ts and S40
// (unsupported constructs) in errors.test.ts; the numbers missing from both are not used.
// `tf` is a free variable, read from the conversion's scope (see seeds.ts). Needs nothing at run
// time. Produces s1 … s34b.
import type * as TF from '@tensorflow/tfjs';
import type { Operand } from './seeds.js';

declare const tf: typeof TF;

/** S1: a while loop on the parameter. 0, 1, 2 → 0, 1, 11. */
export function s1(n: number) {
  let i = 0;
  while (i < n) i = i * 10 + 1;
  return i;
}

/** S2: for…of over a JS array or a tensor's first dimension. [] → 0; [1, 2] → 12. */
export function s2(l: number[]) {
  let s = 0;
  for (const i of l) s = s * 10 + i;
  return s;
}

/** S3: a loop variable declared outside, set only by the loop. [1, 2] → 2; on an empty tensor T fails: the loop must iterate. */
export function s3(l: number[]) {
  let i;
  for (i of l) {
  }
  return i;
}

/** S4: a variable first set inside a while loop. 1 → [2, 3]; T with 0 fails at run time naming j. */
export function s4(n: number) {
  let i = 0;
  let j;
  while (i < n) {
    i = n + 1;
    j = i + 1;
  }
  return [i, j];
}

/** S5: continue. [1, 2, 3, 4] → 6. */
export function s5(l: number[]) {
  let s = 0;
  for (const c of l) {
    if (c % 2 > 0) continue;
    s += c;
  }
  return s;
}

/** S6: break. [1, 2, 3, 4] → 0; [2, 4, 5, 6] → 6. */
export function s6(l: number[]) {
  let s = 0;
  for (const c of l) {
    if (c % 2 > 0) break;
    s += c;
  }
  return s;
}

/** S7: break in a while loop. 4 → 0; 5 → 4. */
export function s7(x: number) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    if (x % 2 > 0) break;
    s += x;
  }
  return s;
}

/** S11: return inside a for loop. [1, 2] → 1. */
export function s11(l: number[]) {
  let s = 0;
  for (const c of l) {
    s += c;
    return s;
  }
  return s;
}

/** S12: return in both branches inside a while loop. 3 → -2; 4 → 3. */
export function s12(x: number) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    s += x;
    if (x % 2 > 0) return s;
    else return -s;
  }
  return s;
}

/** S14: if/else on the parameter. 0 → 2; 1 → 1. */
export function s14(n: number) {
  let i = 0;
  if (i < n) i += 1;
  else i += 2;
  return i;
}

/** S15: a variable set in the main branch only. T fails: 'i' must also be initialized in the else branch. */
export function s15(c: boolean) {
  let i;
  if (c) i = 1;
  return i;
}

/** S16: a variable set in the else branch only. T fails: 'i' must also be initialized in the main branch. */
export function s16(c: boolean) {
  let i;
  if (c) {
  } else i = 1;
  return i;
}

/** S17: null assigned in a branch. T fails: 'i' is None/null at the end of the main branch. */
export function s17(c: boolean) {
  let i: number | null = 0;
  let j = 1;
  if (c) {
    i = null;
    j = 2;
  }
  return [i, j];
}

/** S18: a branch-local const (legal in T). true → 2; false → 0. */
export function s18(c: boolean) {
  let i = 0;
  if (c) {
    const j = 1;
    i = j + 1;
  }
  return i;
}

/** S19: a return nested in an if, then a final return. (true, true) → 1; otherwise 2. */
export function s19(c1: boolean, c2: boolean) {
  if (c1) {
    if (c2) return 1;
  }
  return 2;
}

/** S19 without the final return: T fails, the else branch must also return. */
export function s19NoFinal(c: boolean) {
  if (c) {
    return 1;
  }
}

/** S21: nested ifs where every path returns. -1 → -1; 3 → 3; 6 → 36. */
export function s21(x: number) {
  if (x > 0) {
    if (x > 5) return x * x;
    else return x;
  } else {
    return -1;
  }
}

/** S22: console.log in a branch, a staged print on every call. 2 → 2, printing 'x 2'. */
export function s22(x: number) {
  if (x > 0) {
    console.log('x', x);
    return x;
  }
  return x * x;
}

/** S23: object state, a property set in both branches. 1 → {a: 1, b: 1}; 0 → {a: 0, b: -1}. */
export function s23(a: number) {
  const x: { a: number; b?: number } = { a };
  if (x.a > 0) x.b = 1;
  else x.b = -1;
  return x;
}

/** S23 without the else: T fails naming 'x.b'. */
export function s23NoElse(a: number) {
  const x: { a: number; b?: number } = { a };
  if (x.a > 0) x.b = 1;
  return x;
}

/** S28: a C-style for whose let shadows the outer variable. 3 → [7, 12]. */
export function s28(n: number) {
  let i = 7;
  let s = 0;
  for (let i = 0; i < n; i++) s = s * 10 + i;
  return [i, s];
}

/** S30: a list accumulated in nested for loops. [[1, 2], [3, 4]] → [12, 34]. */
export function s30(ll: number[][]) {
  const out: number[] = [];
  for (const l of ll) {
    let s = 0;
    for (const c of l) s = s * 10 + c;
    out.push(s);
  }
  return out;
}

/** S32: a loop variable whose dtype changes. T fails: 'n' has dtype int32 before the loop, float32 after one iteration. */
export function s32(n: number) {
  while (n < 10) n = n * 1.5;
  return n;
}

/** S33: a loop variable whose shape changes. T fails naming 'x' and both shapes. */
export function s33(x: TF.Tensor, n: number) {
  let i = 0;
  while (i < n) {
    x = tf.concat([x, x], 0);
    i += 1;
  }
  return x;
}

/** S34: a break on a tensor condition in a loop over a JS array: T fails. */
export function s34a(x: number) {
  for (const c of [1, 2]) {
    if (tf.greater(c % 2, 0)) break;
    x = x + c;
  }
  return x;
}

/** S34: a JS while whose condition becomes a tensor: T fails. */
export function s34b(x: number) {
  let i: Operand = 0;
  while (i < 3) i = tf.add(i, x);
  return i;
}
