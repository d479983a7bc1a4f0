/**
 * A tiny static file server for a built site (build/ by default), resolving
 * URLs the way static hosts do for `trailingSlash: false`: /docs -> docs.html,
 * /ko/ -> ko/index.html, unknown paths -> 404.html with status 404.
 *
 * Used by playwright.config.ts (through serve-build.ts) and reusable by any
 * test that needs to serve another build directory:
 *
 *   const server = await startStaticServer({root: '/tmp/x/build'});
 *   await page.goto(`${server.url}/docs`);
 *   await server.close();
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type {AddressInfo} from 'node:net';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticServer {
  /** e.g. "http://127.0.0.1:41234" (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** Directory to serve. */
  root: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path maps to, or undefined. Never leaves `root`. */
export function resolveFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const target = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  const bare = target.replace(/[\\/]+$/, '');
  const candidates = [target, `${bare}.html`, path.join(bare, 'index.html')];
  return candidates.find(isFile);
}

export async function startStaticServer({root, port = 0, host = '127.0.0.1'}: StaticServerOptions): Promise<StaticServer> {
  const absRoot = path.resolve(root);
  if (!isFile(path.join(absRoot, 'index.html'))) {
    throw new Error(`${absRoot}/index.html is missing: build the site first (npm run build)`);
  }
  const server = http.createServer((req, res) => {
    let urlPath: string;
    try {
      urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = resolveFile(absRoot, urlPath);
    const status = file ? 200 : 404;
    const served = file ?? path.join(absRoot, '404.html');
    res.writeHead(status, {'content-type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream'});
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    fs.createReadStream(served)
      .on('error', () => res.end())
      .pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
