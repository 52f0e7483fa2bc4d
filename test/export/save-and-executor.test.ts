// The public API of export: ConcreteFunction.toONNX/toGraphModel, ag.save to files, and
// jit(fn, { executor: 'onnxruntime' }) agreeing with the default executor.
import * as tf from '@tensorflow/tfjs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ort from 'onnxruntime-node';
import * as ag from '../../src/index.js';
import { collatz } from '../corpus/index.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('export through the public API', () => {
  it('jit with backend onnxruntime gives the same results as the compiled executor (converted collatz)', () => {
    const viaOrt = ag.jit(collatz, { executor: 'onnxruntime' });
    const compiled = ag.jit(collatz);
    for (const n of [1, 6, 27, 97]) {
      const x = tf.scalar(n, 'int32');
      const a = viaOrt(x) as unknown as tf.Tensor;
      const b = compiled(x) as unknown as tf.Tensor;
      expect(a.dtype).toBe('int32');
      expect(a.dataSync()[0]).toBe(b.dataSync()[0]);
    }
    expect(viaOrt.concreteFunctions()[0]!.compiledSource()).toBeUndefined();
  });

  it('ag.save writes an ONNX file onnxruntime loads with optimizations on, and a GraphModel folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-save-'));
    const w = tf.tensor2d([
      [1, 2],
      [3, 4],
    ]);
    const f = ag.jit((x: tf.Tensor) => tf.relu(tf.matMul(x, w)), { autograph: false });
    const cf = f.getConcreteFunction(ag.spec([1, 2]));
    const onnxPath = path.join(dir, 'model.onnx');
    expect(await ag.save(cf, onnxPath, { format: 'onnx' })).toEqual([onnxPath]);
    const session = await ort.InferenceSession.create(onnxPath, {
      graphOptimizationLevel: 'all',
      intraOpNumThreads: 1,
    });
    const input = new ort.Tensor('float32', Float32Array.from([1, -1]), [1, 2]);
    const out = await session.run({ [session.inputNames[0]!]: input });
    expect(Array.from(out[session.outputNames[0]!]!.data as Float32Array)).toEqual([0, 0]);
    const gmDir = path.join(dir, 'gm');
    const written = await ag.save(cf, gmDir, { format: 'graph-model' });
    expect(written.every((p) => fs.existsSync(p))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(gmDir, 'model.json'), 'utf8')).format).toBe('graph-model');
    await expect(ag.save(cf, dir, { format: 'pb' as never })).rejects.toThrow(/export\/unknown-format/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('toONNX and toGraphModel are methods of a concrete function', () => {
    const f = ag.jit((x: tf.Tensor) => tf.sum(x), { autograph: false });
    const cf = f.getConcreteFunction(ag.spec([3]));
    expect(cf.toONNX()).toBeInstanceOf(Uint8Array);
    expect(cf.toGraphModel().format).toBe('graph-model');
    expect(cf.toDot()).toContain('digraph');
  });
});
