import { apiCall, apiGet } from '../../lib/api/api-client';
import { ApiRequestError } from '../../lib/api/api-error';
import { trackOwnDelete, trackOwnSave } from './own-writes';

/** A record as the data service answers it (Pascal-case profile). */
export type DataRecord = Record<string, unknown>;

/** One page of a list. */
export interface ListPage {
  items: DataRecord[];
  skip: number;
  take: number;
  hasMore: boolean;
  next?: string;
  /** With `count: 'true'`: the rows the list matches, exact up to the server's limit. */
  count?: ListCount;
}

/** How many rows a list matches: `exact` false means more than `total`. */
export interface ListCount {
  total: number;
  exact: boolean;
}

/** The list parameters of docs/data-api.md. */
export interface ListParams {
  take: number;
  orderBy?: string;
  filter?: string;
  /** JSON object of String field to the text it must contain (case-insensitive). */
  contains?: string;
  q?: string;
  cursor?: string;
  /** 'true': count the matching rows too (docs/data-api.md). */
  count?: 'true';
}

/** What an import wrote and, with validOnly, which sent records (1-based) it left out and why (`<row>.<Field>`). */
export interface ImportResult {
  imported: number;
  skipped: number[];
  errors: Record<string, string[]>;
}

/** A detail view page (`GET .../{id}/details/{detailId}`). */
export interface DetailPage extends ListPage {
  id: string;
  entity: string;
  columns: string[];
}

/** What a save ended with: written, unchanged (304), or a conflict with the server's version (409). */
export type SaveResult =
  | { kind: 'saved'; record: DataRecord; etag: string }
  | { kind: 'unchanged' }
  | { kind: 'conflict'; current: DataRecord | null; modified: LastChange | null };

/** Who changed a record last and when, as a 409 tells it. */
export interface LastChange {
  by: string | null;
  at: string;
}

/** The base path of a kind, `<area>/<entity>` lowercased as the service expects. */
export function dataBase(kind: string): string {
  return `/api/data/${kind.toLowerCase()}`;
}

const etagOf = (headers: Headers, record: DataRecord | undefined): string => headers.get('etag') ?? (typeof record?.ETag === 'string' ? record.ETag : '');
const quoted = (etag: string) => (etag.startsWith('"') || etag.startsWith('W/') ? etag : `"${etag}"`);

/** The data service of one kind: every call goes through the app's one fetch layer. */
export function createDataApi(kind: string) {
  const base = dataBase(kind);
  return {
    kind,
    base,
    empty: () => apiGet<DataRecord>(`${base}/empty`),
    list: (params: ListParams, signal?: AbortSignal) =>
      apiCall<ListPage>(base, { query: { ...params }, signal }).then((r) => r.data),
    /** A list page with its tag; with the `etag` of the same page before, a 304 answers `null` (nothing changed). */
    async listIfChanged(params: ListParams, etag?: string): Promise<{ page: ListPage; etag: string | undefined } | null> {
      const response = await apiCall<ListPage>(base, { query: { ...params }, headers: etag ? { 'If-None-Match': etag } : undefined, accept: [304] });
      if (response.status === 304) return null;
      return { page: response.data, etag: response.headers.get('etag') ?? undefined };
    },
    /** Reads a record; with `etag` a 304 answers `null` (the caller keeps what it has). */
    async read(oid: unknown, etag?: string): Promise<{ record: DataRecord; etag: string } | null> {
      const response = await apiCall<DataRecord>(`${base}/${String(oid)}`, { headers: etag ? { 'If-None-Match': quoted(etag) } : undefined, accept: [304] });
      if (response.status === 304) return null;
      return { record: response.data, etag: etagOf(response.headers, response.data) };
    },
    /** Creates without a key (POST), else replaces with If-Match (PUT). */
    async save(record: DataRecord, etag: string | undefined): Promise<SaveResult> {
      const oid = record.Oid;
      try {
        // Tracked, so that the hub's message about this very save is not shown as a change made elsewhere.
        const response = await trackOwnSave(
          kind,
          oid,
          () =>
            oid === null || oid === undefined
              ? apiCall<DataRecord>(base, { method: 'POST', body: withoutKey(record) })
              : apiCall<DataRecord>(`${base}/${String(oid)}`, { method: 'PUT', body: record, headers: { 'If-Match': quoted(etag ?? String(record.ETag ?? '')) }, accept: [304] }),
          (answer) => (answer.status === 304 ? undefined : { oid: answer.data.Oid, etag: etagOf(answer.headers, answer.data) }),
        );
        if (response.status === 304) return { kind: 'unchanged' };
        return { kind: 'saved', record: response.data, etag: etagOf(response.headers, response.data) };
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409 && 'current' in error.body) return { kind: 'conflict', current: (error.body.current as DataRecord | null) ?? null, modified: (error.body.modified as LastChange | null | undefined) ?? null };
        throw error;
      }
    },
    // Tracked, so that the hub's message about this very delete is not shown as a delete made elsewhere.
    remove: (oid: unknown, etag: string) => trackOwnDelete(kind, oid, () => apiCall<void>(`${base}/${String(oid)}`, { method: 'DELETE', headers: { 'If-Match': quoted(etag) } })),
    details: (oid: unknown, detailId: string, take = 50) => apiGet<DetailPage>(`${base}/${String(oid)}/details/${encodeURIComponent(detailId)}`, { take }),
    importRecords: (records: DataRecord[], options: { validOnly?: boolean } = {}) =>
      apiCall<ImportResult>(`${base}/import${options.validOnly ? '?validOnly=true' : ''}`, { method: 'POST', body: { records } }).then((r) => r.data),
  };
}

/** The data service of one kind. */
export type DataApi = ReturnType<typeof createDataApi>;

/** A record without its key and version: what a create or a duplicate sends. */
export function withoutKey(record: DataRecord): DataRecord {
  const { Oid: _oid, ETag: _etag, ...rest } = record;
  return rest;
}
