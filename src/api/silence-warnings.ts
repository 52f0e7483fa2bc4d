// `silenceWarnings(ids?)`: production code silences autograph-ts's warnings, all of them or those
// with the catalogue ids given (AUTOGRAPH_SILENCE_WARNINGS does the same from the environment).
// Checks the ids against the catalogue, so a misspelt id is an error rather than a warning still
// printed. Needs the catalogue, platform/log. Produces `silenceWarnings`, `WARNING_IDS`.

import { CATALOGUE, agError } from '../errors/catalogue.js';
import { setSilencedWarnings } from '../platform/log.js';

/** The catalogued messages autograph-ts prints as warnings (it goes on running). */
export const WARNING_IDS = [
  'api/retracing',
  'api/runs-eagerly',
  'api/js-arithmetic-nan',
  'trace/differs-from-js',
  'export/onnx-differs-at-edges',
  'export/onnx-inexact',
  'plugin/commonjs-module',
] as const;

/**
 * Silences autograph-ts's warnings: with no argument (or `'all'`) every one, with a list of message
 * ids (`['api/retracing']`) those (a warning that quotes an error, such as a function that could not
 * be converted, by the error's id); `[]` prints them all again. Overrides AUTOGRAPH_SILENCE_WARNINGS.
 */
export function silenceWarnings(ids: 'all' | readonly string[] = 'all'): void {
  if (ids !== 'all') {
    const unknown = ids.find((id) => !Object.prototype.hasOwnProperty.call(CATALOGUE, id));
    if (unknown !== undefined) throw agError('api/unknown-warning', { id: String(unknown), warnings: WARNING_IDS.slice(0, 3).join(', ') });
  }
  setSilencedWarnings(ids);
}
