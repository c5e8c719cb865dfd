// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../../renderers/test-support/render';
import type { CompiledEntity } from '../../../schemas';
import { ApiRequestError } from '../../lib/api/api-error';
import type { DataApi, DataRecord } from './data-api';
import { DETAILS_MIN_BUSY_MS } from './minimum-duration';
import { useRowDetails, type RowDetailsState } from './use-row-details';

let mounted: Rendered | undefined;
// The 333 ms busy minimum runs on fake time; React's scheduler keeps its own timers.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  mounted?.unmount();
  vi.useRealTimers();
});

const compiled = { details: [] } as unknown as CompiledEntity;

/** The hook over an api whose reads answer what `answer` says (a promise per call, so a test can hold one back). */
function mount(row: DataRecord, answer: (oid: unknown) => Promise<{ record: DataRecord; etag: string } | null>) {
  const api = { read: vi.fn((oid: unknown) => answer(oid)), details: vi.fn() } as unknown as DataApi;
  const seen: RowDetailsState[] = [];
  function Probe({ row }: { row: DataRecord }) {
    seen.push(useRowDetails(api, compiled, row));
    return null;
  }
  mounted = render(<Probe row={row} />);
  return { seen, api, show: (next: DataRecord) => mounted!.rerender(<Probe row={next} />) };
}

const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(DETAILS_MIN_BUSY_MS + 1)));

describe('useRowDetails', () => {
  it('keeps a row ready while a new version of it (its own save) is read again, then shows that version', async () => {
    let release: (() => void) | undefined;
    let first = true;
    const saved = { Oid: 1, ETag: 'b', Name: 'Saved' };
    const { seen, show } = mount({ Oid: 1, ETag: 'a', Name: 'First' }, () =>
      first ? Promise.resolve({ record: { Oid: 1, ETag: 'a', Name: 'First' }, etag: 'a' }) : new Promise((resolve) => (release = () => resolve(null))),
    );
    await settle();
    first = false;
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', record: { Name: 'First' } });
    const before = seen.length;
    show(saved);
    // Never 'fetching' in between: that took the editor down and mounted it anew.
    expect(seen.slice(before).map((state) => state.phase)).not.toContain('fetching');
    release!();
    await settle();
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', record: saved, etag: 'b' });
  });

  it('fetches another row afresh, and a failed read behind a ready row keeps it', async () => {
    let fail = false;
    const { seen, show } = mount({ Oid: 1, ETag: 'a' }, async (oid) => {
      if (fail) throw new Error('offline');
      return { record: { Oid: oid, ETag: 'a' }, etag: 'a' };
    });
    await settle();
    show({ Oid: 2, ETag: 'a' });
    expect(seen.at(-1)?.phase).toBe('fetching');
    await settle();
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', record: { Oid: 2 } });
    fail = true;
    show({ Oid: 2, ETag: 'c' });
    await settle();
    expect(seen.at(-1)).toMatchObject({ phase: 'ready', record: { Oid: 2 } });
  });

  it('says a row deleted meanwhile is gone (404), and one the user may not read is not permitted (403), not an error', async () => {
    const refusal = (status: number) => new ApiRequestError(status, { status, message: 'no' }, undefined, undefined, 'GET', '/api/data/a/b(1)');
    const gone = mount({ Oid: 1, ETag: 'a' }, () => Promise.reject(refusal(404)));
    await settle();
    expect(gone.seen.at(-1)).toEqual({ phase: 'gone' });
    mounted!.unmount();
    const hidden = mount({ Oid: 1, ETag: 'a' }, () => Promise.reject(refusal(403)));
    await settle();
    expect(hidden.seen.at(-1)).toEqual({ phase: 'not-permitted' });
  });
});
