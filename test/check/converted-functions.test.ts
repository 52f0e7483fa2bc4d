// Which functions the checker types as converted: the roots (jit/toGraph arguments in every form, and
// 'use autograph' functions) and everything converted code reaches — methods through `this`, `super`
// and objects, getters and setters, class-field arrows, object-literal methods, a factory's closure,
// another module's helpers, `f.call` — while functions that only plain code calls stay plain.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertedFunctions, type FunctionNode } from '../../src/check/converted-functions.js';
import { autographEntries, operatorsFile } from '../../src/check/operators-file.js';

const dir = fileURLToPath(new URL('./fixtures/editor/', import.meta.url)).replace(/\\/g, '/');
const api = fileURLToPath(new URL('../../src/index.js', import.meta.url)).replace(/\\/g, '/');

const FILES: Record<string, string> = {
  'lib.ts': `
import * as tf from '@tensorflow/tfjs';
export function imported(x: tf.Tensor) { return x * 2; }
export function importedButPlain(x: tf.Tensor) { return x * 3; }
`,
  'main.ts': `
import * as tf from '@tensorflow/tfjs';
import * as ag from '${api}';
import { jit as compile } from '${api}';
import { imported, importedButPlain } from './lib.js';

class Base {
  shared(x: tf.Tensor) { return x; }
}
class Model extends Base {
  k = 2;
  get scale() { return this.k * 2; }
  set target(v: number) { this.k = v; }
  fieldArrow = (x: tf.Tensor) => x;
  viaThis(x: tf.Tensor) { return this.helperMethod(x); }
  helperMethod(x: tf.Tensor) { this.target = 3; return super.shared(x) * this.scale; }
  plainMethod(x: tf.Tensor) { return x; }
  bound(x: tf.Tensor) { return x; }
  byReference(x: tf.Tensor) { return x; }
  readonly step = ag.jit((x: tf.Tensor) => this.fieldArrow(this.viaThis(x)));
}

const obj = { literalMethod(x: tf.Tensor) { return x; } };
function makeClosure() { return (x: tf.Tensor) => x; }
const closure = makeClosure();
function calledWithCall(x: tf.Tensor) { return x; }
function overloaded(x: number): number;
function overloaded(x: tf.Tensor): tf.Tensor;
function overloaded(x: tf.Tensor | number) { return x; }
function nestedHost(x: tf.Tensor) {
  const inner = (y: tf.Tensor) => y;
  return inner(x);
}
function directive(x: tf.Tensor) {
  'use autograph';
  return x;
}
function onlyPlain(x: tf.Tensor) { return x; }
function optedOut(x: tf.Tensor) { return x; }
function byName(x: tf.Tensor) { return obj.literalMethod(closure(calledWithCall.call(null, x))); }

const m = new Model();
export const a = compile(byName);
export const b = ag.toGraph((x: tf.Tensor) => imported(overloaded(nestedHost(x))));
export const c = ag.jit(m.bound.bind(m));
export const d = ag.jit(m.byReference);
export const e = ag.jit(optedOut, { autograph: false });
export const plain = [onlyPlain(tf.scalar(1)), m.plainMethod(tf.scalar(1)), importedButPlain(tf.scalar(1)), directive];
`,
};

/** What a converted function is called in the listing: its name, or the name it is bound to. */
function nameOf(fn: FunctionNode): string {
  const named = (fn as { name?: ts.Node }).name;
  if (named && (ts.isIdentifier(named) || ts.isPrivateIdentifier(named)))
    return `${ts.isGetAccessor(fn) ? 'get ' : ts.isSetAccessor(fn) ? 'set ' : ''}${named.text}`;
  const p = fn.parent;
  if (
    (ts.isVariableDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertyAssignment(p)) &&
    ts.isIdentifier(p.name)
  )
    return p.name.text;
  if (ts.isCallExpression(p)) return `argument of ${p.expression.getText()}`;
  if (ts.isReturnStatement(p)) return 'returned arrow';
  return fn.getText().slice(0, 20);
}

let converted: Map<string, FunctionNode[]>;

describe('the functions typed as converted', () => {
  beforeAll(() => {
    const options: ts.CompilerOptions = {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
      noEmit: true,
    };
    const base = ts.createCompilerHost(options, true);
    const text = (f: string): string | undefined => (f.startsWith(dir) ? FILES[f.slice(dir.length)] : undefined);
    const host: ts.CompilerHost = {
      ...base,
      getSourceFile: (f, v, onError, create) => {
        const t = text(f);
        return t !== undefined ? ts.createSourceFile(f, t, v, true) : base.getSourceFile(f, v, onError, create);
      },
      fileExists: (f) => text(f) !== undefined || base.fileExists(f),
      readFile: (f) => text(f) ?? base.readFile(f),
    };
    const program = ts.createProgram({ rootNames: Object.keys(FILES).map((f) => dir + f), options, host });
    const ops = operatorsFile();
    converted = convertedFunctions(ts, program, program.getTypeChecker(), {
      entries: new Set(autographEntries(ops)),
      importSources: [],
      skip: new Set([ops.typesFile]),
    });
  }, 240_000);

  it('follows calls, accessors, fields, objects, closures and imports from the roots', () => {
    expect((converted.get(`${dir}main.ts`) ?? []).map(nameOf)).toEqual([
      'shared', // super.shared(x)
      'get scale',
      'set target',
      'fieldArrow',
      'viaThis',
      'helperMethod',
      'bound', // jit(m.bound.bind(m))
      'byReference', // jit(m.byReference)
      'argument of ag.jit', // the field's jit arrow
      'literalMethod',
      'returned arrow', // closure(...): the arrow makeClosure returns
      'calledWithCall', // calledWithCall.call(null, x)
      'overloaded', // the implementation, not the overload signatures
      'nestedHost', // with `inner` inside it
      'directive',
      'byName', // compile(byName): jit under another local name
      'argument of ag.toGraph',
    ]);
    expect((converted.get(`${dir}lib.ts`) ?? []).map(nameOf)).toEqual(['imported']);
  });

  it('leaves functions that only plain code calls, and jit(f, { autograph: false }), plain', () => {
    const all = [...converted.values()].flat().map(nameOf);
    for (const name of ['onlyPlain', 'plainMethod', 'importedButPlain', 'optedOut', 'makeClosure', 'inner'])
      expect(all).not.toContain(name);
  });
});
