// The tensor-list ops of the IR (recorded by trace/tensor-list.ts; no tfjs kernel behind them): one
// list that the interpreter, compiled code, gradients and both exporters agree on. Needs nothing.
// Produces `LIST_OPS`, `ListOp`, `isListOp`.

export const LIST_OPS = ['ListEmpty', 'ListPush', 'ListPop', 'ListLength', 'ListGet', 'ListSetItem', 'ListStack'] as const;

export type ListOp = (typeof LIST_OPS)[number];

const LISTS: ReadonlySet<string> = new Set(LIST_OPS);

export function isListOp(op: string): op is ListOp {
  return LISTS.has(op);
}
