// `autograph code <file>[#export]`: prints the JS that AutoGraph generates for the function (toCode).
// Needs load-module and toCode. Produces `codeCommand`.

import { toCode } from '../../api/to-code.js';
import { loadTarget } from '../load-module.js';

export async function codeCommand(targetText: string, opts: { until?: string }): Promise<void> {
  const target = await loadTarget(targetText);
  process.stdout.write(`${toCode(target.fn, { until: opts.until })}\n`);
}
