// Loading a GraphModel folder reads only what belongs to it: a model.json that names files outside
// the folder (`..`, absolute paths, symbolic links), devices, FIFOs, files of another size than its
// manifest declares, or files over the size caps is refused with `export/model-file-refused`,
// before anything is read. Needs tfjs, node:fs, src.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ag from '../../src/index.js';
import { AutographError } from '../../src/errors/ag-error.js';

let root = '';
let secret = '';
const here = fileURLToPath(import.meta.url);

beforeAll(async () => {
  await tf.setBackend('cpu');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ag-model-files-'));
  secret = path.join(root, 'secret.txt');
  fs.writeFileSync(secret, 'TOP SECRET 0123456789abcdef'); // 27 bytes
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** A saved model of `x * w` (w: 4 float32 = 16 bytes) in a fresh folder; returns the folder. */
function savedModel(name: string): string {
  const w = tf.tensor1d([1, 2, 3, 4]);
  const cf = ag.jit((x: tf.Tensor) => tf.mul(x, w), { autograph: false }).getConcreteFunction(tf.ones([4]));
  const dir = path.join(root, name);
  ag.saveGraphModel(cf.graph, dir);
  w.dispose();
  return dir;
}

/** Rewrites the model.json of `dir` with `edit` applied to its parsed JSON. */
function editModel(
  dir: string,
  edit: (json: {
    weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
  }) => void,
): void {
  const file = path.join(dir, 'model.json');
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(json);
  fs.writeFileSync(file, JSON.stringify(json));
}

function refusal(f: () => unknown): AutographError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AutographError);
    expect((e as AutographError).id).toBe('export/model-file-refused');
    return e as AutographError;
  }
  throw new Error('expected the load to be refused');
}

describe('loadGraphModelArtifacts keeps to its folder', () => {
  it('loads a folder saveGraphModel wrote, and the model runs', async () => {
    const dir = savedModel('ok');
    const model = await tf.loadGraphModel(tf.io.fromMemory(ag.loadGraphModelArtifacts(dir)));
    const y = model.execute(tf.tensor1d([1, 1, 2, 2])) as tf.Tensor;
    expect(Array.from(y.dataSync())).toEqual([1, 2, 6, 8]);
  });

  it("refuses a weight path with '..' that leaves the folder (and reads nothing of it)", () => {
    const dir = savedModel('dotdot');
    // Sized like the secret, so that only the containment check can refuse it.
    editModel(dir, (j) => {
      j.weightsManifest[0]!.paths = ['../secret.txt'];
    });
    const e = refusal(() => ag.loadGraphModelArtifacts(dir));
    expect(e.message).toContain("'../secret.txt' leaves the model folder");
    expect(e.summary).not.toContain('SECRET 0123');
    // The error points at the caller's line, in this file.
    expect(e.location?.file).toBe(here);
  });

  it('refuses absolute paths: /dev/zero, the secret by its full name', () => {
    for (const p of ['/dev/zero', secret, 'C:\\Windows\\win.ini']) {
      const dir = savedModel(`abs-${path.basename(p).replace(/\W/g, '')}`);
      editModel(dir, (j) => {
        j.weightsManifest[0]!.paths = [p];
      });
      expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('is an absolute path');
    }
  });

  it('refuses symbolic links that leave the folder (to a file, to /dev/zero)', () => {
    for (const [name, target] of [
      ['link-secret', secret],
      ['link-zero', '/dev/zero'],
    ] as const) {
      const dir = savedModel(name);
      fs.symlinkSync(target, path.join(dir, 'shard.bin'));
      editModel(dir, (j) => {
        j.weightsManifest[0]!.paths = ['shard.bin'];
      });
      expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain(
        'leaves the model folder through a symbolic link',
      );
    }
  });

  it('follows a symbolic link that stays inside the folder', () => {
    const dir = savedModel('link-inside');
    fs.symlinkSync('group1-shard1of1.bin', path.join(dir, 'alias.bin'));
    editModel(dir, (j) => {
      j.weightsManifest[0]!.paths = ['alias.bin'];
    });
    expect(ag.loadGraphModelArtifacts(dir).weightData).toBeInstanceOf(ArrayBuffer);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a FIFO and a folder inside the folder without blocking on them',
    () => {
      const dir = savedModel('fifo');
      const made = spawnSync('mkfifo', [path.join(dir, 'pipe.bin')]);
      expect(made.status).toBe(0);
      fs.mkdirSync(path.join(dir, 'sub'));
      for (const p of ['pipe.bin', 'sub']) {
        editModel(dir, (j) => {
          j.weightsManifest[0]!.paths = [p];
        });
        expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('is not a regular file');
      }
    },
  );

  it('refuses weight files of another size than the manifest declares', () => {
    const dir = savedModel('size');
    const shard = path.join(dir, 'group1-shard1of1.bin');
    fs.appendFileSync(shard, Buffer.from([1, 2, 3, 4]));
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain(
      "has 20 bytes where the model's manifest declares 16",
    );
    fs.truncateSync(shard, 8);
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('has 8 bytes');
  });

  it('refuses files over the caps before reading them (a sparse 3 GiB shard, a large model.json)', () => {
    const dir = savedModel('huge');
    const shard = path.join(dir, 'group1-shard1of1.bin');
    fs.truncateSync(shard, 3 * 2 ** 30); // sparse: costs no disk, and is never read
    editModel(dir, (j) => {
      j.weightsManifest[0]!.weights = [
        { name: j.weightsManifest[0]!.weights[0]!.name, shape: [3 * 2 ** 28], dtype: 'float32' },
      ];
    });
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('over the limit');
    const small = savedModel('caps');
    expect(refusal(() => ag.loadGraphModelArtifacts(small, { maxWeightBytes: 8 })).message).toContain('over the limit');
    expect(refusal(() => ag.loadGraphModelArtifacts(small, { maxModelBytes: 100 })).message).toMatch(
      /'model\.json' has \d+ bytes, over the limit of 100/,
    );
  });

  it('refuses malformed manifests and model.json files that are not JSON objects', () => {
    const dir = savedModel('malformed');
    editModel(dir, (j) => {
      (j as unknown as { weightsManifest: unknown }).weightsManifest = { paths: ['x'] };
    });
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('malformed weightsManifest');
    editModel(dir, (j) => {
      j.weightsManifest = [{ paths: [42 as unknown as string], weights: [] }];
    });
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain("'42' is not a file name");
    editModel(dir, (j) => {
      j.weightsManifest = [
        { paths: ['group1-shard1of1.bin'], weights: [{ name: 'w', shape: [-4], dtype: 'float32' }] },
      ];
    });
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('has no valid shape');
    fs.writeFileSync(path.join(dir, 'model.json'), '[1, 2]');
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('is not a JSON object');
    fs.writeFileSync(path.join(dir, 'model.json'), '{ nope');
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain('is not JSON');
  });

  it('refuses a model.json that is itself a link out of the folder, and a missing folder', () => {
    const dir = path.join(root, 'json-link');
    fs.mkdirSync(dir);
    fs.symlinkSync(secret, path.join(dir, 'model.json'));
    expect(refusal(() => ag.loadGraphModelArtifacts(dir)).message).toContain(
      "'model.json' leaves the model folder through a symbolic link",
    );
    expect(refusal(() => ag.loadGraphModelArtifacts(path.join(root, 'absent'))).message).toContain(
      'the folder does not exist',
    );
  });
});
