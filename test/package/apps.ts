// Helpers of the packaging tests: pack autograph-ts as `npm pack` does (prepack builds dist/), make
// small apps in temporary folders, install the tarball there from the npm registry with the tfjs
// packages each app names, and run node, npx and npm in them with an environment free of this
// project's npm variables. Needs npm on PATH and the registry. Produces `packTarball`, `makeApp`, `App`.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment of a user's shell: none of the npm_* variables `npm test` sets for this project. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE_OPTIONS' && k !== 'INIT_CWD'),
  );
  return { ...env, ...extra };
}

/** Runs a command; resolves with its exit status and output (never rejects on a non-zero status). */
export function run(
  cmd: string,
  args: readonly string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
  timeoutMs = 600_000,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, env: userEnv(extraEnv), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const status = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 1
          : 0;
        resolve({ status, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** `npm pack` of this checkout (its prepack script builds dist/) into a temporary folder; the tarball's path. */
export async function packTarball(): Promise<string> {
  const dest = mkdtempSync(join(tmpdir(), 'ag-pack-'));
  const r = await run('npm', ['pack', '--pack-destination', dest, '--silent'], ROOT);
  if (r.status !== 0) throw new Error(`npm pack failed:\n${r.stdout}\n${r.stderr}`);
  const tgz = readdirSync(dest).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack wrote no tarball:\n${r.stdout}`);
  return join(dest, tgz);
}

export class App {
  constructor(readonly dir: string) {}

  write(files: Record<string, string>): this {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(this.dir, name, '..'), { recursive: true });
      writeFileSync(join(this.dir, name), text);
    }
    return this;
  }

  node(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
    return run(process.execPath, args, this.dir, env);
  }

  npx(args: readonly string[]): Promise<Run> {
    return run('npx', ['--no-install', ...args], this.dir);
  }

  npm(args: readonly string[]): Promise<Run> {
    return run('npm', args, this.dir);
  }

  remove(): Promise<void> {
    return rm(this.dir, { recursive: true, force: true });
  }
}

/** A new app folder with a package.json, and `packages` installed (the tarball among them). */
export async function makeApp(name: string, type: 'module' | 'commonjs', packages: readonly string[]): Promise<App> {
  const app = new App(mkdtempSync(join(tmpdir(), `ag-app-${name}-`)));
  app.write({
    'package.json': JSON.stringify({ name: `app-${name}`, version: '1.0.0', private: true, type }, null, 2),
  });
  const r = await app.npm(['install', '--no-audit', '--no-fund', '--loglevel', 'error', ...packages]);
  if (r.status !== 0) throw new Error(`npm install in ${name} failed:\n${r.stdout}\n${r.stderr}`);
  return app;
}
