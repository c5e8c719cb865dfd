import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The viewers' files the product serves itself (no CDN): name in the URL to package file and content type. */
export const API_DOCS_ASSETS = {
  'swagger-ui-bundle.js': { file: ['swagger-ui-dist', 'swagger-ui-bundle.js'], type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: ['swagger-ui-dist', 'swagger-ui.css'], type: 'text/css; charset=utf-8' },
  'scalar-standalone.js': { file: ['@scalar/api-reference', 'dist/browser/standalone.js'], type: 'text/javascript; charset=utf-8' },
} as const;

export type ApiDocsAssetName = keyof typeof API_DOCS_ASSETS;

/** One asset's bytes and the version of its package (for the ETag), read once and kept. */
export interface ApiDocsAsset {
  body: Buffer;
  type: string;
  etag: string;
}

const cache = new Map<ApiDocsAssetName, Promise<ApiDocsAsset>>();

/** A package's folder: found along Node's lookup paths, since a package's `exports` may hide its package.json. */
function packageRoot(pkg: string): string {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const root = path.join(dir, pkg);
    if (existsSync(path.join(root, 'package.json'))) return root;
  }
  throw new Error(`The package ${pkg} is not installed.`);
}

async function load(name: ApiDocsAssetName): Promise<ApiDocsAsset> {
  const [pkg, file] = API_DOCS_ASSETS[name].file;
  const root = packageRoot(pkg);
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { body: await readFile(path.join(root, file)), type: API_DOCS_ASSETS[name].type, etag: `"${pkg}-${version}-${name}"` };
}

/** The asset, from memory after its first read. */
export function apiDocsAsset(name: ApiDocsAssetName): Promise<ApiDocsAsset> {
  let found = cache.get(name);
  if (!found) {
    found = load(name);
    // A failed read is tried again next time rather than remembered.
    found.catch(() => cache.delete(name));
    cache.set(name, found);
  }
  return found;
}
