// Node module hooks (module.register) for the CLI: when the target module loads, appends an export
// `__autographScope__()` returning its top-level bindings (imports, consts, functions), so the CLI
// can pick a function the module does not export, and run-time conversion sees the same free
// variables the file does. Needs @babel/parser. Plain JS: it runs in the hooks thread.

import { parse } from '@babel/parser';

export const SCOPE_EXPORT = '__autographScope__';
let target = '';

export function initialize(data) {
  target = data?.target ?? '';
}

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (url.split('?')[0] !== target || !String(result.format).startsWith('module') || result.source == null)
    return result;
  const source = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  let names;
  try {
    names = topLevelNames(
      parse(source, { sourceType: 'module', errorRecovery: true, plugins: ['typescript'] }).program,
    );
  } catch {
    return result;
  }
  if (names.includes(SCOPE_EXPORT)) return result;
  const getter = `\nexport function ${SCOPE_EXPORT}() { return { ${names.join(', ')} }; }\n`;
  // Before an inline source map (tsx's), which must stay the module's last line for the loader.
  const map = TRAILING_MAP.exec(source);
  return { ...result, source: map ? source.slice(0, map.index) + getter + source.slice(map.index) : source + getter };
}

const TRAILING_MAP = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

/** The names a module declares at its top level. */
function topLevelNames(program) {
  const names = new Set();
  const fromPattern = (p) => {
    if (!p) return;
    if (p.type === 'Identifier') names.add(p.name);
    else if (p.type === 'ObjectPattern')
      p.properties.forEach((q) => fromPattern(q.type === 'RestElement' ? q.argument : q.value));
    else if (p.type === 'ArrayPattern') p.elements.forEach(fromPattern);
    else if (p.type === 'RestElement') fromPattern(p.argument);
    else if (p.type === 'AssignmentPattern') fromPattern(p.left);
  };
  const fromDeclaration = (d) => {
    if (!d || d.declare) return;
    if (d.type === 'VariableDeclaration') d.declarations.forEach((v) => fromPattern(v.id));
    else if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) names.add(d.id.name);
  };
  for (const s of program.body) {
    if (s.type === 'ImportDeclaration') {
      if (s.importKind === 'type' || s.importKind === 'typeof') continue;
      for (const sp of s.specifiers) if (sp.importKind !== 'type') names.add(sp.local.name);
    } else if (s.type === 'ExportNamedDeclaration' || s.type === 'ExportDefaultDeclaration') {
      if (s.exportKind !== 'type') fromDeclaration(s.declaration);
    } else fromDeclaration(s);
  }
  return [...names];
}
