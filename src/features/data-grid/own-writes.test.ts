import { describe, expect, it } from 'vitest';
import { isOwnVersion, ownSavePending, trackOwnSave } from './own-writes';

/** A save whose answer comes when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('own writes', () => {
  it('a message about an update that arrives before its answer is recognised as this tab’s own once the answer is in', async () => {
    const answer = deferred<{ Oid: number; ETag: string }>();
    const saving = trackOwnSave('Shop/Article', 7, () => answer.promise, (record) => ({ oid: record.Oid, etag: record.ETag }));
    expect(ownSavePending('shop/article', 7)).toBe(true);
    // The hub's message comes first and asks; the answer follows.
    const own = isOwnVersion('shop/article', 7, 'v2');
    answer.resolve({ Oid: 7, ETag: '"v2"' });
    await saving;
    await expect(own).resolves.toBe(true);
    expect(ownSavePending('shop/article', 7)).toBe(false);
  });

  it('another version of the same record, or a record saved by nobody here, is a change made elsewhere', async () => {
    await trackOwnSave('shop/article', 8, async () => ({ Oid: 8, ETag: 'a' }), (record) => ({ oid: record.Oid, etag: record.ETag }));
    await expect(isOwnVersion('shop/article', 8, 'b')).resolves.toBe(false);
    await expect(isOwnVersion('shop/article', 9, 'a')).resolves.toBe(false);
    await expect(isOwnVersion('shop/customer', 8, 'a')).resolves.toBe(false);
  });

  it('a create is recognised by the oid its answer names', async () => {
    const answer = deferred<{ Oid: number; ETag: string }>();
    const saving = trackOwnSave('shop/article', undefined, () => answer.promise, (record) => ({ oid: record.Oid, etag: record.ETag }));
    expect(ownSavePending('shop/article', 41)).toBe(true);
    const own = isOwnVersion('shop/article', 41, 'n1');
    answer.resolve({ Oid: 41, ETag: 'n1' });
    await saving;
    await expect(own).resolves.toBe(true);
  });

  it('a failed save leaves nothing pending and marks nothing as own', async () => {
    const answer = deferred<{ Oid: number; ETag: string }>();
    const saving = trackOwnSave('shop/article', 12, () => answer.promise, (record) => ({ oid: record.Oid, etag: record.ETag }));
    const own = isOwnVersion('shop/article', 12, 'x');
    answer.reject(new Error('409'));
    await expect(saving).rejects.toThrow('409');
    await expect(own).resolves.toBe(false);
    expect(ownSavePending('shop/article', 12)).toBe(false);
  });
});
