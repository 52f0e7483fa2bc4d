// `import 'autograph-ts/viewer'` in a browser bundle (and, through export.ts, the Node entry):
// installs the graph pictures — cf.toDot, toSVG, toHTML and mountViewer — into export/registry.ts.
// Needs export/dot, export/viewer. Produces nothing but that side effect.

import { toDot } from '../export/dot/to-dot.js';
import { toSVG } from '../export/dot/to-svg.js';
import { toHTML } from '../export/viewer/to-html.js';
import { mountViewer } from '../export/viewer/mount-viewer.js';
import { installExporters } from '../export/registry.js';

installExporters({ pictures: { toDot, toSVG, toHTML, mountViewer } });
