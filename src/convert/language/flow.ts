// The language table's Flow node types. Flow is never met at run time (fn.toString() of compiled
// code) nor under the Node loader or Vite (which do not read Flow); only the Babel plugin meets these
// nodes, before the Flow preset strips them, and leaves them in place. Flow enums are run-time
// objects (babel-plugin-transform-flow-enums). Needs entry.ts. Produces `FLOW`.

import type { ParserPlugin } from '@babel/parser';
import { erased, type Erased, type Passed, type Rows } from './entry.js';

const FLOW: readonly ParserPlugin[] = ['flow'];
/** Flow with enums: Babel 7's parser reads the `enums` option, which its typings declare for Babel 8 only. */
const ENUMS = [['flow', { enums: true }]] as unknown as readonly ParserPlugin[];

/** A Flow type, annotation or declaration: `what` it is, in a function body that uses it. */
const type = (what: string, example: string): Erased =>
  erased('flow', `${what}: a Flow type, no run-time meaning`, example, FLOW);
/** A part of a Flow enum, with an enum that has it. */
const enumPart = (what: string, example: string): Passed => ({
  status: 'passed',
  family: 'flow',
  syntax: ENUMS,
  example,
  reason: `${what}: left as written for the Flow enums transform; member reads are JS`,
});

export const FLOW_TYPES = {
  AnyTypeAnnotation: type('`any`', 'let x: any = 1; return x * 2;'),
  ArrayTypeAnnotation: type('`T[]`', 'const a: number[] = [1]; return a.length * 2;'),
  BooleanLiteralTypeAnnotation: type('`true`', 'const t: true = true; const one = 1; return [t, one * 2];'),
  BooleanTypeAnnotation: type('`boolean`', 'const t: boolean = true; const one = 1; return [t, one * 2];'),
  ClassImplements: type('`implements I`', 'interface I {} class A implements I {} const one = 1; return one * 2;'),
  DeclareClass: type('`declare class`', 'declare class A {} const one = 1; return one * 2;'),
  DeclareExportAllDeclaration: type('`declare export *`', 'declare export * from "m"; const one = 1; return one * 2;'),
  DeclareExportDeclaration: type('`declare export`', 'declare export var v: number; const one = 1; return one * 2;'),
  DeclareFunction: type('`declare function`', 'declare function f(): void; const one = 1; return one * 2;'),
  DeclareInterface: type('`declare interface`', 'declare interface I {} const one = 1; return one * 2;'),
  DeclareModule: type('`declare module`', 'declare module M {} const one = 1; return one * 2;'),
  DeclareModuleExports: type(
    '`declare module.exports`',
    'declare module.exports: number; const one = 1; return one * 2;',
  ),
  DeclareOpaqueType: type('`declare opaque type`', 'declare opaque type T; const one = 1; return one * 2;'),
  DeclareTypeAlias: type('`declare type`', 'declare type T = number; const one = 1; return one * 2;'),
  DeclareVariable: type('`declare var`', 'declare var v: number; const one = 1; return one * 2;'),
  DeclaredPredicate: type(
    '`%checks(e)` of a declared function',
    'declare function isS(x: mixed): boolean %checks(typeof x === "string"); const one = 1; return one * 2;',
  ),
  EmptyTypeAnnotation: type('`empty`', 'const f = (x: empty) => x; const one = 1; return [typeof f, one * 2];'),
  EnumBooleanBody: enumPart(
    'a boolean enum body',
    'enum E of boolean { A = true } const one = 1; return [E.A, one * 2];',
  ),
  EnumBooleanMember: enumPart(
    'a boolean enum member',
    'enum E of boolean { A = true } const one = 1; return [E.A, one * 2];',
  ),
  EnumDeclaration: enumPart('`enum`', 'enum E { A, B } const one = 1; return [E.A, one * 2];'),
  EnumDefaultedMember: enumPart(
    'a member without an initializer',
    'enum E { A, B } const one = 1; return [E.B, one * 2];',
  ),
  EnumNumberBody: enumPart('a number enum body', 'enum E of number { A = 1 } const one = 1; return E.A * one;'),
  EnumNumberMember: enumPart('a number enum member', 'enum E of number { A = 1 } const one = 1; return E.A * one;'),
  EnumStringBody: enumPart('a string enum body', 'enum E of string { A = "a" } const one = 1; return [E.A, one * 2];'),
  EnumStringMember: enumPart(
    'a string enum member',
    'enum E of string { A = "a" } const one = 1; return [E.A, one * 2];',
  ),
  EnumSymbolBody: enumPart('a symbol enum body', 'enum E of symbol { A } const one = 1; return [typeof E.A, one * 2];'),
  ExistsTypeAnnotation: type('`*`', 'const x: * = 2; return x * 2;'),
  FunctionTypeAnnotation: type('`(x: T) => U`', 'const f: (x: number) => number = (x) => x * 2; return f(2);'),
  FunctionTypeParam: type(
    'a parameter of a function type',
    'const f: (x: number) => number = (x) => x * 2; return f(2);',
  ),
  GenericTypeAnnotation: type('a named type `T`', 'const a: Array<number> = [2]; return a[0] * 2;'),
  IndexedAccessType: type('`O["k"]`', 'type O = { k: number }; const v: O["k"] = 2; return v * 2;'),
  InferredPredicate: type(
    '`%checks` of a function',
    'function isS(x: mixed): boolean %checks { return typeof x === "string"; } const one = 1; return [isS(1), one * 2];',
  ),
  InterfaceDeclaration: type('`interface`', 'interface P { x: number } const p: P = { x: 2 }; return p.x * 2;'),
  InterfaceExtends: type(
    '`extends I` of an interface',
    'interface I {} interface J extends I {} const one = 1; return one * 2;',
  ),
  InterfaceTypeAnnotation: type(
    '`interface { … }` as a type',
    'const o: interface { x: number } = { x: 2 }; return o.x * 2;',
  ),
  IntersectionTypeAnnotation: type(
    '`A & B`',
    'const o: { a: number } & { b: number } = { a: 1, b: 2 }; return o.a * o.b;',
  ),
  MixedTypeAnnotation: type('`mixed`', 'const x: mixed = 2; const one = 1; return [x, one * 2];'),
  NullLiteralTypeAnnotation: type('`null`', 'const n: null = null; const one = 1; return [n, one * 2];'),
  NullableTypeAnnotation: type('`?T`', 'const x: ?number = 2; return (x || 0) * 2;'),
  NumberLiteralTypeAnnotation: type('`1`', 'const x: 1 = 1; return x * 2;'),
  NumberTypeAnnotation: type('`number`', 'let x: number = 2; if (x > 1) x = x * 2; return x;'),
  ObjectTypeAnnotation: type('`{ a: T }`', 'const o: { a: number } = { a: 2 }; return o.a * 2;'),
  ObjectTypeCallProperty: type(
    'a call property `{ (): T }`',
    'type F = { (x: number): number }; const one = 1; return one * 2;',
  ),
  ObjectTypeIndexer: type('`{ [k: K]: V }`', 'const o: { [k: string]: number } = { a: 2 }; return o.a * 2;'),
  ObjectTypeInternalSlot: type(
    '`{ [[slot]]: T }`',
    'type O = { [[call]]: () => void }; const one = 1; return one * 2;',
  ),
  ObjectTypeProperty: type('a property of an object type', 'const o: { a: number } = { a: 2 }; return o.a * 2;'),
  ObjectTypeSpreadProperty: type(
    '`{ ...O }` in a type',
    'type A = { a: number }; type B = { ...A, b: number }; const one = 1; return one * 2;',
  ),
  OpaqueType: type('`opaque type`', 'opaque type N = number; const x: N = 2; return x * 2;'),
  OptionalIndexedAccessType: type(
    '`O?.["k"]`',
    'type O = ?{ k: number }; type K = O?.["k"]; const one = 1; return one * 2;',
  ),
  QualifiedTypeIdentifier: type('`A.B` in a type', 'let d: Intl.Collator | void; const one = 1; return [d, one * 2];'),
  StringLiteralTypeAnnotation: type('`"s"`', 'const s: "s" = "s"; const one = 1; return s + one * 2;'),
  StringTypeAnnotation: type('`string`', 'const s: string = "a"; const one = 1; return s + one * 2;'),
  SymbolTypeAnnotation: type('`symbol`', 'const s: symbol = Symbol(); const one = 1; return [typeof s, one * 2];'),
  ThisTypeAnnotation: type(
    '`this`',
    'class A { v: number = 2; self(): this { return this; } } const one = 1; return new A().self().v * one;',
  ),
  TupleTypeAnnotation: type('`[A, B]`', 'const t: [number, string] = [2, "s"]; return t[0] * 2;'),
  TypeAlias: type('`type A = …`', 'type N = number; const x: N = 2; return x * 2;'),
  TypeAnnotation: type('`: T`', 'const x: number = 2; return x * 2;'),
  TypeCastExpression: {
    status: 'erased',
    family: 'flow',
    syntax: FLOW,
    reason: '`(e: T)`: the type part is erased, the expression inside is converted',
    example: 'const x = (2: number); return x * 2;',
  },
  TypeParameter: type('`T` of a generic', 'function id<T>(x: T): T { return x; } return id(2) * 2;'),
  TypeParameterDeclaration: type('`<T>` of a generic', 'function id<T>(x: T): T { return x; } return id(2) * 2;'),
  TypeParameterInstantiation: type('`<number>` of a type', 'const a: Array<number> = [2]; return a[0] * 2;'),
  TypeofTypeAnnotation: type('`typeof x` in a type', 'const a = 2; const b: typeof a = 3; return a * b;'),
  UnionTypeAnnotation: type('`A | B`', 'const x: number | string = 2; const one = 1; return [x, one * 2];'),
  Variance: type(
    '`+T` / `-T`',
    'class A<+T> { v: T; constructor(v: T) { this.v = v; } } const one = 1; return new A(2).v * one;',
  ),
  VoidTypeAnnotation: type('`void`', 'const f = (): void => {}; const one = 1; return [f(), one * 2];'),
} as const satisfies Rows;
