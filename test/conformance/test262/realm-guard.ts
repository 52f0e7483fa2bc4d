// test262 wants a fresh realm per test; these tests share this one with autograph-ts itself. A guard
// records the own properties (and prototypes) of the global object and of the built-ins a test may
// replace, and puts them back after each run. Needs nothing. Produces `RealmGuard`.

const ITERATOR_PROTOS = (): object[] => {
  const arrayIter = Object.getPrototypeOf([][Symbol.iterator]()) as object;
  return [
    arrayIter,
    Object.getPrototypeOf(arrayIter) as object, // %IteratorPrototype%
    Object.getPrototypeOf(''[Symbol.iterator]()) as object,
    Object.getPrototypeOf(new Map()[Symbol.iterator]()) as object,
    Object.getPrototypeOf(new Set()[Symbol.iterator]()) as object,
    Object.getPrototypeOf(/./[Symbol.matchAll]('')) as object,
    Object.getPrototypeOf(Int8Array) as object, // %TypedArray%
    Object.getPrototypeOf(Int8Array.prototype) as object,
  ];
};

/** The global object, every built-in constructor or namespace on it, and their prototypes. */
function guarded(): object[] {
  const out = new Set<object>([globalThis, ...ITERATOR_PROTOS()]);
  for (const key of Object.getOwnPropertyNames(globalThis)) {
    if (!/^[A-Z]/.test(key)) continue; // built-ins are capitalised (Object, Math, JSON, Reflect, ...)
    const d = Object.getOwnPropertyDescriptor(globalThis, key);
    const v: unknown = d && 'value' in d ? d.value : undefined;
    if ((typeof v !== 'function' && typeof v !== 'object') || v === null) continue;
    out.add(v);
    const proto = (v as { prototype?: unknown }).prototype;
    if (typeof proto === 'object' && proto !== null) out.add(proto);
  }
  return [...out];
}

// Primordials: a test may replace any built-in, and the guard runs right after it.
const { ownKeys, getPrototypeOf, setPrototypeOf, deleteProperty, defineProperty } = Reflect;
const { getOwnPropertyDescriptor, is } = Object;

interface Entry {
  readonly object: object;
  readonly proto: object | null;
  readonly keys: PropertyKey[];
  readonly descriptors: PropertyDescriptor[];
}

/** A descriptor without a prototype: a test may add `get` or `value` to Object.prototype. */
function bare(d: PropertyDescriptor): PropertyDescriptor {
  setPrototypeOf(d, null);
  return d;
}

function take(objects: readonly object[]): Entry[] {
  return objects.map((object) => {
    const keys = ownKeys(object);
    return {
      object,
      proto: getPrototypeOf(object) as object | null,
      keys,
      descriptors: keys.map((k) => bare(getOwnPropertyDescriptor(object, k)!)),
    };
  });
}

const sameDescriptor = (a: PropertyDescriptor, b: PropertyDescriptor): boolean =>
  is(a.value, b.value) &&
  a.get === b.get &&
  a.set === b.set &&
  a.writable === b.writable &&
  a.enumerable === b.enumerable &&
  a.configurable === b.configurable;

function has(keys: readonly PropertyKey[], k: PropertyKey): boolean {
  for (let i = 0; i < keys.length; i++) if (keys[i] === k) return true;
  return false;
}

/** Puts one object back as `e` recorded it (index loops only: iterators may be replaced); counts what stuck. */
function restoreOne(e: Entry): number {
  let stuck = 0;
  const o = e.object;
  if (getPrototypeOf(o) !== e.proto && !setPrototypeOf(o, e.proto)) stuck++;
  const now = ownKeys(o);
  for (let i = 0; i < now.length; i++) if (!has(e.keys, now[i]!) && !deleteProperty(o, now[i]!)) stuck++;
  for (let i = 0; i < e.keys.length; i++) {
    const d = getOwnPropertyDescriptor(o, e.keys[i]!);
    if (d && sameDescriptor(d, e.descriptors[i]!)) continue;
    if (!defineProperty(o, e.keys[i]!, e.descriptors[i]!)) stuck++;
  }
  return stuck;
}

export class RealmGuard {
  private readonly entries = take(guarded());
  /** How many properties the restores so far could not put back (a test that froze a built-in). */
  stuck = 0;

  /** Puts back what a run changed; returns how many properties it could not put back. */
  restore(): number {
    let stuck = 0;
    for (let i = 0; i < this.entries.length; i++) stuck += restoreOne(this.entries[i]!);
    this.stuck += stuck;
    return stuck;
  }
}
