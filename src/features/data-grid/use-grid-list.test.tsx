// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../../renderers/test-support/render';
import type { DataApi, ListPage, ListParams } from './data-api';
import { useGridList } from './use-grid-list';

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

type Answer = { page: ListPage; etag: string | undefined } | null;

function mount(answer: (params: ListParams, etag: string | undefined) => Answer) {
  const calls: { params: ListParams; etag: string | undefined }[] = [];
  const api = {
    listIfChanged: vi.fn(async (params: ListParams, etag?: string) => {
      calls.push({ params, etag });
      return answer(params, etag);
    }),
  } as unknown as DataApi;
  const hook: { current?: ReturnType<typeof useGridList> } = {};
  function Probe() {
    hook.current = useGridList(api, 2);
    return null;
  }
  mounted = render(<Probe />);
  return { hook, calls };
}

const page = (names: string[], hasMore = false): ListPage => ({ items: names.map((Name, i) => ({ Oid: i + 1, Name })), skip: 0, take: 2, hasMore, ...(hasMore ? { next: 'c1' } : {}) });

describe('useGridList', () => {
  it('refreshes the same query conditionally and keeps the very rows on 304', async () => {
    let version = 'W/"a"';
    const { hook, calls } = mount((params, etag) => (params.cursor ? { page: page(['C']), etag: 'W/"p2"' } : etag === version ? null : { page: page(['A', 'B'], true), etag: version }));
    let outcome: string | undefined;
    await act(async () => void (outcome = await hook.current!.search({ q: 'x' })));
    expect(outcome).toBe('loaded');
    expect(calls[0]!.etag).toBeUndefined();
    await act(async () => void (await hook.current!.loadMore()));
    const rows = hook.current!.state.rows;
    expect(rows.map((r) => r.Name)).toEqual(['A', 'B', 'C']);

    await act(async () => void (outcome = await hook.current!.search({ q: 'x' })));
    expect(outcome).toBe('unchanged');
    expect(calls[2]!.etag).toBe('W/"a"');
    expect(hook.current!.state.rows).toBe(rows); // not even a new array: nothing re-renders or resets
    expect(hook.current!.state.loading).toBe(false);

    version = 'W/"b"';
    await act(async () => void (outcome = await hook.current!.search({ q: 'x' })));
    expect(outcome).toBe('loaded');
    expect(hook.current!.state.rows.map((r) => r.Name)).toEqual(['A', 'B']);
  });

  it('asks unconditionally for another query and after a local change', async () => {
    const { hook, calls } = mount(() => ({ page: page(['A']), etag: 'W/"a"' }));
    await act(async () => void (await hook.current!.search({ q: 'x' })));
    await act(async () => void (await hook.current!.search({ q: 'y' })));
    expect(calls[1]!.etag).toBeUndefined();
    act(() => hook.current!.patchRow(1, { Oid: 1, Name: 'A2' }));
    await act(async () => void (await hook.current!.search({ q: 'y' })));
    expect(calls[2]!.etag).toBeUndefined();
    await act(async () => void (await hook.current!.search({ q: 'y' })));
    expect(calls[3]!.etag).toBe('W/"a"');
  });

  it('asks the first page to count the matching rows and keeps that count while more pages load', async () => {
    const { hook, calls } = mount((params) => (params.cursor ? { page: page(['C']), etag: 'W/"p2"' } : { page: { ...page(['A', 'B'], true), count: { total: 184, exact: true } }, etag: 'W/"a"' }));
    await act(async () => void (await hook.current!.search({ q: 'x' })));
    expect(calls[0]!.params.count).toBe('true');
    expect(hook.current!.state.count).toEqual({ total: 184, exact: true });
    await act(async () => void (await hook.current!.loadMore()));
    expect(calls[1]!.params.count).toBeUndefined();
    expect(hook.current!.state.count).toEqual({ total: 184, exact: true });
  });
});
