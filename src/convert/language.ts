// The language table: every Babel node type, with what the converter does with it — rewritten (by
// which passes and runtime helpers, into what), passed through (and why that is right), refused
// (with the catalogued error), erased (types) or never met — and an example body for each type a
// converted function can hold. Keyed by @babel/types' node type union: a missing type does not
// compile. Needs the family tables in ./language/. Produces `LANGUAGE`, `refusedNodeTypes`,
// `languageCounts`, and the entry types. docs/language.md is generated from it.

import type { MessageId } from '../errors/catalogue.js';
import type { LanguageEntry, NodeType, Rows, Status } from './language/entry.js';
import { STATEMENTS } from './language/statements.js';
import { EXPRESSIONS } from './language/expressions.js';
import { CLASSES, FUNCTIONS, PATTERNS } from './language/functions-classes.js';
import { BABEL_INTERNALS, LITERALS, MODULES } from './language/literals-modules.js';
import { TYPESCRIPT } from './language/typescript.js';
import { JSX } from './language/jsx.js';
import { FLOW_TYPES } from './language/flow.js';
import { PROPOSALS } from './language/proposals.js';

export * from './language/entry.js';

/** The family tables, each node type in exactly one of them. */
export const LANGUAGE_TABLES: readonly Rows[] = [
  STATEMENTS,
  EXPRESSIONS,
  FUNCTIONS,
  CLASSES,
  PATTERNS,
  LITERALS,
  MODULES,
  TYPESCRIPT,
  JSX,
  FLOW_TYPES,
  PROPOSALS,
  BABEL_INTERNALS,
];

/** Every node type of @babel/types, with its row. */
export const LANGUAGE: Readonly<Record<NodeType, LanguageEntry>> = {
  ...STATEMENTS,
  ...EXPRESSIONS,
  ...FUNCTIONS,
  ...CLASSES,
  ...PATTERNS,
  ...LITERALS,
  ...MODULES,
  ...TYPESCRIPT,
  ...JSX,
  ...FLOW_TYPES,
  ...PROPOSALS,
  ...BABEL_INTERNALS,
};

/** How a refused node type is reported: the error and its parameters. */
export interface Refusal {
  readonly error: MessageId;
  /** What the error names (`the with statement`). */
  readonly construct: string;
  /** What to write instead (the error's hint). */
  readonly instead: string;
}

/**
 * The node types the functions pass refuses wherever they occur in the converted source, with the
 * error to raise (for that pass's table of unsupported syntax). Forms of other node types that are
 * refused (a generator function, `eval(…)`, the name `ag__`) are each row's `refusedForms`.
 */
export function refusedNodeTypes(): ReadonlyMap<NodeType, Refusal> {
  const out = new Map<NodeType, Refusal>();
  for (const [type, e] of Object.entries(LANGUAGE) as [NodeType, LanguageEntry][]) {
    if (e.status === 'refused' && e.passes.includes('functions'))
      out.set(type, { error: e.error, construct: e.construct, instead: e.instead });
  }
  return out;
}

/** The number of node types with each status. */
export function languageCounts(): Record<Status, number> {
  const counts: Record<Status, number> = { rewritten: 0, passed: 0, refused: 0, erased: 0, 'not-met': 0 };
  for (const e of Object.values(LANGUAGE)) counts[e.status]++;
  return counts;
}
