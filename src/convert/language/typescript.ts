// The language table's TypeScript node types. At run time the converter reads JS (fn.toString() of
// compiled code), and under the Node loader and Vite, tsx/esbuild compile TS before conversion; only
// the Babel plugin meets these nodes (before the TypeScript preset strips them): types stay in place,
// expressions inside them are converted. Needs entry.ts. Produces `TYPESCRIPT`.

import type { ParserPlugin } from '@babel/parser';
import { erased, notMet, type Erased, type Rows } from './entry.js';

const TS: readonly ParserPlugin[] = ['typescript'];

/** A type, annotation or type-only declaration: `what` it is, in a function body that uses it. */
const type = (what: string, example: string): Erased =>
  erased('typescript', `${what}: a type, no run-time meaning`, example, TS);
/** An expression wrapper whose type part is erased and whose expression is converted. */
const wrapper = (what: string, example: string): Erased =>
  erased('typescript', `${what}: the type part is erased, the expression inside is converted`, example, TS);

const TOP_LEVEL = 'only at the top level of a module or namespace (TypeScript refuses it in a function)';

export const TYPESCRIPT = {
  TSAnyKeyword: type('`any`', 'let x: any = 1; return x * 2;'),
  TSArrayType: type('`T[]`', 'const a: number[] = [1, 2]; return a.length * 2;'),
  TSAsExpression: wrapper('`e as T`', 'const x = 2 as number; return x * 2;'),
  TSBigIntKeyword: type('`bigint`', 'const b: bigint = 2n; return b * 2n;'),
  TSBooleanKeyword: type('`boolean`', 'const t: boolean = true; const one = 1; return [t, one * 2];'),
  TSCallSignatureDeclaration: type(
    'a call signature',
    'type F = { (x: number): number }; const f: F = (x) => x * 2; return f(2);',
  ),
  TSConditionalType: type(
    '`A extends B ? C : D`',
    'type A<T> = T extends string ? 1 : 2; const a: A<number> = 2; return a * 2;',
  ),
  TSConstructSignatureDeclaration: type(
    'a construct signature',
    'type C = { new (): object }; const one = 1; return one * 2;',
  ),
  TSConstructorType: type(
    '`new () => T`',
    'const c: new () => object = Object; const one = 1; return [typeof c, one * 2];',
  ),
  TSDeclareFunction: type(
    'an overload signature',
    'function h(x: number): number; function h(x: any) { return x * 2; } return h(2);',
  ),
  TSDeclareMethod: type(
    'a method overload signature',
    'class A { m(x: number): number; m(x: any) { return x; } } const one = 1; return new A().m(2) * one;',
  ),
  TSEnumBody: notMet(
    'typescript',
    "the body node of Babel 8's enums; Babel 7's parser puts the members on TSEnumDeclaration",
  ),
  TSEnumDeclaration: {
    status: 'passed',
    family: 'typescript',
    syntax: TS,
    reason:
      'a run-time object: compiled before conversion (tsx, Vite) or after it (the TypeScript preset); member reads are JS',
    example: 'enum E { A = 1, B } const one = 1; return E.B * one;',
  },
  TSEnumMember: {
    status: 'passed',
    family: 'typescript',
    syntax: TS,
    reason:
      'a member of an enum (see TSEnumDeclaration); an initializer is a constant or a reference to another member',
    example: 'enum E { A = 2, B = A * 2 } const one = 1; return E.B * one;',
  },
  TSExportAssignment: notMet('typescript', `\`export = x\`: ${TOP_LEVEL}`),
  TSExpressionWithTypeArguments: type(
    'a heritage clause `extends I<T>`',
    'interface I extends Array<number> {} const one = 1; return one * 2;',
  ),
  TSExternalModuleReference: notMet('typescript', `\`import x = require("m")\`: ${TOP_LEVEL}`),
  TSFunctionType: type('`(x: T) => U`', 'const f: (x: number) => number = (x) => x * 2; return f(2);'),
  TSImportEqualsDeclaration: notMet('typescript', `\`import x = …\`: ${TOP_LEVEL}`),
  TSImportType: type(
    '`import("m").T`',
    'let p: import("node:path").PlatformPath | undefined; const one = 1; return [p, one * 2];',
  ),
  TSIndexSignature: type('`[k: string]: T`', 'const o: { [k: string]: number } = { a: 1 }; return o.a * 2;'),
  TSIndexedAccessType: type('`T["k"]`', 'type O = { a: number }; const v: O["a"] = 2; return v * 2;'),
  TSInferType: type(
    '`infer U`',
    'type E<T> = T extends (infer U)[] ? U : never; const v: E<number[]> = 2; return v * 2;',
  ),
  TSInstantiationExpression: wrapper(
    '`f<T>`',
    'const id = <T,>(x: T) => x; const idn = id<number>; return idn(2) * 2;',
  ),
  TSInterfaceBody: type('the body of an interface', 'interface P { x: number } const p: P = { x: 2 }; return p.x * 2;'),
  TSInterfaceDeclaration: type('`interface`', 'interface P { x: number } const p: P = { x: 2 }; return p.x * 2;'),
  TSIntersectionType: type('`A & B`', 'const o: { a: number } & { b: number } = { a: 1, b: 2 }; return o.a * o.b;'),
  TSIntrinsicKeyword: type(
    "`intrinsic` (of lib.d.ts's string types)",
    'type U<S extends string> = intrinsic; const one = 1; return one * 2;',
  ),
  TSLiteralType: type('a literal type', 'const a: 1 | -1 | "s" = 1; return a * 2;'),
  TSMappedType: type(
    '`{ [K in keyof T]: U }`',
    'type R<T> = { readonly [K in keyof T]: T[K] }; const r: R<{ a: number }> = { a: 2 }; return r.a * 2;',
  ),
  TSMethodSignature: type(
    'a method signature',
    'const o: { m(x: number): number } = { m: (x) => x * 2 }; return o.m(2);',
  ),
  TSModuleBlock: notMet('typescript', `the body of a namespace: ${TOP_LEVEL}`),
  TSModuleDeclaration: notMet('typescript', `\`namespace N {}\`: ${TOP_LEVEL}`),
  TSNamedTupleMember: type('a named tuple member', 'const t: [n: number, s: string] = [2, "s"]; return t[0] * 2;'),
  TSNamespaceExportDeclaration: notMet('typescript', `\`export as namespace N\`: ${TOP_LEVEL}`),
  TSNeverKeyword: type(
    '`never`',
    'const f = (): never => { throw new Error("x"); }; const one = 1; return [typeof f, one * 2];',
  ),
  TSNonNullExpression: wrapper('`e!`', 'const a: number[] = [1]; let i = 0; return a[i]! * 2;'),
  TSNullKeyword: type('`null`', 'const n: null = null; const one = 1; return [n, one * 2];'),
  TSNumberKeyword: type('`number`', 'let x: number = 2; if (x > 1) x = x * 2; return x;'),
  TSObjectKeyword: type('`object`', 'const o: object = {}; const one = 1; return [typeof o, one * 2];'),
  TSOptionalType: type('an optional tuple element', 'const t: [number, string?] = [1]; return t[0] * 2;'),
  TSParameterProperty: {
    status: 'passed',
    family: 'typescript',
    syntax: TS,
    reason:
      'a constructor parameter that is also a field: in a class body, left as written (the TypeScript preset compiles it)',
    example: 'class P { constructor(public x: number) {} } const one = 1; return new P(2).x * one;',
  },
  TSParenthesizedType: type('`(T)`', 'const a: (number | string)[] = [1]; return a.length * 2;'),
  TSPropertySignature: type('a property signature', 'const o: { a: number } = { a: 2 }; return o.a * 2;'),
  TSQualifiedName: type('`A.B` in a type', 'let c: Intl.Collator | undefined; const one = 1; return [c, one * 2];'),
  TSRestType: type('`...T[]` in a tuple', 'const t: [number, ...string[]] = [2, "a"]; return t[0] * 2;'),
  TSSatisfiesExpression: wrapper('`e satisfies T`', 'const x = 2 satisfies number; return x * 2;'),
  TSStringKeyword: type('`string`', 'const s: string = "a"; const one = 1; return s + one * 2;'),
  TSSymbolKeyword: type('`symbol`', 'const s: symbol = Symbol(); const one = 1; return [typeof s, one * 2];'),
  TSTemplateLiteralType: notMet(
    'typescript',
    "Babel 8's node for `${A}` types; Babel 7's parser makes a TSLiteralType of a TemplateLiteral",
  ),
  TSThisType: type(
    '`this` as a type',
    'class A { v = 2; self(): this { return this; } } const one = 1; return new A().self().v * one;',
  ),
  TSTupleType: type('`[A, B]`', 'const t: [number, string] = [2, "s"]; return t[0] * 2;'),
  TSTypeAliasDeclaration: type('`type A = …`', 'type N = number; const x: N = 2; return x * 2;'),
  TSTypeAnnotation: type('`: T`', 'const x: number = 2; return x * 2;'),
  TSTypeAssertion: wrapper('`<T>e`', 'const x = <number>2; return x * 2;'),
  TSTypeLiteral: type('`{ a: T }`', 'const o: { a: number } = { a: 2 }; return o.a * 2;'),
  TSTypeOperator: type(
    '`keyof T`, `readonly T[]`',
    'const k: keyof { a: 1 } = "a"; const r: readonly number[] = [2]; return [k, r[0] * 2];',
  ),
  TSTypeParameter: type('`T` of a generic', 'const id = <T,>(x: T): T => x; return id(2) * 2;'),
  TSTypeParameterDeclaration: type('`<T>` of a generic', 'function id<T>(x: T): T { return x; } return id(2) * 2;'),
  TSTypeParameterInstantiation: type(
    '`<number>` of a call or type',
    'const a = new Array<number>(2); return a.length * 2;',
  ),
  TSTypePredicate: type(
    '`x is T`',
    'const isN = (x: unknown): x is number => typeof x === "number"; const one = 1; return [isN(1), one * 2];',
  ),
  TSTypeQuery: type('`typeof x` in a type', 'const a = 2; const b: typeof a = 3; return a * b;'),
  TSTypeReference: type('a named type `T`', 'const d: Date = new Date(0); return d.getTime() * 2;'),
  TSUndefinedKeyword: type('`undefined`', 'const u: undefined = undefined; const one = 1; return [u, one * 2];'),
  TSUnionType: type('`A | B`', 'const x: number | string = 2; return (x as number) * 2;'),
  TSUnknownKeyword: type('`unknown`', 'const x: unknown = 2; return (x as number) * 2;'),
  TSVoidKeyword: type('`void`', 'const f = (): void => {}; const one = 1; return [f(), one * 2];'),
} as const satisfies Rows;
