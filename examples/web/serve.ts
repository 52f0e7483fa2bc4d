// A tiny static file server for the built browser example, sending a Content-Security-Policy that
// forbids 'unsafe-eval' (only 'wasm-unsafe-eval' is allowed: Graphviz and the compiled executor's
// kernels are WebAssembly). Run: `npx tsx examples/web/serve.ts [dir] [port]` after build.ts.
// Needs node:http. Produces `CSP`, `serveStatic(dir, port) → { url, close }`.

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};

export interface StaticServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1 (`port` 0: any free port) with the CSP above on every response. */
export function serveStatic(dir: string, port = 0): Promise<StaticServer> {
  const root = normalize(dir);
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      const headers = {
        'Content-Security-Policy': CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      };
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403, headers).end('forbidden');
        return;
      }
      try {
        const body = await readFile(file);
        res
          .writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body);
      } catch {
        res.writeHead(404, headers).end('not found');
      }
    })();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const addr = server.address();
      const p = typeof addr === 'object' && addr ? addr.port : port;
      resolve({
        url: `http://127.0.0.1:${p}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('./dist', import.meta.url));
  const s = await serveStatic(dir, Number(process.argv[3] ?? 8080));
  console.log(`serving ${dir} at ${s.url} (Content-Security-Policy: ${CSP})`);
}
