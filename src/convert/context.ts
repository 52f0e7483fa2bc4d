// The state one conversion shares between passes: the source (for error frames), hygienic names,
// and side tables that passes attach to nodes for later passes (loop options, extra loop tests,
// the return variables of each function). Needs Namer. Produces `ConvertContext`.

import type * as t from '@babel/types';
import { agError, type MessageId } from '../errors/catalogue.js';
import type { AutographError } from '../errors/ag-error.js';
import { Namer } from './util/names.js';
import { nodeLocation } from './source-location.js';

export interface ReturnVars {
  readonly flag: string;
  readonly value: string;
  /** True when every path of the function ends in a return or throw (it cannot fall off the end). */
  readonly always: boolean;
}

export class ConvertContext {
  readonly namer: Namer;
  /** `ag.setLoopOptions({...})` arguments found by the directives pass, per loop node. */
  readonly loopOptions = new Map<t.Node, t.Expression>();
  /** Extra conditions (from break/return lowering) for loops without a test (for…of / for…in). */
  readonly extraTests = new Map<t.Node, t.Expression[]>();
  /** Names of `do_return`/`retval_` per function whose returns were lowered. */
  readonly returnVars = new Map<t.Node, ReturnVars>();
  /** Target (loop or labelled statement) of every break/continue, resolved by the break pass. */
  readonly jumpTargets = new Map<t.Node, t.Node>();
  /** Temporaries declared at the top of a function (postfix ++ in value position). */
  readonly temps = new Map<t.Node, Set<string>>();
  /** Names the passes made that stand for a user's variable in graphs and messages (`i_iter` → `i`). */
  readonly displayNames = new Map<string, string>();
  /** What to call statements the passes made (a guard after a break is `unless break`), per node. */
  readonly sites = new Map<t.Node, string>();
  /**
   * Where a line/column of `source` is in the user's file, when the caller knows (in-place
   * conversion of a module); the control-flow pass writes it into each construct's site.
   */
  locate?: (line: number, column: number) => { readonly file?: string; readonly line: number } | undefined;

  constructor(
    readonly source: string,
    readonly name: string,
    root: t.Node,
  ) {
    this.namer = new Namer(root);
  }

  /** A catalogued error located at `node` in the function's source. */
  error(id: MessageId, params: never, node?: t.Node | null): AutographError {
    return agError(id, params, nodeLocation(this.source, this.name, node));
  }
}

export type Pass = (root: t.Function, ctx: ConvertContext) => void;
