// A stable, readable text form of a graph: the oracle of golden tests and of
// `ConcreteFunction.graph.toString()`. Values are numbered in order of appearance, so the text does
// not depend on global id counters. Needs the IR. Produces `printGraph(graph)`.

import type { Capture, Graph, Node, Value } from './graph.js';
import { resolvedSource, type NodeSource } from './source.js';
import { typeToString } from './types.js';
import { FUSED_OP, type FusedStep } from './fused.js';
import { OP } from './ops.js';

export interface PrintOptions {
  /** Append `// file:line` of the user source that created each node, where known. */
  readonly sources?: boolean;
}

export function printGraph(graph: Graph, options: PrintOptions = {}): string {
  const names = new Map<Value, string>();
  let counter = 0;
  const used = new Set<string>();
  const nameOf = (v: Value): string => names.get(v) ?? `%<undefined#${v.id}>`;
  const define = (v: Value, hint?: string): string => {
    let n: string;
    if (hint) {
      n = `%${hint}`;
      let k = 1;
      while (used.has(n)) n = `%${hint}_${k++}`;
    } else {
      do n = `%${counter++}`;
      while (used.has(n));
    }
    used.add(n);
    names.set(v, n);
    return n;
  };
  const lines: string[] = [];

  const printCaptureSource = (c: Capture): string => {
    switch (c.source.kind) {
      case 'tensor':
        return `tensor#${c.source.tensor.id}`;
      case 'variable':
        return `variable '${c.source.variable.name}'`;
      case 'outer':
        return nameOf(c.source.value);
    }
  };

  const printBody = (g: Graph, indent: string): void => {
    for (const node of g.nodes) printNode(node, indent);
    const outs = g.outputs.map(nameOf).join(', ');
    lines.push(`${indent}return ${outs}`);
  };

  const printNode = (node: Node, indent: string): void => {
    const outs = node.outputs.map((v) => `${define(v)}: ${typeToString(v)}`);
    const lhs = outs.length === 0 ? '' : outs.length === 1 ? `${outs[0]} = ` : `(${outs.join(', ')}) = `;
    const args = node.inputs.map(nameOf).join(', ');
    const attrs = formatAttrs(node);
    const source = options.sources ? resolvedSource(node.options.source) : undefined;
    const src = source ? `  // ${formatSource(source)}` : '';
    const effect = node.options.effect ? ' !effect' : '';
    const subs = node.subgraphs;
    if (!subs) {
      const call = node.inputs.length === 0 ? node.op : `${node.op}(${args})`;
      lines.push(`${indent}${lhs}${call}${attrs}${effect}${src}`);
      return;
    }
    lines.push(`${indent}${lhs}${node.op}(${args})${attrs}${effect} {${src}`);
    for (const [label, sub] of Object.entries(subs)) {
      const params = [...sub.params.map((p) => `${define(p, p.name)}: ${typeToString(p)}`)];
      const caps = sub.captures.map(
        (c) => `${define(c.param, c.param.name)}: ${typeToString(c.param)} <- ${printCaptureSource(c)}`,
      );
      lines.push(`${indent}  ${label}(${params.join(', ')})${caps.length ? ` captures(${caps.join(', ')})` : ''} {`);
      printBody(sub, indent + '    ');
      lines.push(`${indent}  }`);
    }
    lines.push(`${indent}}`);
  };

  const params = graph.params.map((p) => `${define(p, p.name)}: ${typeToString(p)}`);
  lines.push(`graph ${graph.name}(${params.join(', ')}) {`);
  for (const c of graph.captures) {
    lines.push(`  capture ${define(c.param, c.param.name)}: ${typeToString(c.param)} <- ${printCaptureSource(c)}`);
  }
  printBody(graph, '  ');
  lines.push('}');
  return lines.join('\n');
}

/** Closures converted code wraps bodies in (`loop_body`, `if_body_2`): not the user's functions. */
const GENERATED_FN = /^(?:loop_body|loop_test|if_body|else_body)(?:_\d+)?$/;

function formatSource(s: NodeSource): string {
  const file = s.file ? s.file.replace(/^.*[\\/]/, '') : '<anonymous>';
  const fn = s.functionName && !GENERATED_FN.test(s.functionName) ? ` (${s.functionName})` : '';
  return `${file}:${s.line}:${s.column}${fn}`;
}

function formatAttrs(node: Node): string {
  if (node.op === FUSED_OP) return formatFused(node);
  const parts: string[] = [];
  if (node.op === OP.Const && node.options.values) parts.push(`value=${formatValues(node.options.values)}`);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (v === undefined) continue;
    parts.push(`${k}=${formatAttr(v)}`);
  }
  return parts.length ? ` {${parts.join(', ')}}` : '';
}

/** A Fused node's program: `{$0 = Multiply(#0, #1); $1 = Sigmoid($0)}` (#k: input k, $k: step k). */
function formatFused(node: Node): string {
  const n = node.inputs.length;
  const ref = (a: number) => (a < n ? `#${a}` : `$${a - n}`);
  const steps = (node.attrs.steps as readonly FusedStep[]).map((s, k) => {
    const attrs = Object.entries(s.attrs)
      .filter(([, v]) => v !== undefined)
      .map(([a, v]) => `${a}=${formatAttr(v)}`);
    return `$${k} = ${s.op}(${s.args.map(ref).join(', ')})${attrs.length ? `{${attrs.join(', ')}}` : ''}`;
  });
  return ` {${steps.join('; ')}}`;
}

function formatValues(values: ArrayLike<unknown>): string {
  const n = values.length;
  if (n === 1) return formatAttr(values[0]);
  if (n <= 8) return `[${Array.from(values as ArrayLike<unknown>, formatAttr).join(',')}]`;
  return `<${n} values>`;
}

function formatAttr(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (Array.isArray(v) || ArrayBuffer.isView(v))
    return `[${Array.from(v as ArrayLike<unknown>, formatAttr).join(',')}]`;
  if (v === null) return 'null';
  if (typeof v === 'object') {
    return `{${Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k}: ${formatAttr(x)}`)
      .join(', ')}}`;
  }
  return String(v);
}
