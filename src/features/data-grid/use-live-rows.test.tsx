// @vitest-environment happy-dom
import type { HubConnection } from '@microsoft/signalr';
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataEventMessage } from '../../../schemas/hub-messages';
import { render, type Rendered } from '../../../renderers/test-support/render';
import { HubSessionProvider } from '../../lib/hub/hub-provider';
import { HubSession } from '../../lib/hub/hub-session';
import type { DataApi, DataRecord } from './data-api';
import { storedSession, type EditorSession } from './editor-session';
import { trackOwnDelete, trackOwnSave } from './own-writes';
import { useChangedElsewhere } from './use-changed-elsewhere';
import { useLiveRows } from './use-live-rows';

const KIND = 'pos-operating/reservation-reject-reason';

/** A hub session over a stand-in connection whose messages the test sends. */
function hubWithMessages() {
  const handlers: Record<string, ((message: DataEventMessage) => void)[]> = {};
  const connection = {
    on: (target: string, handler: (message: DataEventMessage) => void) => (handlers[target] ??= []).push(handler),
    off: (target: string, handler: (message: DataEventMessage) => void) => (handlers[target] = (handlers[target] ?? []).filter((h) => h !== handler)),
    onreconnecting() {},
    onreconnected() {},
    onclose() {},
  } as unknown as HubConnection;
  const session = new HubSession({ url: '/api/hub/mate', getToken: () => 't', fetchBuildDate: async () => undefined, createConnection: () => connection });
  const send = async (target: 'DataServiceCreate' | 'DataServiceUpdate' | 'DataServiceDelete', oid: number, etag: string) => {
    const message: DataEventMessage = { kind: 'Pos-Operating/Reservation-Reject-Reason', area: 'pos-operating', entity: 'reservation-reject-reason', oid, etag, tenantOid: 1 };
    await act(async () => {
      for (const handler of [...(handlers[target] ?? [])]) handler(message);
      // The hooks read the record again before they update anything.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { session, send };
}

/** The data service as far as the hooks use it: the server's current records. */
function serverOf(records: Record<number, DataRecord>) {
  const reads: unknown[] = [];
  const api = {
    kind: KIND,
    read: async (oid: unknown) => {
      reads.push(oid);
      const record = records[Number(oid)];
      return record ? { record, etag: String(record.ETag) } : null;
    },
  } as unknown as DataApi;
  return { api, records, reads };
}

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

function mountGrid(api: DataApi, session: HubSession, initial: DataRecord[]) {
  const hook: { live?: ReturnType<typeof useLiveRows>; rows?: DataRecord[] } = {};
  function Grid() {
    const [rows, setRows] = useState(initial);
    hook.rows = rows;
    hook.live = useLiveRows(api, {
      rows,
      patchRow: (oid, record) => setRows((now) => now.map((row) => (row.Oid === oid ? record : row))),
      prependRow: (record) => setRows((now) => [record, ...now]),
    });
    return null;
  }
  mounted = render(
    <HubSessionProvider session={session}>
      <Grid />
    </HubSessionProvider>,
  );
  return hook;
}

describe('useLiveRows', () => {
  it('replaces and marks a row changed elsewhere, marks a deleted one without removing it, and counts new records', async () => {
    const server = serverOf({ 1: { Oid: 1, Text: 'A2', ETag: 'v2' }, 2: { Oid: 2, Text: 'B', ETag: 'v1' } });
    const hub = hubWithMessages();
    const grid = mountGrid(server.api, hub.session, [
      { Oid: 1, Text: 'A', ETag: 'v1' },
      { Oid: 2, Text: 'B', ETag: 'v1' },
    ]);
    await hub.send('DataServiceUpdate', 1, 'v2');
    await hub.send('DataServiceDelete', 2, 'v1');
    await hub.send('DataServiceCreate', 3, 'v1');
    expect(grid.rows!.map((row) => row.Text)).toEqual(['A2', 'B']);
    expect([1, 2].map((oid) => grid.live!.markOf(oid))).toEqual(['changed', 'deleted']);
    expect(grid.live!.changes.created).toEqual([3]);
  });

  it('shows the new records first on request, marked as new, and stops counting them', async () => {
    const server = serverOf({ 3: { Oid: 3, Text: 'C', ETag: 'v1' }, 4: { Oid: 4, Text: 'D', ETag: 'v1' } });
    const hub = hubWithMessages();
    const grid = mountGrid(server.api, hub.session, [{ Oid: 1, Text: 'A', ETag: 'v1' }]);
    await hub.send('DataServiceCreate', 3, 'v1');
    await hub.send('DataServiceCreate', 4, 'v1');
    await act(async () => void (await grid.live!.showNew()));
    expect(grid.rows!.map((row) => row.Oid)).toEqual([4, 3, 1]);
    expect(grid.live!.markOf(4)).toBe('new');
    expect(grid.live!.changes.created).toEqual([]);
  });

  it('does not mark this tab’s own save, even when its message comes before the answer', async () => {
    const server = serverOf({ 5: { Oid: 5, Text: 'Mine', ETag: 'v2' } });
    const hub = hubWithMessages();
    const grid = mountGrid(server.api, hub.session, [{ Oid: 5, Text: 'Old', ETag: 'v1' }]);
    let answer!: () => void;
    const saving = trackOwnSave(KIND, 5, () => new Promise<DataRecord>((resolve) => (answer = () => resolve({ Oid: 5, ETag: 'v2' }))), (record) => ({ oid: record.Oid, etag: record.ETag }));
    await hub.send('DataServiceUpdate', 5, 'v2');
    answer();
    await act(async () => void (await saving));
    expect(grid.live!.markOf(5)).toBeUndefined();
    expect(server.reads).toEqual([]);
  });

  it('takes no notice of this tab’s own delete, nor of a record it never loaded', async () => {
    const server = serverOf({});
    const hub = hubWithMessages();
    const grid = mountGrid(server.api, hub.session, [{ Oid: 6, Text: 'Mine', ETag: 'v1' }]);
    let answer!: () => void;
    const deleting = trackOwnDelete(KIND, 6, () => new Promise<void>((resolve) => (answer = resolve)));
    await hub.send('DataServiceDelete', 6, 'v1');
    await hub.send('DataServiceDelete', 99, 'v1');
    answer();
    await act(async () => void (await deleting));
    expect(grid.live!.markOf(6)).toBeUndefined();
    expect(grid.live!.changes.deleted.size).toBe(0);
  });
});

function mountEditor(api: DataApi, session: HubSession, initial: EditorSession) {
  const hook: { elsewhere?: ReturnType<typeof useChangedElsewhere>; session?: EditorSession; edit?: (value: DataRecord) => void } = {};
  function Editor() {
    const [current, setCurrent] = useState(initial);
    hook.session = current;
    hook.edit = (value) => setCurrent((now) => ({ ...now, value }));
    hook.elsewhere = useChangedElsewhere(api, current, setCurrent);
    return null;
  }
  mounted = render(
    <HubSessionProvider session={session}>
      <Editor />
    </HubSessionProvider>,
  );
  return hook;
}

describe('useChangedElsewhere', () => {
  it('lets an unedited editor follow the other version in place', async () => {
    const server = serverOf({ 7: { Oid: 7, Text: 'Theirs', ETag: 'v2' } });
    const hub = hubWithMessages();
    const editor = mountEditor(server.api, hub.session, storedSession({ Oid: 7, Text: 'Old', ETag: 'v1' }));
    await hub.send('DataServiceUpdate', 7, 'v2');
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
    expect(editor.session!.value.Text).toBe('Theirs');
    expect(editor.elsewhere!.state).toBeUndefined();
  });

  it('tells an editor with edits, which may keep editing until the next change, or load the other version', async () => {
    const server = serverOf({ 8: { Oid: 8, Text: 'Theirs', ETag: 'v2' } });
    const hub = hubWithMessages();
    const editor = mountEditor(server.api, hub.session, storedSession({ Oid: 8, Text: 'Old', ETag: 'v1' }));
    act(() => editor.edit!({ Oid: 8, Text: 'Mine', ETag: 'v1' }));
    await hub.send('DataServiceUpdate', 8, 'v2');
    expect(editor.elsewhere!.state).toBe('changed');
    expect(editor.session!.value.Text).toBe('Mine');
    act(() => editor.elsewhere!.keepEditing());
    expect(editor.elsewhere!.state).toBeUndefined();
    server.records[8] = { Oid: 8, Text: 'Theirs again', ETag: 'v3' };
    await hub.send('DataServiceUpdate', 8, 'v3');
    expect(editor.elsewhere!.state).toBe('changed');
    await act(async () => await editor.elsewhere!.loadOther());
    expect(editor.session!.value.Text).toBe('Theirs again');
    expect(editor.elsewhere!.state).toBeUndefined();
    await hub.send('DataServiceDelete', 8, 'v4');
    expect(editor.elsewhere!.state).toBe('deleted');
  });
});
