// `import 'autograph-ts/viewer'` in a browser bundle (and, through install.ts, the Node entry):
// installs the graph pictures — cf.toDot, toSVG, toHTML and mountViewer — into registry.ts.
// Needs dot/, viewer/. Produces nothing but that side effect.

import { toDot } from './dot/to-dot.js';
import { toSVG } from './dot/to-svg.js';
import { toHTML } from './viewer/to-html.js';
import { mountViewer } from './viewer/mount-viewer.js';
import { installExporters } from './registry.js';

installExporters({ pictures: { toDot, toSVG, toHTML, mountViewer } });
