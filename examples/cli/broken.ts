// Sample input of the CLI for error paths: functions that cannot be converted or traced, and a
// non-function export. Used by test/cli to check messages and exit codes.

/* eslint-disable @typescript-eslint/no-explicit-any */
export function* generator(x: any) {
  yield x;
}

export function oneBranch(x: any) {
  let y;
  if (x > 0) y = x * 2;
  return y;
}

export const notAFunction = 42;
