/**
 * A static server for build/ that compresses like a real host (gzip), so
 * transfer sizes measured through it match what readers download.
 * URL resolution is the e2e server's (trailingSlash: false).
 *
 * Like a host that makes the browser revalidate every file, it sends
 * `no-cache` with an ETag and answers a matching If-None-Match with 304: a
 * chunk the page prefetched (the chart library) is then reused after one
 * round trip instead of downloaded again, as readers' browsers do.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type {AddressInfo} from 'node:net';
import {resolveFile} from '../../tests/e2e/support/static-server';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);

export interface GzipServer {
  url: string;
  close(): Promise<void>;
}

export async function startGzipServer(root: string, port = 0): Promise<GzipServer> {
  const absRoot = path.resolve(root);
  if (!fs.existsSync(path.join(absRoot, 'index.html'))) throw new Error(`${absRoot}/index.html is missing: build the site first`);
  const cache = new Map<string, Buffer>();
  const etags = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = resolveFile(absRoot, urlPath);
    const served = file ?? path.join(absRoot, '404.html');
    const ext = path.extname(served);
    const headers: Record<string, string> = {'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-cache'};
    let body: Buffer = fs.readFileSync(served);
    const etag = etags.get(served) ?? `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    etags.set(served, etag);
    headers.etag = etag;
    if (file && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const gz = cache.get(served) ?? zlib.gzipSync(body, {level: 9});
      cache.set(served, gz);
      body = gz;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(file ? 200 : 404, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
