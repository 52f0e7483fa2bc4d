// Installs the run-time converter (parse → passes → generate, and the evaluation of the generated
// code) into registry.ts. Imported by the package's Node entry and by `autograph-ts/convert`; Babel
// itself still loads only when the first function is converted (util/babel-load.ts).
// Needs convert-source, instantiate, outer-writes. Produces the installation.

import { convertSource } from './convert-source.js';
import { instantiate } from './instantiate.js';
import { installConverter } from './registry.js';
import { fieldWritesOf } from './analysis/outer-writes.js';

installConverter({ convertSource, instantiate, fieldWritesOf });
