// `silenceWarnings(ids?)`: production code silences autograph-ts's warnings, all of them or those
// with the catalogue ids given (AUTOGRAPH_SILENCE_WARNINGS does the same from the environment).
// Checks the ids against the catalogue, so a misspelt id is an error rather than a warning still
// printed. Needs the catalogue, platform/log. Produces `silenceWarnings`.

import { CATALOGUE, agError } from '../errors/catalogue.js';
import { setSilencedWarnings } from '../platform/log.js';

/**
 * Silences autograph-ts's warnings: with no argument (or `'all'`) every one, with a list of message
 * ids (`['api/retracing']`) those (a warning that quotes an error, such as a function that could not
 * be converted, by the error's id); `[]` prints them all again. Overrides AUTOGRAPH_SILENCE_WARNINGS.
 */
export function silenceWarnings(ids: 'all' | readonly string[] = 'all'): void {
  if (ids !== 'all') {
    const unknown = ids.find((id) => !Object.prototype.hasOwnProperty.call(CATALOGUE, id));
    if (unknown !== undefined) throw agError('api/unknown-warning', { id: String(unknown) });
  }
  setSilencedWarnings(ids);
}
