// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../../renderers/test-support/render';
import type { CompiledEntity } from '../../../schemas/compile-entity';
import type { DataApi, DataRecord, ListParams } from './data-api';
import { storedSession } from './editor-session';
import { useGridController, type GridController } from './use-grid-controller';

// The signed-in user may do everything on the grid's page.
vi.mock('../../shell/navigation-context', () => ({
  useNavigationData: () => ({ permissions: { '/data/shop/thing': { Create: true, Update: true, Delete: true } } }),
}));

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

const PATH = '/data/shop/thing';
// As far as the controller reads it: no query fields (the free text `q` only), a page size, the operations.
const compiled = {
  grid: { pageSize: 50, defaultSort: [], runOnLoad: false },
  queryFields: [],
  meta: { operations: ['create', 'update', 'delete'], titleField: 'Name', fields: [] },
  commands: [],
} as unknown as CompiledEntity;

const rows: DataRecord[] = [
  { Oid: 1, Name: 'A', ETag: 'a1' },
  { Oid: 2, Name: 'B', ETag: 'b1' },
];

/** The grid driven without its view, on its page of a memory router; every list call is recorded. */
function mount(initialEntry = PATH) {
  const lists: ListParams[] = [];
  const api = {
    kind: 'shop/thing',
    listIfChanged: vi.fn(async (params: ListParams) => {
      lists.push(params);
      return { page: { items: rows, skip: 0, take: 50, hasMore: false }, etag: `W/"${lists.length}"` };
    }),
    empty: vi.fn(async () => ({ Oid: null, Name: '', ETag: null })),
  } as unknown as DataApi;
  const seen: { grid?: GridController } = {};
  function Probe() {
    seen.grid = useGridController({ item: { path: PATH }, api, compiled });
    return null;
  }
  const router = createMemoryRouter(
    [
      { path: PATH, element: <Probe /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  mounted = render(<RouterProvider router={router} />);
  return { seen, lists, router, api };
}

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

describe('useGridController', () => {
  it('runs the query the user filled in, again when the filter changes, and keeps it in the address', async () => {
    const { seen, lists, router } = mount();
    expect(seen.grid!.searched).toBe(false);
    expect(lists).toEqual([]); // nothing runs before Start

    act(() => seen.grid!.changeDraft({}, 'apple'));
    act(() => seen.grid!.search());
    await settle();
    expect(lists.map((p) => p.q)).toEqual(['apple']);
    expect(seen.grid!.searched).toBe(true);
    expect(seen.grid!.rows.map((r) => r.Name)).toEqual(['A', 'B']);
    expect(router.state.location.search).toContain('%24k=');

    act(() => seen.grid!.changeDraft({}, 'pear'));
    act(() => seen.grid!.search());
    await settle();
    expect(lists.map((p) => p.q)).toEqual(['apple', 'pear']);
  });

  it('runs the query of a shared link at load and opens its row again', async () => {
    const { seen, lists } = mount(`${PATH}?%24start=1&%24row=2`);
    await settle();
    expect(lists).toHaveLength(1);
    expect(seen.grid!.openOid).toBe(2);
  });

  it('opens a row with Enter, its editor with F2 on a field, and asks before a search throws its edits away', async () => {
    const { seen, lists } = mount();
    act(() => seen.grid!.search());
    await settle();
    act(() => seen.grid!.rowKey(rows[0]!, 'F2', 'Name'));
    expect(seen.grid!.openOid).toBe(1);
    expect(seen.grid!.details).toMatchObject({ mode: 'edit', focusRequest: { field: 'Name' } });

    act(() => seen.grid!.details.onSessionChange(storedSession(rows[0]!)));
    act(() => seen.grid!.search());
    await settle();
    expect(seen.grid!.guard.asking).toBe(false); // nothing unsaved: it ran
    expect(lists).toHaveLength(2);

    act(() => seen.grid!.rowKey(rows[0]!, 'Enter', 'Name'));
    act(() => seen.grid!.details.onSessionChange({ ...storedSession(rows[0]!), value: { ...rows[0]!, Name: 'edited' } }));
    act(() => seen.grid!.search());
    await settle();
    expect(seen.grid!.guard.asking).toBe(true);
    expect(lists).toHaveLength(2); // held back

    act(() => seen.grid!.guard.keep());
    expect(seen.grid!.openOid).toBe(1);
    act(() => seen.grid!.details.onClose());
    expect(seen.grid!.guard.asking).toBe(true);
    act(() => seen.grid!.guard.discard());
    expect(seen.grid!.openOid).toBeUndefined();
    expect(seen.grid!.details.session).toBeUndefined();
  });

  it('starts a new record from the server’s empty one and holds navigation back while it has edits', async () => {
    const { seen, router, api } = mount();
    await act(() => seen.grid!.startNew());
    expect(api.empty).toHaveBeenCalledTimes(1);
    expect(seen.grid!.creating?.session.isNew).toBe(true);

    act(() => seen.grid!.creating!.change({ ...seen.grid!.creating!.session, value: { Oid: null, Name: 'Fresh', ETag: null } }));
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe(PATH);
    expect(seen.grid!.guard.asking).toBe(true);
    await act(async () => seen.grid!.guard.discard());
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('puts a saved new record first and asks to delete with the record’s title', async () => {
    const { seen } = mount();
    act(() => seen.grid!.search());
    await settle();
    act(() => seen.grid!.details.onSaved({ Oid: 3, Name: 'C', ETag: 'c1' }, true));
    expect(seen.grid!.rows.map((r) => r.Name)).toEqual(['C', 'A', 'B']);

    act(() => seen.grid!.rowKey(rows[1]!, 'Enter', undefined));
    act(() => seen.grid!.details.onDelete(rows[1]!, 'b1'));
    expect(seen.grid!.deleting).toMatchObject({ title: 'B', etag: 'b1' });
    act(() => seen.grid!.deleting!.deleted());
    expect(seen.grid!.deleting).toBeUndefined();
    expect(seen.grid!.openOid).toBeUndefined();
  });
});
