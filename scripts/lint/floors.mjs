// The floors of src/ (docs/architecture.md), as data: which folder may import which. One table read
// by the architecture test (test/architecture/floors.test.ts, which also checks circles and the
// picture by folders) and by the ESLint rule that refuses an import running back up while the code
// is written (scripts/lint/floors-rule.mjs). Plain JavaScript so that eslint.config.js loads it;
// typed by floors.d.mts.

/**
 * The floors, lowest first: folders of src/ (and its two entry files, index.ts and browser.ts). A
 * module belongs to the longest folder that holds it; it may import modules of its own folder and
 * of lower floors only. Folders on one floor do not import each other.
 */
export const FLOORS = [
  ['errors/', 'platform/'],
  ['ir/'],
  ['engine/'],
  ['trace/'],
  ['grad/', 'convert/'],
  ['runtime/'],
  ['opt/'],
  ['exec/', 'exec/targets/'],
  ['export/'],
  ['ort/'],
  ['api/'],
  ['browser.ts', 'plugin/', 'install/'],
  ['check/', 'index.ts'],
  ['cli/'],
];

/**
 * The folders of exec/targets/ (one per code-generation target) import the shared generator
 * (exec/compiled/) and not each other, except in these directions (docs/architecture.md, "exec"):
 * wasm-heap's in-place kernels are built with wasm-simd's encoder, rules and Tanh step, and reach
 * tfjs-wasm's heap through wasm-simd/heap-access.ts, which wasm-simd's GEMM and Tanh sites use too.
 */
export const TARGET_IMPORTS = [['wasm-heap', 'wasm-simd']];

/** The floor group of a src-relative path: [floor index, the prefix]. Throws for a path on no floor. */
export function floorOf(file) {
  let best;
  FLOORS.forEach((group, i) => {
    for (const prefix of group) {
      if ((file === prefix || file.startsWith(prefix)) && (!best || prefix.length > best[1].length)) best = [i, prefix];
    }
  });
  if (!best) throw new Error(`${file} is on no floor: add its folder to FLOORS and to docs/architecture.md`);
  return best;
}

/** The top folder of a src-relative path (or the file, at the top). */
export const topOf = (file) => file.split('/')[0];

/** The target folder of a src-relative path under exec/targets/, else undefined. */
export const targetOf = (file) => /^exec\/targets\/([^/]+)\//.exec(file)?.[1];

/** `from (target a) imports to (target b)` when both are in exec/targets/ folders that TARGET_IMPORTS does not connect that way, else undefined. */
export function targetRefusal(from, to) {
  const a = targetOf(from);
  const b = targetOf(to);
  if (a === undefined || b === undefined || a === b || TARGET_IMPORTS.some(([x, y]) => x === a && y === b))
    return undefined;
  return `${from} (target ${a}) imports ${to} (target ${b})`;
}

/**
 * Why the module at src-relative path `from` may not import the one at `to`, or undefined when it
 * may: `to` is on a floor above `from`'s, on the same floor in another folder, or in another
 * code-generation target that TARGET_IMPORTS does not allow.
 */
export function importRefusal(from, to) {
  const [ff, fp] = floorOf(from);
  const [tf, tp] = floorOf(to);
  const across = targetRefusal(from, to);
  if (across) return `${across}: targets import each other only as TARGET_IMPORTS allows`;
  if (tp === fp || (tf === ff && topOf(from) === topOf(to))) return undefined;
  if (tf >= ff)
    return `${from} (floor ${ff}, ${fp}) imports ${to} (floor ${tf}, ${tp}): ${tf > ff ? 'a higher floor' : 'another folder of its floor'}`;
  return undefined;
}
