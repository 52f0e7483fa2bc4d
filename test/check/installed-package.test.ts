// The TypeScript side of autograph-ts as a user installs it: `npm pack` of this checkout installed
// from the tarball into a fresh app with tfjs 4.22 and TypeScript 5.9 (no onnxruntime-node, no Babel
// types). The editor plugin named in the app's tsconfig loads in the real tsserver of the app's own
// TypeScript (as VS Code runs the workspace version), driven over its protocol: the checker's
// diagnostics, hovers on tensor operators, and edits seen. The published declarations of every
// subpath export compile under `strict` with `skipLibCheck: false` (Node and bundler resolution).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, packTarball, type App } from '../package/apps.js';
import { startTsserver, type TsResponse } from './tsserver-client.js';

const SETUP_MS = 15 * 60_000;
const EDITOR = new URL('./fixtures/editor/', import.meta.url);
const TYPED = new URL('./fixtures/project/typed/', import.meta.url);

/** A typed fixture program as an app has it: importing 'autograph-ts'. */
const asApp = (name: string): string =>
  readFileSync(new URL(name, TYPED), 'utf8').replace(/'(\.\.\/)+src\/index\.js'/g, "'autograph-ts'");

let app: App;

beforeAll(async () => {
  const tarball = await packTarball();
  app = await makeApp('typescript', 'module', ['@tensorflow/tfjs@4.22.0', 'typescript@5.9.3', tarball]);
  // The editor fixture, and methods, a getter, field arrows and another module's helper reached from jit.
  const tsconfig = JSON.parse(readFileSync(new URL('tsconfig.json', EDITOR), 'utf8')) as {
    compilerOptions: { lib: string[] };
    files: string[];
  };
  tsconfig.compilerOptions.lib = ['ES2022', 'DOM']; // classes.ts logs
  tsconfig.files = ['huber.ts', 'classes.ts', 'helpers.ts'];
  app.write({
    'proj/huber.ts': readFileSync(new URL('huber.ts', EDITOR), 'utf8'),
    'proj/classes.ts': asApp('classes.ts'),
    'proj/helpers.ts': asApp('helpers.ts'),
    'proj/tsconfig.json': JSON.stringify(tsconfig, null, 2),
  });
}, SETUP_MS);

afterAll(() => app?.remove(), SETUP_MS);

interface Diag {
  readonly start: { readonly line: number; readonly offset: number };
  readonly code: number;
  readonly text: string;
}
const shown = (r: TsResponse) => (r.body as Diag[]).map((d) => [d.start.line, d.start.offset, d.code, d.text]);
const hover = (r: TsResponse) => (r.body as { displayString?: string } | undefined)?.displayString;

describe('the editor plugin in tsserver, from the installed package', () => {
  it('loads from the tsconfig entry and gives the checker’s diagnostics, hovers and edits', async () => {
    const file = join(app.dir, 'proj', 'huber.ts');
    const server = startTsserver(join(app.dir, 'node_modules/typescript/lib/tsserver.js'), app.dir);
    try {
      server.notify('open', { file });
      // The operators on tensors in the converted function are accepted; the one real mistake stays.
      expect(shown(await server.request('semanticDiagnosticsSync', { file }))).toEqual([
        [13, 14, 2322, "Type 'Tensor<Rank>' is not assignable to type 'number'."],
      ]);
      expect(hover(await server.request('quickinfo', { file, line: 8, offset: 40 }))).toBe(
        '(tensor op) a * a / 2: tf.Tensor<tf.Rank>',
      );
      expect(hover(await server.request('quickinfo', { file, line: 10, offset: 10 }))).toBe(
        'let loss: tf.Tensor<tf.Rank>',
      );

      // An edit inside the converted function: a new mistake at its place, the new operator typed.
      server.notify('change', {
        file,
        line: 10,
        offset: 1,
        endLine: 10,
        endOffset: 1,
        insertString: '  const n: number = a * 2;\n',
      });
      expect(shown(await server.request('semanticDiagnosticsSync', { file }))).toEqual([
        [10, 9, 2322, "Type 'Tensor<Rank>' is not assignable to type 'number'."],
        [14, 14, 2322, "Type 'Tensor<Rank>' is not assignable to type 'number'."],
      ]);
      expect(hover(await server.request('quickinfo', { file, line: 10, offset: 23 }))).toBe(
        '(tensor op) a * 2: tf.Tensor<tf.Rank>',
      );

      // An edit that fixes the first mistake: only the new one is left.
      server.notify('change', { file, line: 14, offset: 21, endLine: 14, endOffset: 27, insertString: 'tf.Tensor' });
      expect(shown(await server.request('semanticDiagnosticsSync', { file }))).toEqual([
        [10, 9, 2322, "Type 'Tensor<Rank>' is not assignable to type 'number'."],
      ]);

      // Methods that jit code reaches (this.step(x), a getter, field arrows, an imported helper) are converted code.
      for (const f of ['classes.ts', 'helpers.ts']) {
        const other = join(app.dir, 'proj', f);
        server.notify('open', { file: other });
        expect(shown(await server.request('semanticDiagnosticsSync', { file: other })), f).toEqual([]);
      }
      const classes = join(app.dir, 'proj', 'classes.ts');
      expect(hover(await server.request('quickinfo', { file: classes, line: 23, offset: 14 }))).toBe(
        '(tensor op) x * this.k: tf.Tensor<tf.Rank>',
      );
    } finally {
      server.close();
    }
  }, 300_000);

  it('autograph check in the same app reports what the editor reports; plain tsc rejects the converted code', async () => {
    const r = await app.npx(['autograph', 'check', 'proj']);
    expect(r.stdout.trim().split('\n')).toEqual([
      "proj/huber.ts(13,14): error TS2322: Type 'Tensor<Rank>' is not assignable to type 'number'.",
    ]);
    expect(r.status).toBe(2);
    const plain = await app.npx(['tsc', '-p', 'proj']);
    expect(plain.stdout).toContain(
      "proj/classes.ts(23,12): error TS2362: The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.",
    );
    expect(plain.stdout).toContain('proj/helpers.ts(6,10): error TS2362');
  }, 300_000);
});

describe('the published declarations', () => {
  it('compile for every subpath export under strict, skipLibCheck: false, with Node and bundler resolution', async () => {
    const pkg = JSON.parse(readFileSync(join(app.dir, 'node_modules/autograph-ts/package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const subpaths = Object.keys(pkg.exports)
      .filter((k) => k !== './package.json')
      .map((k) => `autograph-ts${k.slice(1)}`);
    expect(subpaths).toContain('autograph-ts/vite');
    const files: Record<string, string> = {
      // The two imports that failed (TS2307 onnxruntime-node, TS7016 @babel/generator), as written.
      'types/issue.ts':
        "import * as ag from 'autograph-ts';\nimport autograph from 'autograph-ts/vite';\nexport const used = [ag.jit, autograph];\n",
    };
    subpaths.forEach(
      (s, i) => (files[`types/subpath${i}.ts`] = `import * as m from '${s}';\nexport const used${i} = m;\n`),
    );
    const options = { target: 'ES2022', strict: true, skipLibCheck: false, noEmit: true };
    files['tsconfig.node.json'] = JSON.stringify({
      compilerOptions: { ...options, module: 'NodeNext', moduleResolution: 'NodeNext' },
      include: ['types/*.ts'],
    });
    files['tsconfig.bundler.json'] = JSON.stringify({
      compilerOptions: { ...options, module: 'ESNext', moduleResolution: 'Bundler' },
      include: ['types/*.ts'],
    });
    app.write(files);
    for (const config of ['tsconfig.node.json', 'tsconfig.bundler.json']) {
      const r = await app.npx(['tsc', '-p', config]);
      expect(`${r.stdout}${r.stderr}`, config).toBe('');
      expect(r.status, config).toBe(0);
    }
  }, 300_000);
});
