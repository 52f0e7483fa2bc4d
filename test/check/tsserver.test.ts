// The editor plugin as an editor loads it: tsserver (TypeScript's own server, what VS Code runs) with
// a project whose tsconfig enables "autograph-ts/ts-plugin", the plugin found in a package laid out
// as an install would be: the plugin bundled to CommonJS (tsserver require()s plugins), reached
// through ts-plugin/package.json, beside the declarations of the operator types. The editor's
// diagnostics and hovers must be the checker's.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'autograph-tsserver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fake install of autograph-ts under `dir`/node_modules with just what the plugin needs. */
async function install(): Promise<void> {
  const pkg = join(dir, 'node_modules', 'autograph-ts');
  mkdirSync(join(pkg, 'ts-plugin'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'autograph-ts', type: 'module' }));
  writeFileSync(join(pkg, 'ts-plugin', 'package.json'), JSON.stringify({ main: 'index.cjs' }));
  writeFileSync(join(pkg, 'ts-plugin', 'index.cjs'), "module.exports = require('../dist/ts-plugin.cjs');\n");
  await build({
    entryPoints: [join(root, 'src/check/ts-plugin.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['typescript'],
    outfile: join(pkg, 'dist', 'ts-plugin.cjs'),
    banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" }, // as scripts/build.mjs
    define: { 'import.meta.url': '__import_meta_url' },
    footer: { js: 'module.exports = module.exports.default;' },
    logLevel: 'error',
  });
  const program = ts.createProgram([join(root, 'src/check/operator-types.ts')], {
    declaration: true,
    emitDeclarationOnly: true,
    outDir: join(pkg, 'dist'),
    rootDir: join(root, 'src'),
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
  });
  program.emit();
  symlinkSync(join(root, 'node_modules', '@tensorflow'), join(dir, 'node_modules', '@tensorflow'));
  symlinkSync(join(root, 'node_modules', '@babel'), join(dir, 'node_modules', '@babel')); // the package's dependencies, as installed beside it
  mkdirSync(join(dir, 'proj'));
  for (const f of ['huber.ts', 'tsconfig.json']) writeFileSync(join(dir, 'proj', f), readFileSync(join(root, 'test/check/fixtures/editor', f)));
}

interface Response {
  readonly request_seq: number;
  readonly success: boolean;
  readonly body?: unknown;
}

function tsserver() {
  const server = createRequire(import.meta.url).resolve('typescript/lib/tsserver.js');
  const proc = spawn(process.execPath, [server, '--pluginProbeLocations', dir, '--disableAutomaticTypingAcquisition'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = Buffer.alloc(0);
  let seq = 0;
  const waiting = new Map<number, (r: Response) => void>();
  proc.stdout.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const head = buf.indexOf('\r\n\r\n');
      if (head < 0) return;
      const len = Number(/Content-Length: (\d+)/.exec(buf.subarray(0, head).toString())?.[1]);
      if (buf.length < head + 4 + len) return;
      const msg = JSON.parse(buf.subarray(head + 4, head + 4 + len).toString()) as Response & { type: string };
      buf = buf.subarray(head + 4 + len);
      if (msg.type === 'response') waiting.get(msg.request_seq)?.(msg);
    }
  });
  const send = (command: string, args: unknown) => {
    proc.stdin.write(`${JSON.stringify({ seq: ++seq, type: 'request', command, arguments: args })}\n`);
    return seq;
  };
  return {
    open: (file: string) => send('open', { file }),
    request: (command: string, args: unknown) => new Promise<Response>((res) => waiting.set(send(command, args), res)),
    close: () => proc.kill(),
  };
}

describe('the plugin in tsserver', () => {
  it('loads from the package and gives the checker’s diagnostics and hovers', async () => {
    await install();
    const file = join(dir, 'proj', 'huber.ts');
    const server = tsserver();
    try {
      server.open(file);
      const diags = await server.request('semanticDiagnosticsSync', { file });
      expect(diags.success).toBe(true);
      const shown = (diags.body as { start: { line: number; offset: number }; code: number; text: string }[]).map((d) => [d.start.line, d.start.offset, d.code, d.text]);
      expect(shown).toEqual([[13, 14, 2322, "Type 'Tensor<Rank>' is not assignable to type 'number'."]]);
      const op = await server.request('quickinfo', { file, line: 8, offset: 40 });
      expect((op.body as { displayString: string }).displayString).toBe('(tensor op) a * a / 2: tf.Tensor<tf.Rank>');
      const loss = await server.request('quickinfo', { file, line: 10, offset: 10 });
      expect((loss.body as { displayString: string }).displayString).toBe('let loss: tf.Tensor<tf.Rank>');
    } finally {
      server.close();
    }
  }, 300_000);
});
