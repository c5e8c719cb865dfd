// @vitest-environment happy-dom
import { act, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityFormHandle } from '../../../renderers';
import { render, type Rendered } from '../../../renderers/test-support/render';
import type { CompiledEntity } from '../../../schemas';
import { createDataApi, type DataRecord } from './data-api';
import { storedSession, type EditorSession } from './editor-session';
import { useRecordEditorController, type RecordEditorController } from './use-record-editor-controller';

let mounted: Rendered | undefined;
afterEach(() => {
  mounted?.unmount();
  vi.unstubAllGlobals();
});

const KIND = 'shop/thing';
// As far as the controller reads it: the layout's first field (F2 on '#') and the fields' labels.
const compiled = { layout: { tabs: [] }, meta: { fields: [] }, locale: 'en' } as unknown as CompiledEntity;

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The data service's answers by method; every request the editor makes is recorded. */
function server(answers: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { method: init.method ?? 'GET', url, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answers[call.method]!(call);
    }),
  );
  return calls;
}

const json = (status: number, body: unknown, etag?: string) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) } });

/** An editor driven without its view: the owner's session state, a form handle that answers as told. */
function mount(initial: EditorSession, { valid = true, keepOpenOnUpdate = false } = {}) {
  const seen: { editor?: RecordEditorController; session?: EditorSession } = {};
  const saved: { record: DataRecord; created: boolean }[] = [];
  const onClose = vi.fn();
  const handle = { validate: () => (valid ? { valid: true, errors: [] } : { valid: false, errors: [{ path: 'Name', message: 'required' }] }), focus: vi.fn() } as unknown as EntityFormHandle;
  function Owner() {
    const [session, setSession] = useState(initial);
    const form = useRef<EntityFormHandle>(handle);
    seen.session = session;
    seen.editor = useRecordEditorController({ compiled, api: createDataApi(KIND), session, onSessionChange: setSession, keepOpenOnUpdate, onSaved: (record, created) => saved.push({ record, created }), onClose, form });
    return null;
  }
  mounted = render(<Owner />);
  return { seen, saved, onClose };
}

const stored = { Oid: 7, Name: 'Old', ETag: 'v1' };

describe('useRecordEditorController', () => {
  it('tracks edits as dirty and saves them with If-Match, then stores what the server answered', async () => {
    const calls = server({ PUT: (call) => json(200, { ...(call.body as DataRecord), ETag: 'v2' }, '"v2"') });
    const { seen, saved } = mount(storedSession(stored));
    expect(seen.editor!.dirty).toBe(false);
    expect(seen.editor!.closeKind).toBe('close');
    act(() => seen.editor!.change({ ...stored, Name: 'New' }));
    expect(seen.editor!.dirty).toBe(true);
    expect(seen.editor!.closeKind).toBe('cancel');

    await act(() => seen.editor!.save());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('PUT');
    expect(calls[0]!.url).toBe('/api/data/shop/thing/7');
    expect(calls[0]!.headers['If-Match']).toBe('"v1"');
    expect(calls[0]!.body).toMatchObject({ Name: 'New' });
    expect(saved).toEqual([{ record: { Oid: 7, Name: 'New', ETag: 'v2' }, created: false }]);
    expect(seen.editor!.dirty).toBe(false);
    expect(seen.session!.etag).toBe('"v2"');
    expect(seen.editor!.closing).toBe(true);
  });

  it('surfaces a 409 as a conflict: taking the other version replaces the edits', async () => {
    const theirs = { Oid: 7, Name: 'Theirs', ETag: 'v3' };
    server({ PUT: () => json(409, { message: 'changed', current: theirs, modified: null }) });
    const { seen, saved } = mount(storedSession(stored));
    act(() => seen.editor!.change({ ...stored, Name: 'Mine' }));
    await act(() => seen.editor!.save());
    expect(seen.editor!.conflict).toEqual({ theirs, modified: null });
    expect(saved).toEqual([]);
    expect(seen.editor!.closing).toBe(false);

    act(() => seen.editor!.takeOther());
    expect(seen.editor!.conflict).toBeNull();
    expect(seen.session!.value).toEqual(theirs);
    expect(seen.editor!.dirty).toBe(false);
  });

  it('keeps mine after a conflict: reads the latest version tag and saves the same values over it', async () => {
    let puts = 0;
    const calls = server({
      PUT: (call) => (++puts === 1 ? json(409, { message: 'changed', current: { Oid: 7, Name: 'Theirs', ETag: 'v3' } }) : json(200, { ...(call.body as DataRecord), ETag: 'v4' }, '"v4"')),
      GET: () => json(200, { Oid: 7, Name: 'Theirs', ETag: 'v3' }, '"v3"'),
    });
    const { seen, saved } = mount(storedSession(stored), { keepOpenOnUpdate: true });
    act(() => seen.editor!.change({ ...stored, Name: 'Mine' }));
    await act(() => seen.editor!.save());
    await act(() => seen.editor!.keepMine());
    expect(calls.map((c) => `${c.method} ${c.headers['If-Match'] ?? ''}`)).toEqual(['PUT "v1"', 'GET ', 'PUT "v3"']);
    expect(calls[2]!.body).toMatchObject({ Name: 'Mine' });
    expect(saved.map((s) => s.record.Name)).toEqual(['Mine']);
    expect(seen.editor!.closing).toBe(false); // kept open
  });

  it('sends nothing while the form is invalid', async () => {
    const calls = server({});
    const { seen } = mount(storedSession(stored), { valid: false });
    act(() => seen.editor!.change({ ...stored, Name: '' }));
    await act(() => expect(seen.editor!.save()).rejects.toThrow('invalid'));
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of a field until the user edits that field", async () => {
    server({ PUT: () => json(400, { message: 'invalid', errors: { Name: ['too long'], '(record)': ['not allowed today'] } }) });
    const { seen } = mount(storedSession(stored));
    act(() => seen.editor!.change({ ...stored, Name: 'Long' }));
    await act(() => expect(seen.editor!.save()).rejects.toThrow());
    expect(seen.editor!.refused.fields).toEqual(['Name']);
    expect(seen.editor!.refused.errors).toMatchObject({ Name: ['too long'] });
    expect(seen.editor!.refused.recordWide).toEqual(['not allowed today']);
    act(() => seen.editor!.change({ ...stored, Name: 'Short' }));
    expect(seen.editor!.refused.fields).toEqual([]);
  });

  it('offers the history of a stored record only, and takes a restored version as stored', () => {
    server({});
    const { seen } = mount(storedSession(stored));
    expect(seen.editor!.history).toMatchObject({ available: true, shown: false });
    act(() => seen.editor!.history.toggle());
    expect(seen.editor!.history.shown).toBe(true);
    act(() => seen.editor!.history.restored({ Oid: 7, Name: 'Before', ETag: 'v9' }, 'v9'));
    expect(seen.session).toMatchObject({ value: { Name: 'Before' }, etag: 'v9' });
    expect(seen.editor!.dirty).toBe(false);
  });
});
