// The TF.js GraphModel format as an exporter plug-in (export/exporter.ts): `cf.export('graph-model')`
// (and cf.toGraphModel) gives the model's artifacts, `ag.save(cf, dir, { format: 'graph-model' })`
// writes them into a folder (model.json and one weights file) that tf.loadGraphModel reads.
// Needs export-graph-model, save-graph-model. Produces `graphModelExporter`.

import type { FormatExporter } from '../exporter.js';
import { exportGraphModel } from './export-graph-model.js';
import { saveGraphModel } from './save-graph-model.js';

export const graphModelExporter: FormatExporter<'graph-model'> = {
  format: 'graph-model',
  description: 'a TF.js GraphModel folder (model.json + weights) that tf.loadGraphModel runs',
  produces: 'artifacts',
  saves: 'folder',
  extensions: ['.json', '.bin'],
  export: (source, options) => exportGraphModel(source.graph, options),
  async save(source, dir, options) {
    const saved = saveGraphModel(source.graph, dir, options);
    return [saved.modelPath, saved.weightsPath];
  },
};
