import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../api/api-client';
import { cachedScopeTree, fetchScopeTree, type CachedScopeTree, type ScopeTreeStore } from './scope-tree-cache';

interface Item {
  oid: number;
  text: string;
}

// A server that behaves like GET /api/settings/scope: an ETag per tree, 304 when If-None-Match names it.
let tree: { etag: string; items: Item[] } = { etag: '"v1"', items: [{ oid: 1, text: 'Mate' }] };
const received: (string | undefined)[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const ifNoneMatch = req.headers['if-none-match'];
    received.push(ifNoneMatch);
    if (ifNoneMatch === tree.etag) {
      res.writeHead(304, { etag: tree.etag });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag: tree.etag });
    res.end(JSON.stringify({ items: tree.items }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, getToken: () => 'tok' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function memoryStore(initial?: unknown): ScopeTreeStore<Item> & { kept: CachedScopeTree<Item> | undefined } {
  const store = {
    kept: initial as CachedScopeTree<Item> | undefined,
    read: () => store.kept,
    write: (value: CachedScopeTree<Item>) => void (store.kept = value),
  };
  return store;
}

describe('the kept scope tree', () => {
  it('is fetched whole the first time and kept with its ETag', async () => {
    const store = memoryStore();
    expect(cachedScopeTree(store)).toBeUndefined();
    expect(await fetchScopeTree('/api/settings/scope', store)).toEqual([{ oid: 1, text: 'Mate' }]);
    expect(received.at(-1)).toBeUndefined();
    expect(store.kept).toEqual({ etag: '"v1"', items: [{ oid: 1, text: 'Mate' }] });
    expect(cachedScopeTree(store)).toEqual([{ oid: 1, text: 'Mate' }]);
  });

  it('is revalidated with If-None-Match and kept as it is on 304', async () => {
    const store = memoryStore({ etag: '"v1"', items: [{ oid: 1, text: 'Mate (kept)' }] });
    expect(await fetchScopeTree('/api/settings/scope', store)).toEqual([{ oid: 1, text: 'Mate (kept)' }]);
    expect(received.at(-1)).toBe('"v1"');
  });

  it('is replaced when the server has another tree', async () => {
    tree = { etag: '"v2"', items: [{ oid: 1, text: 'Mate' }, { oid: 2, text: 'Mate DE' }] };
    const store = memoryStore({ etag: '"v1"', items: [{ oid: 1, text: 'Mate' }] });
    expect(await fetchScopeTree('/api/settings/scope', store)).toHaveLength(2);
    expect(store.kept?.etag).toBe('"v2"');
  });

  it('ignores a damaged kept entry instead of sending its tag', async () => {
    const store = memoryStore({ etag: 42, items: 'broken' });
    expect(cachedScopeTree(store)).toBeUndefined();
    expect(await fetchScopeTree('/api/settings/scope', store)).toHaveLength(2);
    expect(received.at(-1)).toBeUndefined();
  });
});
