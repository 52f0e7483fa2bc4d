// Asking a child process that runs bench rows (onnxruntime-web with threads, jit's rows with
// threads): one message out, the child's one answer back, or a rejection naming the child when it
// answers with an error or exits first. Needs node:child_process. Produces `askChild`.

import type { ChildProcess } from 'node:child_process';

/** Sends `message` to `child` and resolves with its next message; `who` names the child in errors. */
export function askChild<T>(child: ChildProcess, who: string, message: object): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (m: { kind: string; message?: string }) => {
      child.off('exit', onExit);
      if (m.kind === 'error') reject(new Error(`${who}: ${m.message}`));
      else resolve(m as T);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`${who} exited (${code})`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}
