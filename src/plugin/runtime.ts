// What in-place converted modules import in Node (`autograph-ts/runtime`): runtime-browser.ts plus
// the run-time converter, for the helpers they call that were not converted in place. Browser
// bundles get runtime-browser.ts alone. Needs runtime-browser, convert/install. Produces its exports.

import '../convert/install.js';

export * from './runtime-browser.js';
