// Reads tfjs-core's own kernel declarations (dist/kernel_names.d.ts: `const X = "X"`, `XInputs`,
// `XAttrs`) with the TypeScript compiler API, for the test that holds the kernel records to them
// (test/ir/kernel-declarations.test.ts) and for `npm run new:kernel`, which prints a new record.
// Needs typescript and @tensorflow/tfjs-core in node_modules. Produces `readTfjsKernelDeclarations()`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';

/** One declared kernel, in the records' notation: `'x'`, `'bias?'` (may be absent), `'splits[]'` (an array under one name), or `'variadic'`. */
export interface TfjsKernelDeclaration {
  readonly inputs: readonly string[] | 'variadic';
  readonly attrs: readonly string[];
}

export function kernelNamesDeclarationPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@tensorflow/tfjs-core/dist/kernel_names.d.ts');
}

/** Every kernel kernel_names.d.ts declares, by its kernel name (the string value of its const). */
export function readTfjsKernelDeclarations(path = kernelNamesDeclarationPath()): Map<string, TfjsKernelDeclaration> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const kernels = new Map<string, string>(); // const name → kernel name
  const types = new Map<string, ts.TypeNode | ts.InterfaceDeclaration>();
  for (const st of source.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.type && ts.isLiteralTypeNode(d.type) && ts.isStringLiteral(d.type.literal))
          kernels.set(d.name.text, d.type.literal.text);
        else if (ts.isIdentifier(d.name) && d.initializer && ts.isStringLiteral(d.initializer))
          kernels.set(d.name.text, d.initializer.text);
      }
    } else if (ts.isTypeAliasDeclaration(st)) types.set(st.name.text, st.type);
    else if (ts.isInterfaceDeclaration(st)) types.set(st.name.text, st);
  }

  const fail = (what: string, node: ts.Node): never => {
    throw new Error(`kernel_names.d.ts: cannot read ${what}: ${node.getText(source)}`);
  };
  const isTensorInfoArray = (t: ts.TypeNode): boolean =>
    ts.isArrayTypeNode(t) &&
    ts.isTypeReferenceNode(t.elementType) &&
    t.elementType.typeName.getText(source) === 'TensorInfo';
  const members = (list: ts.NodeArray<ts.TypeElement>, what: string, inputs: boolean): string[] =>
    list.map((m) => {
      if (!ts.isPropertySignature(m) || !m.name || !ts.isIdentifier(m.name)) return fail(what, m);
      const name = m.name.text;
      if (inputs && m.type && isTensorInfoArray(m.type)) return `${name}[]`;
      return m.questionToken ? `${name}?` : name;
    });

  const inputsOf = (t: ts.TypeNode | ts.InterfaceDeclaration, what: string): string[] | 'variadic' => {
    if (ts.isInterfaceDeclaration(t)) return members(t.members, what, true);
    if (isTensorInfoArray(t)) return 'variadic';
    if (ts.isTypeLiteralNode(t)) return members(t.members, what, true);
    if (ts.isIntersectionTypeNode(t)) {
      return t.types.flatMap((part) => {
        const names = inputsOf(part, what);
        return names === 'variadic' ? fail(what, part) : names;
      });
    }
    if (ts.isTypeReferenceNode(t)) {
      const ref = t.typeName.getText(source);
      if (ref === 'Pick' && t.typeArguments?.length === 2) {
        const keys = t.typeArguments[1]!;
        const literals = ts.isUnionTypeNode(keys) ? keys.types : [keys];
        return literals.map((l) =>
          ts.isLiteralTypeNode(l) && ts.isStringLiteral(l.literal) ? l.literal.text : fail(what, l),
        );
      }
      const aliased = types.get(ref);
      if (aliased) return inputsOf(aliased, what);
    }
    return fail(what, t);
  };
  const attrsOf = (t: ts.TypeNode | ts.InterfaceDeclaration, what: string): string[] => {
    if (ts.isInterfaceDeclaration(t)) {
      if (t.heritageClauses?.length) fail(what, t);
      return members(t.members, what, false);
    }
    if (ts.isTypeLiteralNode(t)) return members(t.members, what, false);
    if (ts.isTypeReferenceNode(t) && !t.typeArguments) {
      const aliased = types.get(t.typeName.getText(source));
      if (aliased) return attrsOf(aliased, what);
    }
    return fail(what, t);
  };

  const out = new Map<string, TfjsKernelDeclaration>();
  for (const [constName, kernel] of kernels) {
    const inputs = types.get(`${constName}Inputs`);
    const attrs = types.get(`${constName}Attrs`);
    out.set(kernel, {
      inputs: inputs ? inputsOf(inputs, `${constName}Inputs`) : [],
      attrs: attrs ? attrsOf(attrs, `${constName}Attrs`) : [],
    });
  }
  return out;
}
