// How much of the heaviest randomized suites a run covers. `npm test` (and CI) runs a fixed part:
// the first chunks of each fuzz domain and of the converter's property tests, the same programs
// every time; `npm run test:long` (AG_TEST_LONG=1) runs them all. Needs nothing. Produces `LONG`
// and `scaled`.

/** Whether this is the long run (`npm run test:long`). */
export const LONG = process.env.AG_TEST_LONG === '1';

/** `full` in the long run, `short` otherwise. */
export function scaled(full: number, short: number): number {
  return LONG ? full : Math.min(full, short);
}
