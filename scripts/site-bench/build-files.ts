/**
 * Byte accounting from the built files themselves, so the figures are
 * deterministic: gzip size of a served URL (zlib, level 9, as the bench
 * server sends it) and whether a chunk is the chart library or the search engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The file under `buildDir` a same-origin URL path points at. */
export function buildFileFor(buildDir: string, urlPath: string): string {
  const file = path.resolve(buildDir, `.${decodeURIComponent(urlPath)}`);
  if (!file.startsWith(path.resolve(buildDir) + path.sep)) throw new Error(`${urlPath} is outside ${buildDir}`);
  return file;
}

const gzipCache = new Map<string, number>();

export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), {level: 9}).length;
    gzipCache.set(file, size);
  }
  return size;
}

const chunkText = (file: string) => fs.readFileSync(file, 'utf8');

/** recharts renders elements with these class names; its minified code keeps them. */
const RECHARTS_MARKERS = ['recharts-wrapper', 'recharts-surface'];

export function isRechartsChunk(file: string): boolean {
  const text = chunkText(file);
  return RECHARTS_MARKERS.every((m) => text.includes(m));
}

/** lunr, the search engine, keeps this warning in its minified code. */
const LUNR_MARKER = 'Cannot load unregistered function';

export function isLunrChunk(file: string): boolean {
  return chunkText(file).includes(LUNR_MARKER);
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
