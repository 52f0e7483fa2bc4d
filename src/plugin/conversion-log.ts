// Verbosity 1 for in-place conversion (`AUTOGRAPH_VERBOSITY=1` with the Node loader or a bundler
// plugin): as a converted module loads, its markers say which of its functions were converted in
// place, which got a converted twin beside the code as written, and which could not be converted
// (and why), naming the module. Needs platform/log, trace/user-frame. Produces `noteInPlace`.

import { log, verbosity } from '../platform/log.js';
import { FRAME, isInternal } from '../trace/user-frame.js';

/** What in-place conversion did with a function. */
export type InPlaceKind = 'converted' | 'twin' | 'twins' | 'failed';

/** Reports one marker at verbosity 1: `name` is a function's (or for 'twins', a class's) name. */
export function noteInPlace(
  kind: InPlaceKind,
  name: string,
  details: () => string = () => '',
  code?: () => string,
): void {
  if (verbosity() < 1) return;
  const detail = details();
  const from = moduleOfCaller();
  const at = from ? ` (${from})` : '';
  log(1, () => {
    switch (kind) {
      case 'converted':
        return `AutoGraph: converted '${name}'${at} in place`;
      case 'twin':
        return `AutoGraph: '${name}'${at} has a converted twin: converted code calls the twin, plain calls run the code as written`;
      case 'twins':
        return `AutoGraph: ${name}${at} has converted twins of ${detail}: converted code calls them, plain calls run the methods as written`;
      case 'failed':
        return `AutoGraph: could not convert '${name}'${at} in place; it stays as written, and jit/toGraph raise this error when it is called: ${detail}`;
    }
  });
  // Verbosity 3 adds the generated code, as run-time conversion does.
  if (code) log(3, () => `// AutoGraph: converted ${name} in place\n${code()}`);
}

/** The module that called the marker (the first frame outside autograph-ts), relative to the working folder. */
function moduleOfCaller(): string | undefined {
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m || isInternal(m[2]!)) continue;
    const file = m[2]!.replace(/^file:\/\//, '');
    const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
    return cwd && file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
  }
  return undefined;
}
