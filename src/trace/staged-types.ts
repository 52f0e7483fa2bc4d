// The types that say what crosses a jit boundary: a JS number or boolean a function takes may be
// given as a tensor, and one it returns comes back as a tensor (it was staged). Types only, no code.
// Needs tfjs-core's Tensor (and nothing else: the checker's operator types use it too).
// Produces `Staged`, `JitArg`, `JitArgs`, `IsAny`, `AnyFn`.

import type { Tensor } from '@tensorflow/tfjs-core';

/** True for `any` (left as it is: mapping it would spread into every branch of a conditional type). */
export type IsAny<T> = 0 extends 1 & T ? true : false;

/** Any function: the constraint of what `jit` and `toGraph` take. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFn = (...args: any[]) => any;

/**
 * What a value of type `T` becomes once staged: JS numbers and booleans become tensors (of any
 * rank: a parameter typed `number` may be given a tensor of any shape), tensors stay, arrays,
 * tuples and plain objects map element by element; strings, functions and the rest stay as they are.
 */
export type Staged<T> =
  IsAny<T> extends true
    ? T
    : T extends number | boolean
      ? Tensor
      : T extends Tensor
        ? T
        : T extends (...args: never[]) => unknown
          ? T
          : T extends readonly unknown[]
            ? { -readonly [K in keyof T]: Staged<T[K]> }
            : T extends object
              ? { [K in keyof T]: Staged<T[K]> }
              : T;

/**
 * What a jit function accepts where `fn` takes a `T`: the value itself, or a tensor in place of any
 * JS number or boolean in it (arrays and plain objects element by element).
 */
export type JitArg<T> =
  IsAny<T> extends true
    ? T
    : T extends number | boolean
      ? T | Tensor
      : T extends Tensor | ((...args: never[]) => unknown)
        ? T
        : T extends readonly unknown[]
          ? { [K in keyof T]: JitArg<T[K]> }
          : T extends object
            ? { [K in keyof T]: JitArg<T[K]> }
            : T;

/** The parameter list of a jit function made from a function with parameters `P`. */
export type JitArgs<P extends readonly unknown[]> = { [K in keyof P]: JitArg<P[K]> };
