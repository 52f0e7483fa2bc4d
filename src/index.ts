// The package's entry point (`import * as ag from 'autograph-ts'`, and `require` in Node ≥ 20.19):
// the public API (browser.ts) with the run-time converter and every exporter installed; Babel itself
// loads on the first conversion. Needs browser, convert/install, install/export. Produces the public API.

import './convert/install.js';
import './install/export.js';

export * from './browser.js';
