// The `ag__` object converted code receives: every runtime helper, by the name generated code
// uses. One object per conversion scope (so that `convertedCall` converts callees with the same
// free-variable scope). Needs every runtime module. Produces `makeRuntime`, `Runtime`.

import * as operators from './operators.js';
import { MathDispatch } from './math.js';
import { ifExp, ifStmt } from './if-stmt.js';
import { whileStmt } from './while-stmt.js';
import { forStmt } from './for-stmt.js';
import { range, rangeOf } from './ranges.js';
import { and, or } from './logical.js';
import { callMethod, convertedCall, registerSpecialFunction } from './converted-call.js';
import { assert, nodeAssertionError } from '../trace/effects.js';
import { isSymbolic, isTensor, isTracing, truthy } from './tensors.js';
import { enterTry, exitTry, forInKeys, propertyKey, rethrowStagingError } from './js-only.js';
import { print } from './print.js';
import { aliasOf, listPop, listPush, popped } from './lists.js';
import { getItem, setItem } from './items.js';
import { registerRandomCalls } from './random-calls.js';
import { field, intoContainer } from './state-checks.js';
import { fieldArrow } from './field-writes.js';
import { NUMBER_CHECKS } from './number-checks.js';

const base = {
  ...operators,
  Math: MathDispatch,
  ifStmt,
  ifExp,
  whileStmt,
  forStmt,
  and,
  or,
  print,
  rethrowStagingError,
  enterTry,
  exitTry,
  forInKeys,
  propertyKey,
  listPush,
  aliasOf,
  getItem,
  setItem,
  listPop,
  popped,
  range,
  rangeOf,
  intoContainer,
  field,
  fieldArrow,
};

export type Runtime = typeof base & {
  convertedCall(f: unknown, thisArg: unknown, args: unknown[]): unknown;
  callMethod(obj: unknown, prop: PropertyKey, args: unknown[]): unknown;
};

// Calls that converted code routes elsewhere: console.log → staged print; node:assert → staged assert;
// Math.*, Number.isNaN & co. → tensor dispatch.
registerSpecialFunction(console.log, print as (...a: unknown[]) => unknown);
const nodeAssert = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:assert') as
  (((c: unknown, m?: string) => void) & { ok: unknown; strict: { ok: unknown } & object }) | undefined;
if (nodeAssert) {
  // A symbolic condition is a staged assert whose failure is an AssertionError; otherwise what
  // node:assert does (a concrete tensor judged by its value, as converted conditions are).
  const staged = (c: unknown, m?: unknown): void => {
    if (isTracing() && isSymbolic(c)) {
      const message = typeof m === 'string' ? m : undefined;
      return assert(c, message, {
        id: 'runtime/assert-failed',
        params: { message: message ?? 'The expression evaluated to a falsy value' },
        nodeAssertion: true,
      });
    }
    if (isTensor(c) ? truthy(c, 'an assert') : c) return;
    if (m instanceof Error) throw m;
    throw (
      nodeAssertionError(typeof m === 'string' ? m : undefined, c) ??
      new Error(typeof m === 'string' ? m : 'Assertion failed')
    );
  };
  for (const f of [nodeAssert, nodeAssert.ok, nodeAssert.strict, nodeAssert.strict?.ok])
    if (typeof f === 'function') registerSpecialFunction(f, staged);
}

// tfjs's random ops: an unseeded draw while tracing becomes a draw node (new values on every call).
registerRandomCalls(registerSpecialFunction);

// Math.* passed as values (`helper(Math.abs, x)`): the same dispatch as a direct call.
for (const [name, f] of Object.entries(MathDispatch)) {
  const js = (Math as unknown as Record<string, unknown>)[name];
  if (typeof js === 'function') registerSpecialFunction(js, f);
}
// Number.isNaN & co. and the globals isNaN, isFinite: staged on tensors.
for (const [js, f] of NUMBER_CHECKS) registerSpecialFunction(js, f as (...a: unknown[]) => unknown);

const cache = new WeakMap<object, Runtime>();
let unscoped: Runtime | undefined;

export function makeRuntime(scope?: Record<string, unknown>): Runtime {
  if (!scope) return (unscoped ??= build(undefined));
  let r = cache.get(scope);
  if (!r) cache.set(scope, (r = build(scope)));
  return r;
}

function build(scope: Record<string, unknown> | undefined): Runtime {
  return Object.freeze({
    ...base,
    convertedCall: (f: unknown, thisArg: unknown, args: unknown[]) => convertedCall(f, thisArg, args, scope),
    callMethod: (obj: unknown, prop: PropertyKey, args: unknown[]) => callMethod(obj, prop, args, scope),
  });
}
