// The shape of one row of the language table (src/convert/language.ts): what the converter does
// with one Babel node type, and the constructors the family tables use for their common rows.
// Needs only types (@babel/types, @babel/parser, the message catalogue). Produces the entry types.

import type { Node } from '@babel/types';
import type { ParserPlugin } from '@babel/parser';
import type { MessageId } from '../../errors/catalogue.js';

/** Every Babel node type, as @babel/types names it. */
export type NodeType = Node['type'];

/**
 * What the converter does with a node type:
 * - `rewritten`: a pass replaces or restructures it (into runtime calls or other JS);
 * - `passed`: left as written (its children are still converted), for the reason given;
 * - `refused`: conversion stops with the catalogued error `error`;
 * - `erased`: a type with no run-time meaning, which the type stripper removes (before conversion
 *   under tsx and Vite; after it under the Babel plugin, which leaves it in place);
 * - `not-met`: cannot occur in a function the converter converts.
 */
export type Status = 'rewritten' | 'passed' | 'refused' | 'erased' | 'not-met';

/** The sections of docs/language.md, in order. */
export const FAMILIES = [
  'statement',
  'expression',
  'function',
  'class',
  'pattern',
  'literal',
  'module',
  'typescript',
  'jsx',
  'flow',
  'proposal',
  'babel',
] as const;
export type Family = (typeof FAMILIES)[number];

/** The passes of src/convert/pipeline.ts, by their names there (its table is typed by this union). */
export type PassName =
  | 'functions'
  | 'effect-statements'
  | 'switch'
  | 'directives'
  | 'for-heads'
  | 'finally'
  | 'break'
  | 'continue'
  | 'return'
  | 'lists'
  | 'call-trees'
  | 'slices'
  | 'loop-tests'
  | 'control-flow'
  | 'conditional-expressions'
  | 'logical-expressions'
  | 'operators';

/** A form of an otherwise converted node type that the converter refuses (a generator function). */
export interface RefusedForm {
  /** The form, as the error names it (`convert/unsupported-syntax`), or described. */
  readonly construct: string;
  /** What to write instead: the hint of `convert/unsupported-syntax` (none for other errors). */
  readonly instead?: string;
  readonly error: MessageId;
  readonly pass: PassName;
  /** A function body with the form, whose conversion throws `error`. */
  readonly example: string;
}

interface Base {
  readonly family: Family;
  /** One line: why the status holds (for `passed`: why it means the same staged or not). */
  readonly reason: string;
  /** A tiny function body in which the node type occurs (see `syntax`). */
  readonly example?: string;
  /** Babel parser plugins the example needs (TypeScript, Flow, JSX, proposals); none: plain JS. */
  readonly syntax?: readonly ParserPlugin[];
}

export interface Rewritten extends Base {
  readonly status: 'rewritten';
  readonly passes: readonly PassName[];
  /** The `ag__` runtime helpers the rewritten code calls (none: it becomes plain JS). */
  readonly helpers: readonly string[];
  /** What it becomes. */
  readonly into: string;
  readonly refusedForms?: readonly RefusedForm[];
}

export interface Passed extends Base {
  readonly status: 'passed';
  /** Passes that touch it without changing what it is (a `var` hoisted out of it, an alias mark). */
  readonly passes?: readonly PassName[];
  readonly helpers?: readonly string[];
  readonly refusedForms?: readonly RefusedForm[];
}

export interface Refused extends Base {
  readonly status: 'refused';
  readonly error: MessageId;
  readonly passes: readonly PassName[];
  /** The construct the error names, and what to write instead (its hint). */
  readonly construct: string;
  readonly instead: string;
}

export interface Erased extends Base {
  readonly status: 'erased';
}

export interface NotMet extends Base {
  readonly status: 'not-met';
}

export type LanguageEntry = Rewritten | Passed | Refused | Erased | NotMet;

/** A family's rows (`satisfies Rows`: a key that is not a node type does not compile). */
export type Rows = Partial<Record<NodeType, LanguageEntry>>;

/** A row for a node type that cannot occur in a converted function. */
export function notMet(family: Family, reason: string, example?: string, syntax?: readonly ParserPlugin[]): NotMet {
  return example === undefined
    ? { status: 'not-met', family, reason }
    : { status: 'not-met', family, reason, example, syntax };
}

/** A row for a type annotation or declaration of TypeScript or Flow. */
export function erased(family: Family, reason: string, example: string, syntax: readonly ParserPlugin[]): Erased {
  return { status: 'erased', family, reason, example, syntax };
}
