// The `ag__` object converted code receives: every runtime helper, by the name generated code
// uses. One object per conversion scope (so that `convertedCall` converts callees with the same
// free-variable scope). Needs every runtime module. Produces `makeRuntime`, `Runtime`.

import * as operators from './operators.js';
import { MathDispatch } from './math.js';
import { ifExp, ifStmt } from './if-stmt.js';
import { forStmt, range, whileStmt } from './loops.js';
import { and, or } from './logical.js';
import { callMethod, convertedCall, registerSpecialFunction } from './converted-call.js';
import { assert } from '../trace/effects.js';
import { forInKeys, jsCond, jsIterable, rethrowStagingError } from './js-only.js';
import { print } from './print.js';
import { listPush } from './lists.js';
import { registerRandomCalls } from './random-calls.js';

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
  jsCond,
  jsIterable,
  rethrowStagingError,
  forInKeys,
  listPush,
  range,
};

export type Runtime = typeof base & {
  convertedCall(f: unknown, thisArg: unknown, args: unknown[]): unknown;
  callMethod(obj: unknown, prop: PropertyKey, args: unknown[]): unknown;
};

// Calls that converted code routes elsewhere: console.log → staged print; node:assert → staged assert.
registerSpecialFunction(console.log, print as (...a: unknown[]) => unknown);
const nodeAssert = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:assert') as
  | (((c: unknown, m?: string) => void) & { ok: unknown; strict: { ok: unknown } & object })
  | undefined;
if (nodeAssert) {
  const staged = (c: unknown, m?: unknown) => assert(c, typeof m === 'string' ? m : undefined);
  for (const f of [nodeAssert, nodeAssert.ok, nodeAssert.strict, nodeAssert.strict?.ok]) if (typeof f === 'function') registerSpecialFunction(f, staged);
}

// tfjs's random ops: an unseeded draw while tracing becomes a draw node (new values on every call).
registerRandomCalls(registerSpecialFunction);

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
