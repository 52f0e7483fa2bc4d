// The interpreter's reads of tensor values on the host (a Cond's predicate, a While's condition or
// trip count, an assert, a print, a list index). The interpreter runs as a generator that yields
// each read it needs (`HostRead`) and resumes with the values; a driver answers: `driveSync` with
// `dataSync`, `driveAsync` with `await data()` (WebGPU's mapAsync). tfjs's webgpu backend has no
// sound synchronous read (it needs an OffscreenCanvas, absent in Node and wrong in some browsers),
// so there a synchronous call of a graph that reads is refused up front, before any kernel runs,
// naming the construct and the async API (`checkSyncReads`).
// Needs tfjs, the IR, the counted-loop analysis. Produces `HostRead`, `Steps`, `driveSync`,
// `driveAsync`, `syncReadsAllowed`, `checkSyncReads`.

import type * as tf from '@tensorflow/tfjs-core';
import { resolvedSource, type Graph, type Node } from '../ir/graph.js';
import { OP } from '../ir/ops.js';
import { agError } from '../errors/catalogue.js';
import { countedLoop } from '../ir/counted-loop.js';

/** A pause of the interpreter: `node` needs the host values of `tensors` to go on. */
export interface HostRead {
  readonly node: Node;
  readonly tensors: readonly tf.Tensor[];
}

/** The host values of a read's tensors, in order. */
export type HostValues = readonly ArrayLike<number>[];

/** Work of the interpreter that may pause for reads: yields them, resumes with their values, returns `T`. */
export type Steps<T> = Generator<HostRead, T, HostValues>;

/** tfjs backends whose tensors can only be read asynchronously. */
const ASYNC_READS_ONLY: ReadonlySet<string> = new Set(['webgpu']);

/** Whether `backend` reads tensors synchronously (dataSync) soundly. */
export function syncReadsAllowed(backend: string): boolean {
  return !ASYNC_READS_ONLY.has(backend);
}

/**
 * Runs `steps` to the end on `backend`, answering each read with `dataSync` (a failed read is thrown
 * into them, so they clean up); on a backend without sound synchronous reads, a read is refused.
 */
export function driveSync<T>(steps: Steps<T>, backend: string): T {
  const allowed = syncReadsAllowed(backend);
  let r = steps.next();
  while (!r.done) {
    let values: HostValues;
    try {
      if (!allowed) throw readError(r.value.node, backend);
      values = r.value.tensors.map((t) => t.dataSync() as ArrayLike<number>);
    } catch (e) {
      r = steps.throw(e);
      continue;
    }
    r = steps.next(values);
  }
  return r.value;
}

/** Runs `steps` to the end, answering each read with `await data()`; everything before the first read runs at the call. */
export async function driveAsync<T>(steps: Steps<T>): Promise<T> {
  let r = steps.next();
  while (!r.done) {
    let values: HostValues;
    try {
      values = (await Promise.all(r.value.tensors.map((t) => t.data()))) as ArrayLike<number>[];
    } catch (e) {
      r = steps.throw(e);
      continue;
    }
    r = steps.next(values);
  }
  return r.value;
}

/**
 * What each reading op reads, for the message (undefined: nothing). `asCounted`: a counted loop reads
 * only its trip count (false where its counter would wrap, so it reads its condition after all).
 */
function readOf(node: Node, asCounted = true): { construct: string; what: string } | undefined {
  const code = node.options.site?.code;
  switch (node.op) {
    case OP.Cond:
      return { construct: code ? `\`${code}\`` : 'ag.cond', what: 'its predicate' };
    case OP.While: {
      const loop = asCounted ? countedLoop(node) : undefined;
      const construct = code ? `\`${code}\`` : 'ag.whileLoop';
      if (!loop) return { construct, what: 'its condition on every iteration' };
      return loop.reads.length ? { construct, what: 'its trip count (one read per call)' } : undefined;
    }
    case OP.Assert:
      return { construct: 'an assert', what: 'the condition it checks' };
    case OP.Print:
      return { construct: 'a print (console.log)', what: 'the values it prints' };
    case OP.ListGet:
    case OP.ListSetItem:
      return { construct: 'a list access', what: 'its index' };
    default:
      return undefined;
  }
}

/** The catalogued error for a read of `node` on a backend that cannot read synchronously. */
function readError(node: Node, backend: string): Error {
  const read = readOf(node) ?? readOf(node, false) ?? { construct: node.op, what: 'a value' };
  return agError('exec/sync-read-on-gpu', { ...read, backend }, resolvedSource(node.options.source));
}

const firstReads = new WeakMap<Graph, Node | null>();

/** The first op of `graph` (or of a subgraph that can run) that reads a tensor on the host, if any. */
function firstRead(graph: Graph): Node | undefined {
  let found = firstReads.get(graph);
  if (found !== undefined) return found ?? undefined;
  found = null;
  for (const node of graph.nodes) {
    if (readOf(node)) {
      found = node;
      break;
    }
    // A counted loop runs its body, never its condition; other structured ops are reads themselves.
    const inner = node.op === OP.While ? firstRead(node.subgraphs!.body!) : undefined;
    if (inner) {
      found = inner;
      break;
    }
  }
  firstReads.set(graph, found);
  return found ?? undefined;
}

/** Throws `exec/sync-read-on-gpu` when `graph` reads a tensor on the host and `backend` cannot do it synchronously. */
export function checkSyncReads(graph: Graph, backend: string): void {
  if (syncReadsAllowed(backend)) return;
  const read = firstRead(graph);
  if (read) throw readError(read, backend);
}
