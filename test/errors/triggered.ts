// Runs the triggers of a fixture module (test/errors/fixtures/triggers.*) and reports, for each, the
// error it caused in a form both the in-process test and the plain-node child process can compare
// with the fixture's `// @expect <id> <token>` markers; and runs a fixture runner under plain node.
// Needs the fixture's exports, node:child_process.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Trigger {
  readonly id: string;
  readonly run: () => unknown;
}

export interface Expected {
  readonly line: number;
  readonly column: number;
  /** The marked line's text (without the marker comment). */
  readonly text: string;
}

export interface Observed {
  readonly id: string;
  /** The id the error carried (from `.id`, or from `[id]` in a warning's text). */
  readonly got?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly frame?: string;
  readonly message: string;
}

/**
 * `// @expect <id> <token>` markers of a fixture's text: the line, and the column of the token. (In a
 * .ts fixture, ` @mjs <token>` after it is the token of its generated .mjs twin: scripts/fixture-twins.ts.)
 */
export function markers(text: string): Map<string, Expected> {
  const out = new Map<string, Expected>();
  text.split('\n').forEach((line, i) => {
    const m = /\/\/ @expect ([a-z]+\/[a-z0-9-]+) (.+?)(?: @mjs .+)?$/.exec(line);
    if (!m) return;
    const code = line.slice(0, m.index);
    const col = code.indexOf(m[2]!.trim());
    if (col < 0) throw new Error(`marker token '${m[2]}' not on line ${i + 1}`);
    if (out.has(m[1]!)) throw new Error(`two markers for ${m[1]}`);
    out.set(m[1]!, { line: i + 1, column: col + 1, text: code.trimEnd() });
  });
  return out;
}

const AT = /\n {2}at (.*):(\d+):(\d+)(?: in [^\n]*)?\n/;

/** Runs one trigger and describes what it raised. */
export async function observe(t: Trigger): Promise<Observed> {
  try {
    const r = t.run();
    const v = r instanceof Promise ? await r : r;
    const warning = (v as { warning?: string } | undefined)?.warning;
    if (typeof warning !== 'string') return { id: t.id, message: 'no error' };
    const at = AT.exec(warning);
    return {
      id: t.id,
      got: /\[([a-z]+\/[a-z0-9-]+)\]/.exec(warning)?.[1],
      file: at?.[1],
      line: at ? Number(at[2]) : undefined,
      column: at ? Number(at[3]) : undefined,
      frame: at ? warning.slice(at.index + at[0].length) : undefined,
      message: warning,
    };
  } catch (e) {
    const err = e as {
      id?: string;
      message?: string;
      location?: { file?: string; line: number; column: number; frame?: string };
    };
    return {
      id: t.id,
      got: err.id,
      file: err.location?.file,
      line: err.location?.line,
      column: err.location?.column,
      frame: err.location?.frame,
      message: String(err.message ?? e),
    };
  }
}

/** Runs `script` (a fixtures/ runner) under plain node with tsx; returns the JSON of its last line. */
export function runPlainNode(
  script: string,
  timeout: number,
  opts: { readonly imports?: readonly string[]; readonly env?: Record<string, string> } = {},
): { status: number | null; stderr: string; result: unknown } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', ...(opts.imports ?? []).flatMap((m) => ['--import', m]), script],
    {
      encoding: 'utf8',
      timeout,
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, ...opts.env },
    },
  );
  const last = run.stdout.trim().split('\n').pop();
  return { status: run.status, stderr: run.stderr, result: run.status === 0 && last ? JSON.parse(last) : undefined };
}
