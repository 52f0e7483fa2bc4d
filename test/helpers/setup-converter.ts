// Vitest setup: installs the run-time converter, as the package's Node entry (src/index.ts) does, for
// the tests that import the API's modules directly rather than through that entry.
import '../../src/convert/install.js';
