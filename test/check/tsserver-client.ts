// A client of tsserver's protocol, as an editor speaks it: starts the tsserver.js of a TypeScript
// install (the workspace's own, as VS Code's "Use Workspace Version" does), sends requests as JSON
// lines and matches the responses it writes back (Content-Length framed) to them by sequence number.
// Needs node:child_process. Produces `startTsserver`, `TsserverClient`, `TsResponse`.

import { spawn } from 'node:child_process';

export interface TsResponse {
  readonly request_seq: number;
  readonly success: boolean;
  readonly message?: string;
  readonly body?: unknown;
}

export interface TsserverClient {
  /** A request whose response the client waits for. */
  request(command: string, args: unknown): Promise<TsResponse>;
  /** A request tsserver answers with no response (open, change, close). */
  notify(command: string, args: unknown): void;
  /** What tsserver wrote to stderr so far. */
  stderr(): string;
  close(): void;
}

/** Starts `node <tsserverJs> …args` in `cwd`. */
export function startTsserver(tsserverJs: string, cwd: string, args: readonly string[] = []): TsserverClient {
  const proc = spawn(process.execPath, [tsserverJs, '--disableAutomaticTypingAcquisition', ...args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let buf = Buffer.alloc(0);
  let err = '';
  let seq = 0;
  const waiting = new Map<number, { resolve: (r: TsResponse) => void; reject: (e: Error) => void }>();
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  proc.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`tsserver exited (${code}) before answering:\n${err}`));
    waiting.clear();
  });
  proc.stdout.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const head = buf.indexOf('\r\n\r\n');
      if (head < 0) return;
      const len = Number(/Content-Length: (\d+)/.exec(buf.subarray(0, head).toString())?.[1]);
      if (buf.length < head + 4 + len) return;
      const msg = JSON.parse(buf.subarray(head + 4, head + 4 + len).toString()) as TsResponse & { type: string };
      buf = buf.subarray(head + 4 + len);
      if (msg.type !== 'response') continue;
      waiting.get(msg.request_seq)?.resolve(msg);
      waiting.delete(msg.request_seq);
    }
  });
  const send = (command: string, args: unknown): number => {
    proc.stdin.write(`${JSON.stringify({ seq: ++seq, type: 'request', command, arguments: args })}\n`);
    return seq;
  };
  return {
    request: (command, args) =>
      new Promise<TsResponse>((resolve, reject) => void waiting.set(send(command, args), { resolve, reject })),
    notify: (command, args) => void send(command, args),
    stderr: () => err,
    close: () => proc.kill(),
  };
}
