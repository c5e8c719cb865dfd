import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDataTestApp, TEST_FIXTURES_DIR, type DataTestApp } from './data-test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
export type LooseAnswer = Record<string, any>;

/** An answer's JSON body. */
export const json = (r: { body: string }) => JSON.parse(r.body) as LooseAnswer;

/** One entry of a record's history as the tests read it. */
export interface HistoryEntry {
  id: number;
  changes: { field: string; old: unknown; new: unknown }[];
}

/** A kind with decimal-string fields (wide integers or exact decimals) served by a test app, and the calls its tests make. */
export interface DecimalStringKind {
  /** The app; there once the file's `beforeAll` has run. */
  readonly t: DataTestApp;
  /** A request to the app. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a record named `<noun> <n>` unless `fields` names it; expects 201 and answers the record. */
  create(fields: Record<string, unknown>): Promise<LooseAnswer>;
  /** The items of a list request; expects 200. */
  list(query: Record<string, string>): Promise<Record<string, unknown>[]>;
  /** The names of the rows a filter finds, in Oid order, only those named `F-...`: the rows a filter test creates. */
  filtered(condition: unknown): Promise<unknown[]>;
  /** Creates a record with one field's value that is refused; expects 400 and answers the field's messages as one text. */
  refusal(field: string, value: unknown): Promise<string>;
  /** A record's history, newest first; expects 200. */
  history(oid: unknown): Promise<HistoryEntry[]>;
}

/**
 * A kind from `fixturesDir` (besides the data service's own test documents) at `path` (`/api/data/area/entity`),
 * on a fresh app for the calling test file: the app is made in its `beforeAll` and closed in its `afterAll`.
 * The wide-integer and exact-decimal route tests share it.
 */
export function useDecimalStringKind(fixturesDir: string, path: string, noun: string): DecimalStringKind {
  let app: DataTestApp | undefined;
  beforeAll(async () => {
    app = await createDataTestApp([TEST_FIXTURES_DIR, fixturesDir], { serverUrl: process.env.DATABASE_URL });
  });
  afterAll(async () => app?.close());

  const t = () => {
    if (!app) throw new Error('useDecimalStringKind: the app is made in beforeAll');
    return app;
  };
  let seq = 0;
  const list = async (query: Record<string, string>) => {
    const r = await t().app.inject({ url: path, query });
    expect(r.statusCode, r.body).toBe(200);
    return json(r).items as Record<string, unknown>[];
  };
  return {
    get t() {
      return t();
    },
    async create(fields) {
      const r = await t().app.inject({ method: 'POST', url: path, payload: { Name: `${noun} ${++seq}`, ...fields } });
      expect(r.statusCode, r.body).toBe(201);
      return json(r);
    },
    inject: (options) => t().app.inject(options),
    list,
    async filtered(condition) {
      const items = await list({ filter: JSON.stringify(condition), orderBy: 'Oid' });
      return items.map((item) => item.Name).filter((name) => String(name).startsWith('F-'));
    },
    async refusal(field, value) {
      const r = await t().app.inject({ method: 'POST', url: path, payload: { Name: 'Bad', [field]: value } });
      expect(r.statusCode, `${field} ${String(value)}: ${r.body}`).toBe(400);
      return (json(r).errors[field] as string[]).join(' ');
    },
    async history(oid) {
      const r = await t().app.inject({ url: `${path}/${String(oid)}/history` });
      expect(r.statusCode, r.body).toBe(200);
      return json(r).items as HistoryEntry[];
    },
  };
}
