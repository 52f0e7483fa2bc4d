// What a user of the packed tarball meets past the quick start, in a fresh ESM app on tfjs 4.22 with
// tsx and without the optional peers @viz-js/viz and typescript: the CLI on the README's own app.ts
// (top-level jit calls and prints), verbosity levels and silenced warnings read from stderr, stack
// traces of code the loader converted, hints that link the docs, ag.version and CHANGELOG.md, and
// the catalogued errors naming the install of a missing optional peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { App, makeApp, packTarball } from './apps.js';

const PKG = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The README's quick-start app.ts, as the user copies it. */
const APP_TS = /^```ts\n([\s\S]*?)^```$/m.exec(README.slice(README.indexOf('## Quick start')))![1]!;

/** A jit function that throws in an if, in a loop, in a staged if (frames at lines 6, 6, 5 and 4). */
const THROWS_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';
function throwsInLoop(x: tf.Tensor) {
  if (tf.sum(x) > 0) {
    for (let i = 0; i < 3; i++) {
      if (i == 2) throw new Error('boom in loop');
    }
  }
  return x;
}
try {
  ag.jit(throwsInLoop)(tf.ones([2]));
} catch (e) {
  console.log(JSON.stringify((e as Error).stack));
}
`;

/** A trace that warns (trace/differs-from-js), and a drawing without @viz-js/viz. */
const WARNS_TS = `import * as tf from '@tensorflow/tfjs';
import * as ag from 'autograph-ts';
tf.enableProdMode();
function cubeRoot(x: tf.Tensor): tf.Tensor {
  return Math.cbrt(x as never) as never;
}
const f = ag.jit(cubeRoot);
console.log(\`cbrt(8) = \${f(tf.scalar(8)).dataSync()[0]}\`);
const svg = await f.getConcreteFunction(ag.spec([])).toSVG().catch((e: ag.AutographError) => e.id);
console.log(\`toSVG: \${svg}\`);
console.log(\`version \${ag.version}\`);
`;

let tarball = '';
let app: App;

beforeAll(async () => {
  tarball = await packTarball();
  app = await makeApp('user-paths', 'module', [
    '@tensorflow/tfjs@4.22.0',
    `tsx@${PKG.devDependencies['tsx']}`,
    tarball,
  ]);
  app.write({ 'app.ts': APP_TS, 'throws.ts': THROWS_TS, 'warns.ts': WARNS_TS });
}, 15 * 60_000);

afterAll(async () => {
  await app?.remove();
}, 60_000);

/** stderr without tfjs's own "install tfjs-node" banner (the README's app does not silence it). */
const withoutBanner = (stderr: string): string =>
  stderr.replace(/\n*=+\nHi, looks like you are running TensorFlow\.js in Node\.js\.[^\n]*\n=+\n?/, '');
const loader = (file: string, env: Record<string, string> = {}) =>
  app.node(['--import', 'autograph-ts/register', file], env);

describe('the tarball', () => {
  it('ships CHANGELOG.md; @viz-js/viz and typescript are optional peers, not dependencies', () => {
    const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(list).toContain('package/CHANGELOG.md');
    const pkg = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as Record<string, Record<string, unknown>>;
    for (const peer of ['@viz-js/viz', 'typescript']) {
      expect(Object.keys(pkg.dependencies!)).not.toContain(peer);
      expect(pkg.peerDependencies![peer]).toBeDefined();
      expect(pkg.peerDependenciesMeta![peer]).toEqual({ optional: true });
    }
    // ag.version is typed.
    const dts = execFileSync('tar', ['-xzOf', tarball, 'package/dist/platform/version.d.ts'], { encoding: 'utf8' });
    expect(dts).toContain('export declare const version: string;');
  });
});

describe("the CLI on the README's app.ts", () => {
  it('prints the graph of a function the module does not export, running its top-level code once, on stderr', async () => {
    const r = await app.npx(['autograph', 'graph', 'app.ts#collatz', '--spec', '[]:int32']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^graph collatz\(%a: int32\[\]\) \{\n[\s\S]*While\([\s\S]*\n\}\n$/);
    // The module's own prints (111, its graph, 2.5), once each, and nothing else.
    const err = withoutBanner(r.stderr);
    expect(err.match(/^\s*111$/gm)).toHaveLength(1);
    expect(err.match(/^\s*2\.5$/gm)).toHaveLength(1);
    expect(err.match(/^graph collatz/gm)).toHaveLength(1);
    expect(err).not.toMatch(/\[[a-z]+\/[a-z-]+\]/);
  });

  it('runs a function whose closure reads `delta` and `tf` where they stand', async () => {
    const r = await app.npx(['autograph', 'run', 'app.ts#huber_loss', '--args', '3']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('2.5\n');
  });
});

describe('verbosity, from the stderr of the app under the loader', () => {
  it('0: nothing', async () => {
    const r = await loader('app.ts');
    expect(r.status).toBe(0);
    expect(withoutBanner(r.stderr)).toBe('');
  });

  it('1: the functions converted in place; 2: each trace; 3: the generated code and the passes', async () => {
    const [one, two, three] = await Promise.all(
      ['1', '2', '3'].map((level) => loader('app.ts', { AUTOGRAPH_VERBOSITY: level })),
    );
    for (const r of [one!, two!, three!]) {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain("AutoGraph: converted 'collatz' (app.ts) in place");
      expect(r.stderr).toContain("AutoGraph: converted 'huber_loss' (app.ts) in place");
    }
    const traced =
      /^AutoGraph: traced collatz\(a: int32\[\]\) \[trace 1, on tfjs cpu\] in [\d.]+ ms: \d+ nodes, \d+ after the optimizer/m;
    expect(one!.stderr).not.toMatch(traced);
    expect(two!.stderr).toMatch(traced);
    expect(two!.stderr).toMatch(/^AutoGraph: traced huber_loss\(a: float32\[\]\)/m);
    expect(two!.stderr).not.toContain('// ---- collatz: after');
    expect(three!.stderr).toMatch(/^\/\/ AutoGraph: converted collatz in place\nfunction collatz\(a\) \{/m);
    expect(three!.stderr).toContain('// ---- collatz: after fuse-elementwise ----\ngraph collatz(%a: int32[])');
    // stdout is the program's own at every level.
    expect(new Set([one!, two!, three!].map((r) => r.stdout)).size).toBe(1);
  });

  it('warnings link the docs by address, and AUTOGRAPH_SILENCE_WARNINGS silences them', async () => {
    const [loud, quiet] = await Promise.all([
      loader('warns.ts'),
      loader('warns.ts', { AUTOGRAPH_SILENCE_WARNINGS: 'trace/differs-from-js' }),
    ]);
    expect(loud.stderr).toContain('[trace/differs-from-js]');
    expect(loud.stderr).toContain(
      'hint: https://github.com/autograph-ts/autograph-ts/blob/main/docs/limitations.md#javascript-semantics',
    );
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(loud.stdout);
  });
});

describe('stack traces of code the loader converted', () => {
  it('name the function and mark each staged statement around the throw [converted]', async () => {
    const r = await loader('throws.ts');
    expect(r.status, r.stderr).toBe(0);
    const frames = (JSON.parse(r.stdout) as string).split('\n').filter((l) => l.startsWith('    at '));
    const file = `${app.dir}/throws.ts`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = (line: number) =>
      expect.stringMatching(new RegExp(`^    at throwsInLoop \\(${file}:${line}:\\d+\\) \\[converted\\]$`));
    expect(frames.slice(0, 4)).toEqual([at(6), at(6), at(5), at(4)]);
    expect(frames.join('\n')).not.toMatch(/if_body|loop_body|node_modules/);
  });
});

describe('optional peers that are missing', () => {
  it('drawing is export/graphviz-missing naming npm install @viz-js/viz; DOT needs no Graphviz', async () => {
    const svg = await app.npx(['autograph', 'svg', 'app.ts#collatz', '--spec', '[]:int32']);
    expect(svg.status).toBe(1);
    expect(svg.stderr).toContain('[export/graphviz-missing]');
    expect(svg.stderr).toContain('npm install @viz-js/viz');
    const dot = await app.npx(['autograph', 'svg', 'app.ts#collatz', '--spec', '[]:int32', '--dot']);
    expect(dot.status, dot.stderr).toBe(0);
    expect(dot.stdout).toMatch(/^digraph /);
    const r = await loader('warns.ts', { AUTOGRAPH_SILENCE_WARNINGS: 'all' });
    expect(r.stdout).toContain('toSVG: export/graphviz-missing');
  });

  it('autograph check is cli/typescript-missing naming npm install --save-dev typescript', async () => {
    const r = await app.npx(['autograph', 'check']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /autograph check needs the package typescript \(it is not installed\) \[cli\/typescript-missing\]/,
    );
    expect(r.stderr).toContain('npm install --save-dev typescript');
  });
});

describe('the version', () => {
  it("is package.json's, as ag.version and autograph --version", async () => {
    const r = await loader('warns.ts', { AUTOGRAPH_SILENCE_WARNINGS: 'all' });
    expect(r.stdout).toContain(`version ${PKG.version}\n`);
    expect((await app.npx(['autograph', '--version'])).stdout).toBe(`${PKG.version}\n`);
  });
});
