// Hygienic names: fresh identifiers that collide with nothing the user wrote.
// Needs @babel/types. Produces `Namer` (one per converted function source).

import * as t from './babel-types.js';
import { walk } from './walk.js';

export class Namer {
  private readonly used = new Set<string>();

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
    return name;
  }

  has(name: string): boolean {
    return this.used.has(name);
  }
}
