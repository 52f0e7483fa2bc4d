// Exporters as plug-ins (src/export/exporter.ts): the Node entry installs the package's formats;
// cf.export(format) is what each format's own method returns; ag.save writes any installed format;
// a format registered by a new plug-in is reached by cf.export and ag.save with nothing else to
// change; an unknown format and a package format a bundle left out are catalogued errors.
// Needs src (the Node entry), node:fs.
import * as tf from '@tensorflow/tfjs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import {
  exportFormats,
  exporterFor,
  registerExporter,
  withoutExporters,
  type Exporter,
} from '../../src/export/exporter.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-exporter-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function concrete(): ag.ConcreteFunction {
  return ag.jit((x: tf.Tensor) => tf.relu(tf.sum(x)), { autograph: false }).getConcreteFunction(ag.spec([3]));
}

describe('the exporter registry', () => {
  it('holds the formats the Node entry installs, each describing its files', () => {
    expect(exportFormats()).toEqual(['dot', 'graph-model', 'html', 'onnx', 'svg']);
    for (const f of exportFormats()) {
      const e = exporterFor(f, 'test');
      expect(e.format).toBe(f);
      expect(e.extensions.length).toBeGreaterThan(0);
      expect(e.extensions.every((x) => x.startsWith('.'))).toBe(true);
    }
    expect(exporterFor('graph-model', 'test')).toMatchObject({ produces: 'artifacts', saves: 'folder' });
    expect(exporterFor('onnx', 'test')).toMatchObject({ produces: 'bytes', saves: 'file', extensions: ['.onnx'] });
  });

  it('cf.export(format) is what the format methods return', async () => {
    const cf = concrete();
    expect(cf.export('onnx')).toEqual(cf.toONNX());
    expect(cf.export('graph-model').modelTopology).toEqual(cf.toGraphModel().modelTopology);
    expect(cf.export('dot')).toBe(cf.toDot());
    expect(cf.export('dot', { graph: 'trace' })).toBe(cf.toDot({ graph: 'trace' }));
    expect(cf.export('dot', { graph: 'trace' })).not.toBe(cf.toDot());
    expect(await cf.export('svg')).toBe(await cf.toSVG());
    expect(await cf.export('html')).toContain('<html');
  });

  it('ag.save writes the pictures too, one file each', async () => {
    const cf = concrete();
    for (const format of ['dot', 'svg', 'html'] as const) {
      const file = path.join(dir, `f.${format}`);
      expect(await ag.save(cf, file, { format })).toEqual([file]);
      expect(fs.readFileSync(file, 'utf8').length).toBeGreaterThan(100);
    }
    expect(fs.readFileSync(path.join(dir, 'f.dot'), 'utf8')).toBe(cf.toDot());
    const trace = path.join(dir, 'trace.dot');
    await ag.save(cf, trace, { format: 'dot', options: { graph: 'trace' } });
    expect(fs.readFileSync(trace, 'utf8')).toBe(cf.toDot({ graph: 'trace' }));
  });

  it('a new format is one registration: cf.export and ag.save reach it', async () => {
    const lines: Exporter<{ readonly prefix?: string }, string> = {
      format: 'node-lines',
      description: 'one line per node',
      produces: 'text',
      saves: 'file',
      extensions: ['.txt'],
      export: (source, options) => source.graph.nodes.map((n) => `${options.prefix ?? ''}${n.op}`).join('\n'),
      async save(source, file, options) {
        fs.writeFileSync(file, lines.export(source, options));
        return [file];
      },
    };
    registerExporter(lines);
    const cf = concrete();
    expect(cf.export('node-lines' as never, { prefix: '- ' } as never)).toBe(
      cf.graph.nodes.map((n) => `- ${n.op}`).join('\n'),
    );
    const file = path.join(dir, 'nodes.txt');
    expect(await ag.save(cf, file, { format: 'node-lines' as never })).toEqual([file]);
    expect(fs.readFileSync(file, 'utf8')).toContain('Relu');
    expect(exportFormats()).toContain('node-lines');
  });

  it('an unknown format is export/unknown-format, naming the call and the formats installed', async () => {
    const cf = concrete();
    expect(() => cf.export('zip' as never)).toThrow(
      /export\('zip'\): there is no export format 'zip'; the formats installed are 'dot', 'graph-model', 'html', /,
    );
    await expect(ag.save(cf, path.join(dir, 'x'), { format: 'zip' as never })).rejects.toThrow(
      /\[export\/unknown-format\]/,
    );
  });

  it('a package format a bundle left out is export/exporter-missing, naming the import that installs it', async () => {
    const cf = concrete();
    withoutExporters(() => {
      expect(() => cf.toONNX()).toThrow(/toONNX needs the ONNX exporter[\s\S]*import 'autograph-ts\/export'/);
      expect(() => cf.export('graph-model')).toThrow(/\[export\/exporter-missing\]/);
      expect(() => cf.toDot()).toThrow(/autograph-ts\/viewer/);
    });
    await expect(withoutExporters(() => cf.toHTML())).rejects.toThrow(/toHTML needs the graph pictures/);
  });
});
