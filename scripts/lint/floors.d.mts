// Types of floors.mjs (the floor table shared by the architecture test and the ESLint rule).

/** The floors, lowest first: src/ folders (and the entry files at its top). */
export declare const FLOORS: readonly (readonly string[])[];
/** The directions in which one exec/targets/ folder may import another. */
export declare const TARGET_IMPORTS: readonly (readonly [from: string, to: string])[];
/** The floor group of a src-relative path: [floor index, the prefix]. */
export declare function floorOf(file: string): [number, string];
/** The top folder of a src-relative path (or the file, at the top). */
export declare const topOf: (file: string) => string;
/** The target folder of a src-relative path under exec/targets/, else undefined. */
export declare const targetOf: (file: string) => string | undefined;
/** `from (target a) imports to (target b)` for an import between targets TARGET_IMPORTS does not allow, else undefined. */
export declare function targetRefusal(from: string, to: string): string | undefined;
/** Why `from` may not import `to` (src-relative paths), or undefined when it may. */
export declare function importRefusal(from: string, to: string): string | undefined;
