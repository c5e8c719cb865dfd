import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTestApp, type DataTestApp } from '../data/data-test-app';
import { insertStored } from '../data/data-store';
import type { RequestContext } from '../lib/request-context';
import { JobRunner } from '../jobs/job-runner';
import { JobRegistry, type JobDefinition } from '../jobs/job-definition';
import { pruneAudit } from './audit-store';

/** Callers by header: `x-test-user` (name; its oid is its place in USERS + 1), `x-test-tenant`, `x-test-rights` (comma list of actions). */
const USERS = ['ada', 'bob', 'cyd'];
let t: DataTestApp;
beforeAll(async () => {
  t = await createDataTestApp(undefined, {
    resolveContext: async (request): Promise<RequestContext> => {
      const name = String(request.headers['x-test-user'] ?? 'ada');
      const tenantOid = Number(request.headers['x-test-tenant'] ?? 1);
      const rights = request.headers['x-test-rights'];
      return {
        userOid: USERS.indexOf(name) + 1,
        username: name,
        tenantOids: [tenantOid],
        tenantOid,
        locationOid: undefined,
        terminalOid: undefined,
        can: (_path, action) => rights === undefined || String(rights).split(',').includes(action),
      };
    },
  });
  // Building the data app on its own database took past the 60 s hook default on a loaded 2-core machine.
}, 180_000);
afterAll(async () => t.close());

const P = '/api/data/shop/product';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
const json = (r: { body: string }) => JSON.parse(r.body) as Record<string, any>;
const as = (user: string, tenant = 1, rights?: string) => ({ 'x-test-user': user, 'x-test-tenant': String(tenant), ...(rights ? { 'x-test-rights': rights } : {}) });
let seq = 0;

async function create(headers = as('ada'), fields: Record<string, unknown> = {}) {
  const r = await t.app.inject({ method: 'POST', url: P, headers, payload: { Code: `H${++seq}`, Name: `Product ${seq}`, Price: 5, ...fields } });
  expect(r.statusCode, r.body).toBe(201);
  return json(r);
}
async function history(oid: number, headers: Record<string, string> = as('ada')) {
  const r = await t.app.inject({ url: `${P}/${oid}/history`, headers });
  expect(r.statusCode, r.body).toBe(200);
  return json(r).items as { id: number; operation: string; actor: { type: string; id: number | null; name: string }; source: string | null; changes: { field: string; old: unknown; new: unknown }[] }[];
}
const changed = (entry: { changes: { field: string; old: unknown; new: unknown }[] }) => Object.fromEntries(entry.changes.map((c) => [c.field, [c.old, c.new]]));

describe('history of every kind of write', () => {
  it('records a create with the whole record, who and through what', async () => {
    const c = await create(as('bob'));
    const [entry, ...rest] = await history(c.Oid);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ operation: 'create', actor: { type: 'user', id: 2, name: 'bob' }, source: 'api', recordOid: c.Oid, kind: 'shop/product' });
    expect(changed(entry!)).toMatchObject({ Code: [null, c.Code], Name: [null, c.Name], Price: [null, 5], Disabled: [null, false] });
  });

  it('records an update (PUT) with only the changed fields, old and new', async () => {
    const c = await create();
    const r = await t.app.inject({ method: 'PUT', url: `${P}/${c.Oid}`, headers: { ...as('bob'), 'if-match': c.ETag }, payload: { Code: c.Code, Name: 'Renamed', Price: 5 } });
    expect(r.statusCode, r.body).toBe(200);
    const [latest] = await history(c.Oid);
    // The one-statement PUT (direct-update.ts) names its actor in the statement: id and source too.
    expect(latest).toMatchObject({ operation: 'update', actor: { type: 'user', id: 2, name: 'bob' }, source: 'api' });
    expect(changed(latest!)).toEqual({ Name: [c.Name, 'Renamed'] });
  });

  it('records a patch', async () => {
    const c = await create();
    const r = await t.app.inject({ method: 'PATCH', url: `${P}/${c.Oid}`, headers: { ...as('cyd'), 'if-match': c.ETag, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ Price: 7.25, Tags: ['x'] }) });
    expect(r.statusCode, r.body).toBe(200);
    const [latest] = await history(c.Oid);
    // A patch is a read and one UPDATE without a transaction; the UPDATE names its actor itself.
    expect(latest).toMatchObject({ operation: 'update', actor: { type: 'user', id: 3, name: 'cyd' }, source: 'api' });
    expect(changed(latest!)).toEqual({ Price: [5, 7.25], Tags: [null, ['x']] });
  });

  it('records a delete with the record as it was, and keeps the history readable after it', async () => {
    const c = await create();
    const r = await t.app.inject({ method: 'DELETE', url: `${P}/${c.Oid}`, headers: { ...as('bob'), 'if-match': c.ETag } });
    expect(r.statusCode, r.body).toBe(204);
    const [latest] = await history(c.Oid);
    expect(latest).toMatchObject({ operation: 'delete', actor: { type: 'user', id: 2, name: 'bob' }, source: 'api' });
    expect(changed(latest!)).toMatchObject({ Code: [c.Code, null], Name: [c.Name, null] });
  });

  it('records a bulk delete as the caller', async () => {
    const c = await create();
    const r = await t.app.inject({ method: 'POST', url: `${P}/bulk-delete`, headers: as('cyd'), payload: { items: [{ oid: c.Oid, etag: c.ETag }] } });
    expect(r.statusCode, r.body).toBe(200);
    expect((await history(c.Oid))[0]).toMatchObject({ operation: 'delete', actor: { name: 'cyd', id: 3 } });
  });

  it('records each record of an import as a create through the import', async () => {
    const r = await t.app.inject({ method: 'POST', url: `${P}/import`, headers: as('bob'), payload: { records: [{ Code: 'IMP1', Name: 'One' }, { Code: 'IMP2', Name: 'Two' }] } });
    expect(r.statusCode, r.body).toBe(200);
    for (const oid of json(r).oids as number[]) {
      const [entry] = await history(oid);
      expect(entry).toMatchObject({ operation: 'create', source: 'import', actor: { type: 'user', id: 2, name: 'bob' } });
    }
  });

  it("records a job's write as its starter's, through the job", async () => {
    const kind = t.catalogue.find('shop', 'product')!;
    const writer: JobDefinition<unknown> = {
      name: 'write-a-product',
      category: 'Test',
      description: 'Writes one product.',
      countUnit: 'rows',
      scope: 'tenant',
      parameterSchema: {},
      parseParameters: () => ({}),
      // A lone statement and a transaction: both are recorded with the job's actor.
      async run({ db }) {
        await db.query(`insert into e_shop_product ("TenantOid", "Code", "Name", modified_by) values (1, 'JOB1', 'By a job', 'nobody')`);
        await db.transaction((tx) => insertStored(tx, kind, { ...kind.compiled.emptyRecord, Code: 'JOB2', Name: 'Also by a job' }, 1, 'nobody'));
      },
    };
    const runner = new JobRunner({ db: t.data.db, registry: new JobRegistry([writer as JobDefinition<never>]), instanceId: 'audit-test', describeTenant: async (_db, oid) => ({ oid, id: `T${oid}`, countryCode: 'DE' }) });
    await runner.start({ timers: false });
    try {
      await runner.enqueue({ name: 'write-a-product', tenantOid: 1, parameters: {}, manual: true, startedBy: 2, startedByName: 'bob' });
      await runner.tick();
      let rows: { actor_type: string; actor_id: string | number | null; actor_name: string; source: string }[] = [];
      for (let i = 0; i < 100 && rows.length < 2; i++) {
        rows = (await t.data.db.query<(typeof rows)[number]>(`select actor_type, actor_id, actor_name, source from mate_audit where kind = 'shop/product' and changes ->> 'Code' in ('JOB1', 'JOB2')`)).rows;
        if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(rows.map((row) => ({ ...row, actor_id: Number(row.actor_id) }))).toEqual([
        { actor_type: 'job', actor_id: 2, actor_name: 'bob', source: 'job:write-a-product' },
        { actor_type: 'job', actor_id: 2, actor_name: 'bob', source: 'job:write-a-product' },
      ]);
    } finally {
      await runner.halt();
    }
  });

  it('records a write outside the service (no actor named) under the modified_by it wrote', async () => {
    const kind = t.catalogue.find('shop', 'product')!;
    const stored = await insertStored(t.data.db, kind, { ...kind.compiled.emptyRecord, Code: 'LONE', Name: 'Lone' }, 1, 'someone');
    const [entry] = await history(Number(stored.record.Oid));
    expect(entry).toMatchObject({ operation: 'create', actor: { type: 'user', id: null, name: 'someone' }, source: null });
  });
});

describe('restore', () => {
  async function edited() {
    const c = await create(as('ada'), { Name: 'First', Price: 1 });
    const r = await t.app.inject({ method: 'PATCH', url: `${P}/${c.Oid}`, headers: { ...as('bob'), 'if-match': c.ETag }, payload: { Name: 'Second', Price: 2 } });
    expect(r.statusCode, r.body).toBe(200);
    return { oid: c.Oid as number, etag: json(r).ETag as string, versions: await history(c.Oid) };
  }

  it('restores one field from the old value of an update; the restore is recorded as one', async () => {
    const { oid, etag, versions } = await edited();
    const r = await t.app.inject({ method: 'POST', url: `${P}/${oid}/restore`, headers: { ...as('cyd'), 'if-match': etag }, payload: { version: versions[0]!.id, side: 'before', fields: ['Name'] } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ Name: 'First', Price: 2 });
    const [latest] = await history(oid);
    expect(latest).toMatchObject({ operation: 'update', source: 'restore', actor: { name: 'cyd' } });
    expect(changed(latest!)).toEqual({ Name: ['Second', 'First'] });
  });

  it('restores the whole record as it was after a version', async () => {
    const { oid, etag, versions } = await edited();
    const create = versions.find((v) => v.operation === 'create')!;
    const r = await t.app.inject({ method: 'POST', url: `${P}/${oid}/restore`, headers: { ...as('ada'), 'if-match': etag }, payload: { version: create.id } });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r)).toMatchObject({ Name: 'First', Price: 1 });
    expect((await t.app.inject({ url: `${P}/${oid}`, headers: as('ada') })).json()).toMatchObject({ Name: 'First', Price: 1 });
  });

  it('refuses without the Update right, on a stale version, for a foreign version and for nothing before a create', async () => {
    const { oid, etag, versions } = await edited();
    const other = await create();
    const [otherCreate] = await history(other.Oid);
    const restore = (payload: unknown, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `${P}/${oid}/restore`, headers, payload: payload as Record<string, unknown> });
    const readOnly = await restore({ version: versions[0]!.id, side: 'before' }, { ...as('bob', 1, 'Read'), 'if-match': etag });
    expect(readOnly.statusCode).toBe(403);
    expect((await restore({ version: versions[0]!.id, side: 'before' }, { ...as('bob'), 'if-match': `"${oid}-1"` })).statusCode).toBe(409);
    expect((await restore({ version: otherCreate!.id }, { ...as('bob'), 'if-match': etag })).statusCode).toBe(404);
    const created = versions.find((v) => v.operation === 'create')!;
    expect((await restore({ version: created.id, side: 'before' }, { ...as('bob'), 'if-match': etag })).statusCode).toBe(400);
    expect((await restore({ version: created.id, fields: ['Nope'] }, { ...as('bob'), 'if-match': etag })).statusCode).toBe(400);
    expect((await restore({ version: 'x' }, { ...as('bob'), 'if-match': etag })).statusCode).toBe(400);
    // Nothing of the refused ones was written.
    expect((await t.app.inject({ url: `${P}/${oid}`, headers: as('ada') })).json()).toMatchObject({ Name: 'Second', ETag: etag });
  });

  it('validates a restore as any update: a value no longer allowed is refused', async () => {
    const c = await create(as('ada'), { Code: 'DUP-A' });
    const r1 = await t.app.inject({ method: 'PATCH', url: `${P}/${c.Oid}`, headers: { ...as('ada'), 'if-match': c.ETag }, payload: { Code: 'DUP-B' } });
    await create(as('ada'), { Code: 'DUP-A' });
    const [latest] = await history(c.Oid);
    const r = await t.app.inject({ method: 'POST', url: `${P}/${c.Oid}/restore`, headers: { ...as('ada'), 'if-match': json(r1).ETag }, payload: { version: latest!.id, side: 'before' } });
    expect(r.statusCode, r.body).toBe(409);
  });
});

describe('who sees which history', () => {
  it('matrix: a user of tenant A never sees the history or activity of tenant B, nor any without Read', async () => {
    const inA = await create(as('ada', 1));
    const inB = await create(as('bob', 2));
    const cases: { who: Record<string, string>; record: number; sees: boolean }[] = [
      { who: as('ada', 1), record: inA.Oid, sees: true },
      { who: as('ada', 1), record: inB.Oid, sees: false },
      { who: as('bob', 2), record: inB.Oid, sees: true },
      { who: as('bob', 2), record: inA.Oid, sees: false },
    ];
    for (const { who, record, sees } of cases) {
      expect((await history(record, who)).length > 0, `${who['x-test-user']} on ${record}`).toBe(sees);
      const activity = json(await t.app.inject({ url: '/api/audit/activity?take=200', headers: who })).items as { recordOid: number }[];
      expect(activity.some((e) => e.recordOid === record), `activity of ${who['x-test-user']}`).toBe(sees);
    }
    for (const url of [`${P}/${inA.Oid}/history`, '/api/audit/activity?kind=shop/product']) {
      expect((await t.app.inject({ url, headers: as('ada', 1, 'Create,Update') })).statusCode, url).toBe(403);
    }
    // Without Read on any kind, the activity is empty rather than refused.
    expect(json(await t.app.inject({ url: '/api/audit/activity', headers: as('ada', 1, 'Create') })).items).toEqual([]);
    expect((await t.app.inject({ url: `${P}/${inA.Oid}/history?tenantOid=2`, headers: as('ada', 1) })).statusCode).toBe(403);
  });

  it('activity filters by user, kind and time, and pages', async () => {
    await create(as('cyd', 3));
    await create(as('cyd', 3));
    await create(as('bob', 3));
    const get = async (query: string) => {
      const r = await t.app.inject({ url: `/api/audit/activity?${query}`, headers: as('ada', 3) });
      expect(r.statusCode, r.body).toBe(200);
      return json(r);
    };
    expect((await get('user=cyd')).items.map((e: { actor: { name: string } }) => e.actor.name)).toEqual(['cyd', 'cyd']);
    expect((await get('kind=shop/product')).items).toHaveLength(3);
    expect((await get('kind=shop/category')).items).toHaveLength(0);
    expect((await get(`from=${new Date(Date.now() + 60_000).toISOString()}`)).items).toHaveLength(0);
    expect((await get(`to=${new Date(Date.now() + 60_000).toISOString()}`)).items).toHaveLength(3);
    const first = await get('take=2');
    expect(first.items).toHaveLength(2);
    const second = await get(`take=2&before=${first.next}`);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeUndefined();
    for (const bad of ['kind=nope/none', 'take=0', 'from=yesterday', 'user=', `from=${new Date().toISOString()}&to=2000-01-01T00:00:00Z`, 'extra=1']) {
      const r = await t.app.inject({ url: `/api/audit/activity?${bad}`, headers: as('ada', 3) });
      expect(r.statusCode, bad).toBe(400);
      expect(json(r).message, bad).toBeTruthy();
    }
  });
});

describe('retention', () => {
  it('prunes entries older than the retention in batches and keeps newer ones', async () => {
    const old = await create(as('ada', 4));
    const fresh = await create(as('ada', 4));
    await t.data.db.query(`update mate_audit set at = now() - interval '200 days' where record_oid = $1 and kind = 'shop/product'`, [old.Oid]);
    await t.data.db.query(`update mate_audit set at = now() - interval '100 days' where record_oid = $1 and kind = 'shop/product'`, [fresh.Oid]);
    const deleted = await pruneAudit(t.data.db, 180, new Date(), 1);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await history(old.Oid, as('ada', 4))).toEqual([]);
    expect(await history(fresh.Oid, as('ada', 4))).toHaveLength(1);
  });
});
