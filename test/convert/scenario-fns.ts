// The reference scenarios (the semantics every executor keeps: S1–S40, after TensorFlow AutoGraph's
// reference tests) as plain functions, shared by the P-mode and T-mode tests.
/* eslint-disable */
// @ts-nocheck
import * as tf from '@tensorflow/tfjs';

export function s1(n) {
  let i = 0;
  while (i < n) i = i * 10 + 1;
  return i;
}
export function s2(l) {
  let s = 0;
  for (const i of l) s = s * 10 + i;
  return s;
}
export function s3(l) {
  let i;
  for (i of l) {
  }
  return i;
}
export function s4(n) {
  let i = 0;
  let j;
  while (i < n) {
    i = n + 1;
    j = i + 1;
  }
  return [i, j];
}
export function s5(l) {
  let s = 0;
  for (const c of l) {
    if (c % 2 > 0) continue;
    s += c;
  }
  return s;
}
export function s6(l) {
  let s = 0;
  for (const c of l) {
    if (c % 2 > 0) break;
    s += c;
  }
  return s;
}
export function s7(x) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    if (x % 2 > 0) break;
    s += x;
  }
  return s;
}
export function s11(l) {
  let s = 0;
  for (const c of l) {
    s += c;
    return s;
  }
  return s;
}
export function s12(x) {
  let s = 0;
  while (x > 0) {
    x -= 1;
    s += x;
    if (x % 2 > 0) return s;
    else return -s;
  }
  return s;
}
export function s14(n) {
  let i = 0;
  if (i < n) i += 1;
  else i += 2;
  return i;
}
export function s15(c) {
  let i;
  if (c) i = 1;
  return i;
}
export function s16(c) {
  let i;
  if (c) {
  } else i = 1;
  return i;
}
export function s17(c) {
  let i = 0;
  let j = 1;
  if (c) {
    i = null;
    j = 2;
  }
  return [i, j];
}
export function s18(c) {
  let i = 0;
  if (c) {
    const j = 1;
    i = j + 1;
  }
  return i;
}
export function s19(c1, c2) {
  if (c1) {
    if (c2) return 1;
  }
  return 2;
}
export function s19NoFinal(c) {
  if (c) {
    return 1;
  }
}
export function s21(x) {
  if (x > 0) {
    if (x > 5) return x * x;
    else return x;
  } else {
    return -1;
  }
}
export function s22(x) {
  if (x > 0) {
    console.log('x', x);
    return x;
  }
  return x * x;
}
export function s23(a) {
  const x = { a };
  if (x.a > 0) x.b = 1;
  else x.b = -1;
  return x;
}
export function s23NoElse(a) {
  const x = { a };
  if (x.a > 0) x.b = 1;
  return x;
}
export function s28(n) {
  let i = 7;
  let s = 0;
  for (let i = 0; i < n; i++) s = s * 10 + i;
  return [i, s];
}
export function s30(ll) {
  const out = [];
  for (const l of ll) {
    let s = 0;
    for (const c of l) s = s * 10 + c;
    out.push(s);
  }
  return out;
}
export function s32(n) {
  while (n < 10) n = n * 1.5;
  return n;
}
export function s33(x, n) {
  let i = 0;
  while (i < n) {
    x = tf.concat([x, x], 0);
    i += 1;
  }
  return x;
}
export function s34a(x) {
  for (const c of [1, 2]) {
    if (tf.greater(c % 2, 0)) break;
    x = x + c;
  }
  return x;
}
export function s34b(x) {
  let i = 0;
  while (i < 3) i = tf.add(i, x);
  return i;
}
export function squareIfPositive(x) {
  if (x > 0) x = x * x;
  else x = 0.0;
  return x;
}
export function huberLoss(a) {
  let loss;
  if (tf.abs(a) <= delta) loss = (a * a) / 2;
  else loss = delta * (tf.abs(a) - delta / 2);
  return loss;
}
export function collatz(a) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = Math.floor(a / 2);
    else a = 3 * a + 1;
    counter = counter + 1;
  }
  return counter;
}
export function collatzTrunc(a) {
  let counter = 0;
  while (a != 1) {
    if (a % 2 == 0) a = (a / 2) | 0;
    else a = 3 * a + 1;
    counter += 1;
  }
  return counter;
}
export function printLoop(n) {
  if (n >= 0) {
    while (n < 5) {
      n += 1;
      console.log(n);
    }
  }
  return n;
}
export const delta = 1;
