// test262's harness, written for this runner from INTERPRETING.md and the harness files' contracts:
// assert.js and sta.js (always), compareArray.js and propertyHelper.js's verifyProperty. Every
// function is marked doNotConvert: the test body is under test, not the harness. Produces `HARNESS`.

import { doNotConvert } from '../../../src/runtime/do-not-convert.js';

type Fn = (...args: never[]) => unknown;
type Obj = Record<PropertyKey, unknown>;

/** test262's error: callable without `new`, its `toString` says "Test262Error: message". */
interface Test262ErrorInstance {
  message: string;
}
interface Test262ErrorCtor {
  new (message?: string): Test262ErrorInstance;
  (message?: string): Test262ErrorInstance;
  thrower(message?: string): never;
}
const Test262Error = function (this: Test262ErrorInstance | undefined, message?: string): Test262ErrorInstance | void {
  if (!(this instanceof Test262Error)) return new Test262Error(message);
  this.message = message || '';
} as unknown as Test262ErrorCtor;
Test262Error.prototype.toString = function (this: Test262ErrorInstance): string {
  return `Test262Error: ${this.message}`;
};
Test262Error.thrower = (message?: string): never => {
  throw new Test262Error(message);
};

function $DONOTEVALUATE(): never {
  throw 'Test262: This statement should not be evaluated.';
}

const isNegativeZero = (v: unknown): boolean => v === 0 && 1 / (v as number) === -Infinity;
const isPrimitive = (v: unknown): boolean => !v || (typeof v !== 'object' && typeof v !== 'function');

/** The value without its identity: strings quoted, -0 as '-0'; undefined for objects and symbols. */
function formatIdentityFreeValue(v: unknown): string | undefined {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${String(v)}n`;
  if (typeof v === 'number') return isNegativeZero(v) ? '-0' : String(v);
  if (typeof v === 'boolean' || v === undefined) return String(v);
  return undefined;
}

function formatSimpleValue(v: unknown): string {
  const basic = formatIdentityFreeValue(v);
  if (basic) return basic;
  try {
    return String(v);
  } catch (e) {
    if ((e as Error).name === 'TypeError') return Object.prototype.toString.call(v);
    throw e;
  }
}

/** SameValue: NaN equals NaN, +0 differs from -0. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return a !== 0 || 1 / (a as number) === 1 / (b as number);
  return a !== a && b !== b; // eslint-disable-line no-self-compare
}

function fail(message: string): never {
  throw new Test262Error(message);
}

const withSpace = (message: string | undefined): string => (message === undefined ? '' : `${message} `);

function assert(mustBeTrue: unknown, message?: string): void {
  if (mustBeTrue === true) return;
  fail(message === undefined ? `Expected true but got ${formatSimpleValue(mustBeTrue)}` : message);
}

assert._isSameValue = sameValue;
assert._toString = formatSimpleValue;
assert._formatIdentityFreeValue = formatIdentityFreeValue;

assert.sameValue = (actual: unknown, expected: unknown, message?: string): void => {
  let same: boolean;
  try {
    same = assert._isSameValue(actual, expected);
  } catch (e) {
    fail(`${message} (_isSameValue operation threw) ${String(e)}`);
  }
  if (same) return;
  fail(
    `${withSpace(message)}Expected SameValue(«${assert._toString(actual)}», «${assert._toString(expected)}») to be true`,
  );
};

assert.notSameValue = (actual: unknown, unexpected: unknown, message?: string): void => {
  if (!assert._isSameValue(actual, unexpected)) return;
  fail(
    `${withSpace(message)}Expected SameValue(«${assert._toString(actual)}», «${assert._toString(unexpected)}») to be false`,
  );
};

assert.throws = (expected: { name: string }, func: unknown, message?: string): void => {
  if (typeof func !== 'function')
    fail('assert.throws requires two arguments: the error constructor and a function to run');
  const prefix = withSpace(message);
  try {
    (func as () => unknown)();
  } catch (thrown) {
    if (typeof thrown !== 'object' || thrown === null) fail(`${prefix}Thrown value was not an object!`);
    const ctor = (thrown as { constructor: { name: string } }).constructor;
    if (ctor === expected) return;
    const same = expected.name === ctor.name;
    fail(
      `${prefix}Expected a ${expected.name} but got a ${same ? 'different error constructor with the same name' : ctor.name}`,
    );
  }
  fail(`${prefix}Expected a ${expected.name} to be thrown but no exception was thrown at all`);
};

function compareArray(a: ArrayLike<unknown>, b: ArrayLike<unknown>): boolean {
  if (b.length !== a.length) return false;
  for (let i = 0; i < a.length; i++) if (!assert._isSameValue(b[i], a[i])) return false;
  return true;
}
compareArray.format = (arrayLike: ArrayLike<unknown>): string =>
  `[${Array.prototype.map.call(arrayLike, String).join(', ')}]`;

assert.compareArray = (actual: ArrayLike<unknown>, expected: ArrayLike<unknown>, message?: unknown): void => {
  const text = message === undefined ? '' : typeof message === 'symbol' ? message.toString() : message;
  if (isPrimitive(actual)) assert(false, `Actual argument [${String(actual)}] shouldn't be primitive. ${String(text)}`);
  else if (isPrimitive(expected))
    assert(false, `Expected argument [${String(expected)}] shouldn't be primitive. ${String(text)}`);
  if (compareArray(actual, expected)) return;
  assert(
    false,
    `Actual ${compareArray.format(actual)} and expected ${compareArray.format(expected)} should have the same contents. ${String(text)}`,
  );
};

// propertyHelper.js: the primordials it uses, captured before a test can replace them.
const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);
const enumerableOwn = (o: object, k: PropertyKey): boolean => Object.prototype.propertyIsEnumerable.call(o, k);
const getDescriptor = Object.getOwnPropertyDescriptor;
const defineProperty = Object.defineProperty;

function isConfigurable(obj: Obj, name: PropertyKey): boolean {
  try {
    delete obj[name];
  } catch (e) {
    if (!(e instanceof TypeError)) fail(`Expected TypeError, got ${String(e)}`);
  }
  return !hasOwn(obj, name);
}

function isEnumerable(obj: Obj, name: PropertyKey): boolean {
  let listed = typeof name !== 'string';
  if (!listed) for (const key in obj) if (key === name) listed = true;
  return listed && hasOwn(obj, name) && enumerableOwn(obj, name);
}

function isWritable(obj: Obj, name: PropertyKey): boolean {
  let value: unknown = Array.isArray(obj) && name === 'length' ? 2 ** 32 - 1 : 'unlikelyValue';
  const had = hasOwn(obj, name);
  const old = obj[name];
  if (value === old) value = `${String(value)}2`;
  try {
    obj[name] = value;
  } catch (e) {
    if (!(e instanceof TypeError)) fail(`Expected TypeError, got ${String(e)}`);
  }
  const wrote = sameValue(obj[name], value);
  if (wrote) {
    if (had) obj[name] = old;
    else delete obj[name];
  }
  return wrote;
}

/** The failures of `desc`'s attributes other than value (writable and configurable are probed). */
function attributeFailures(
  obj: Obj,
  name: PropertyKey,
  desc: PropertyDescriptor,
  original: PropertyDescriptor,
  label: string,
): string[] {
  const out: string[] = [];
  const probe = { enumerable: isEnumerable, writable: isWritable, configurable: isConfigurable } as const;
  for (const attr of ['enumerable', 'writable', 'configurable'] as const) {
    if (!hasOwn(desc, attr) || desc[attr] === undefined) continue;
    if (desc[attr] !== original[attr] || desc[attr] !== probe[attr](obj, name)) {
      out.push(`${label} descriptor should ${desc[attr] ? '' : 'not '}be ${attr}`);
    }
  }
  return out;
}

function verifyProperty(
  obj: Obj,
  name: PropertyKey,
  ...rest: [PropertyDescriptor | undefined, { label?: string; restore?: boolean }?]
): boolean {
  assert(rest.length > 0, 'verifyProperty should receive at least 3 arguments: obj, name, and descriptor');
  const [desc, options] = rest;
  const label = options?.label || String(name);
  const original = getDescriptor(obj, name);
  if (desc === undefined) {
    assert.sameValue(original, undefined, `${label} descriptor should be undefined`);
    return true;
  }
  assert(hasOwn(obj, name), `${label} should be an own property`);
  assert.notSameValue(desc, null, 'The desc argument should be an object or undefined, null');
  assert.sameValue(typeof desc, 'object', `The desc argument should be an object or undefined, ${String(desc)}`);
  for (const key of Object.getOwnPropertyNames(desc)) {
    assert(
      ['value', 'writable', 'enumerable', 'configurable', 'get', 'set'].includes(key),
      `Invalid descriptor field: ${key}`,
    );
  }
  const failures: string[] = [];
  if (hasOwn(desc, 'value')) {
    if (!sameValue(desc.value, original!.value))
      failures.push(`${label} descriptor value should be ${String(desc.value)}`);
    if (!sameValue(desc.value, obj[name])) failures.push(`${label} value should be ${String(desc.value)}`);
  }
  failures.push(...attributeFailures(obj, name, desc, original!, label));
  if (failures.length) assert(false, failures.join('; '));
  if (options?.restore) defineProperty(obj, name, original!);
  return true;
}

const functions: Record<string, Fn> = {
  assert,
  Test262Error,
  $DONOTEVALUATE,
  compareArray,
  isNegativeZero,
  isPrimitive,
  formatIdentityFreeValue,
  formatSimpleValue,
  verifyProperty,
  isConfigurable,
  isEnumerable,
  isWritable,
  isSameValue: sameValue,
};
for (const f of [
  ...Object.values(functions),
  assert.sameValue,
  assert.notSameValue,
  assert.throws,
  assert.compareArray,
  compareArray.format,
  Test262Error.thrower,
])
  doNotConvert(f as Fn);

/** The bindings test262 puts in the global scope (assert.js, sta.js, compareArray.js, propertyHelper.js). */
export const HARNESS: Readonly<Record<string, unknown>> = Object.freeze({ ...functions });
export { Test262Error };
