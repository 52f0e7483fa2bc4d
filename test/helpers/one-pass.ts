// Runs one optimizer pass or one converter pass in isolation, and shows what that pass alone
// changed. An optimizer pass runs on a copy of the graph, is verified (IR structure, the top graph's
// params, captures and output types kept) and both graphs are printed. A converter pass runs on the
// function as the passes before it left it (they establish what it relies on), and the code before
// and after it is printed. Needs src/opt/pipeline, src/convert. Produces `runOptPass`, `runConvertPass`.

import type { Graph } from '../../src/ir/graph.js';
import { cloneGraph } from '../../src/ir/clone.js';
import { verify } from '../../src/ir/verify.js';
import { PASSES } from '../../src/opt/pipeline.js';
import { PIPELINE } from '../../src/convert/pipeline.js';
import { parseFunction } from '../../src/convert/parse-function.js';
import { ConvertContext } from '../../src/convert/context.js';
import { generateCode } from '../../src/convert/util/babel.js';
import { ensureBabelTypes } from '../../src/convert/util/babel-load.js';
import { recordSites } from '../../src/convert/util/site.js';

export interface OptPassResult {
  /** The graph the pass returned (the input graph is left as it was). */
  readonly graph: Graph;
  readonly before: string;
  readonly after: string;
}

/** Runs the optimizer pass `name` (as named in opt/pipeline.ts's PASSES) alone on a copy of `graph`. */
export function runOptPass(name: string, graph: Graph): OptPassResult {
  const entry = PASSES.find(([n]) => n === name);
  if (!entry)
    throw new Error(`no optimizer pass '${name}' (passes: ${[...new Set(PASSES.map(([n]) => n))].join(', ')})`);
  const before = graph.toString();
  const input = cloneGraph(graph);
  const out = entry[1](input);
  verify(out);
  const types = (g: Graph) => g.outputs.map((v) => `${v.dtype}[${v.shape.join(',')}]`).join(' ');
  if (out.params.length !== input.params.length || out.params.some((p, i) => p !== input.params[i]))
    throw new Error(`pass '${name}' changed the params`);
  if (
    out.captures.length !== input.captures.length ||
    out.captures.some((c, i) => c.param !== input.captures[i]!.param)
  )
    throw new Error(`pass '${name}' changed the captures`);
  if (types(out) !== types(graph))
    throw new Error(`pass '${name}' changed the output types: ${types(out)} ≠ ${types(graph)}`);
  return { graph: out, before, after: out.toString() };
}

export interface ConvertPassResult {
  /** The function's code as the passes before `name` left it. */
  readonly before: string;
  /** … and after `name` ran on it. */
  readonly after: string;
}

/** Runs converter pass `name` (of convert/pipeline.ts's PIPELINE) on `source`, after the passes it relies on. */
export function runConvertPass(name: string, source: string, fnName = 'f'): ConvertPassResult {
  const at = PIPELINE.findIndex(([n]) => n === name);
  if (at < 0) throw new Error(`no converter pass '${name}' (passes: ${PIPELINE.map(([n]) => n).join(', ')})`);
  ensureBabelTypes();
  const root = parseFunction(source, fnName).node;
  const ctx = new ConvertContext(source, fnName, root);
  recordSites(root, ctx.sites);
  for (const [, pass] of PIPELINE.slice(0, at)) pass(root, ctx);
  const show = () => generateCode(root, { comments: true }, source).code;
  const before = show();
  PIPELINE[at]![1](root, ctx);
  return { before, after: show() };
}
