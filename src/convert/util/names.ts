// Hygienic names: fresh identifiers that collide with nothing the user wrote.
// Needs @babel/types. Produces `Namer` (one per converted function source).

import * as t from './babel-types.js';
import { walk } from './walk.js';

export class Namer {
  private readonly used = new Set<string>();
  /** Each name made by `fresh`, with the base it was made from. */
  private readonly made = new Map<string, string>();

  /** Reserves every identifier that appears in `root`. */
  constructor(root: t.Node) {
    walk(root, (n) => {
      if (t.isIdentifier(n)) this.used.add(n.name);
    });
  }

  /** `base` if unused, else `base_1`, `base_2`, … */
  fresh(base: string): string {
    let name = base;
    for (let i = 1; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    this.made.set(name, base);
    return name;
  }

  /** The base a generated name was made from (`break__1` → `break_`); undefined for the user's names. */
  baseOf(name: string): string | undefined {
    return this.made.get(name);
  }

  has(name: string): boolean {
    return this.used.has(name);
  }
}
