// What a bound function (`f.bind(obj, a)`) binds: its target function, `this` and leading
// arguments, so that the target can be converted and called with them. JavaScript does not expose
// them; Node's in-process inspector does (the [[TargetFunction]], [[BoundThis]] and [[BoundArgs]]
// internal properties), synchronously. Elsewhere (browsers) a bound function stays opaque.
// Needs nothing but Node's inspector, loaded lazily. Produces `unbind`, `isBoundFunction`.

import type { UserFunction } from '../platform/functions.js';

export interface Unbound {
  readonly target: UserFunction;
  readonly thisArg: unknown;
  readonly args: readonly unknown[];
}

interface RemoteObject {
  readonly objectId?: string;
  readonly value?: unknown;
  readonly type?: string;
}
interface InspectorSession {
  connect(): void;
  post(method: string, params: object, callback: (err: Error | null, result: unknown) => void): void;
}

const PROBE = Symbol.for('autograph-ts.bound-function-probe');
const GROUP = 'autograph-ts';
const cache = new WeakMap<UserFunction, Unbound | null>();
let session: InspectorSession | null | undefined;

/** True for a function made by Function.prototype.bind. */
export function isBoundFunction(fn: UserFunction): boolean {
  return (
    fn.name.startsWith('bound ') &&
    !('prototype' in fn) &&
    /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn))
  );
}

function inspector(): InspectorSession | null {
  if (session !== undefined) return session;
  session = null;
  try {
    const mod = (
      globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
    ).process?.getBuiltinModule?.('node:inspector') as { Session: new () => InspectorSession } | undefined;
    if (mod) {
      const s = new mod.Session();
      s.connect();
      session = s;
    }
  } catch {
    session = null;
  }
  return session;
}

/** Posts an inspector command; the in-process session answers synchronously. */
function post<T>(s: InspectorSession, method: string, params: object): T {
  let out: { err: Error | null; result: unknown } | undefined;
  s.post(method, params, (err, result) => (out = { err, result }));
  if (!out) throw new Error(`inspector ${method} did not answer synchronously`);
  if (out.err) throw out.err;
  return out.result as T;
}

/** The value a remote object stands for, brought back through a global slot. */
function valueOf(s: InspectorSession, r: RemoteObject): unknown {
  if (!r.objectId) return r.type === 'undefined' ? undefined : r.value;
  const slot = globalThis as unknown as Record<symbol, unknown>;
  post(s, 'Runtime.callFunctionOn', {
    objectId: r.objectId,
    functionDeclaration: `function () { globalThis[Symbol.for(${JSON.stringify(PROBE.description)})] = this; }`,
  });
  const v = slot[PROBE];
  delete slot[PROBE];
  return v;
}

/** The target, `this` and arguments of a bound function; undefined where they cannot be read. */
export function unbind(fn: UserFunction): Unbound | undefined {
  if (!isBoundFunction(fn)) return undefined;
  const known = cache.get(fn);
  if (known !== undefined) return known ?? undefined;
  let found: Unbound | null = null;
  const s = inspector();
  if (s) {
    const slot = globalThis as unknown as Record<symbol, unknown>;
    try {
      slot[PROBE] = fn;
      const { result } = post<{ result: RemoteObject }>(s, 'Runtime.evaluate', {
        objectGroup: GROUP,
        expression: `globalThis[Symbol.for(${JSON.stringify(PROBE.description)})]`,
      });
      delete slot[PROBE];
      const props = post<{ internalProperties?: { name: string; value: RemoteObject }[] }>(s, 'Runtime.getProperties', {
        objectId: result.objectId,
        ownProperties: true,
      });
      const get = (name: string): RemoteObject | undefined =>
        props.internalProperties?.find((p) => p.name === name)?.value;
      const target = get('[[TargetFunction]]');
      const self = get('[[BoundThis]]');
      const args = get('[[BoundArgs]]');
      if (target && self && args) {
        // A primitive `this` comes back boxed by callFunctionOn; it is read as a value instead.
        const thisArg = self.objectId ? valueOf(s, self) : self.type === 'undefined' ? undefined : self.value;
        found = { target: valueOf(s, target) as UserFunction, thisArg, args: [...(valueOf(s, args) as unknown[])] };
        if (typeof found.target !== 'function') found = null;
      }
    } catch {
      found = null;
    } finally {
      delete slot[PROBE];
      try {
        post(s, 'Runtime.releaseObjectGroup', { objectGroup: GROUP });
      } catch {
        // nothing to release
      }
    }
  }
  cache.set(fn, found);
  return found ?? undefined;
}
