// `import 'autograph-ts/viewer'` in a browser bundle (and, through export.ts, the Node entry):
// registers the graph pictures — the formats dot, svg and html behind cf.toDot, toSVG, toHTML and
// mountViewer — in export/exporter.ts.
// Needs export/dot, export/viewer. Produces nothing but that side effect.

import { registerExporter } from '../export/exporter.js';
import { dotExporter, svgExporter } from '../export/dot/dot-exporters.js';
import { htmlExporter } from '../export/viewer/html-exporter.js';

registerExporter(dotExporter);
registerExporter(svgExporter);
registerExporter(htmlExporter);
