import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, basic, createIdentityTestDatabase } from './identity/identity-test-app';
import { encodeScopeValue } from './identity/scope-headers';
import { createRole, setPermission, setUserRoles } from './identity/user-admin';
import { NGINX_BINARY, startLoadBalancer, type LoadBalancer } from './test-support/nginx';
import { startServerProcess, type ServerProcess } from './test-support/server-process';
import type { TestDatabase } from './test-support/test-database';

// Several instances as one (docs/operations.md "Several instances"): two server processes on one PostgreSQL database
// behind nginx from Debian, round robin, no sticky sessions. PostgreSQL only: a PGlite folder belongs to one process.
const TENANT = 11;
const KIND = '/api/data/pos-supply/quantity-unit';
const PASSWORD = 'gina-password-1';
const onPostgres = process.env.DATABASE_URL !== undefined;
// A kind of the installation's own (MATE_METADATA_DIR), as the old release has it and as the new one adds a field to.
const NOTE = '/api/data/field-service/visit-note';
const label = (en: string) => ({ en });
const visitNote = (version: number, extraFields: object[] = []) => ({
  area: 'field-service',
  entity: 'visit-note',
  version,
  label: label('Visit note'),
  pluralLabel: label('Visit notes'),
  icon: 'ruler',
  navigation: '/data/pos-supply',
  scope: 'tenant',
  titleField: 'Name',
  fields: [
    { name: 'Code', type: 'String', required: true, unique: true, maxLength: 8, label: label('Code') },
    { name: 'Name', type: 'String', required: true, maxLength: 40, label: label('Name') },
    ...extraFields,
  ],
});
/** The field the new release adds. */
const REMARK = { name: 'Remark', type: 'String', maxLength: 80, label: label('Remark') };
/** Short leases, so that a job of a killed instance is taken over within seconds (docs/jobs.md "Take-over"). */
const LEASE_SECONDS = '3';

it.runIf(onPostgres && process.env.CI !== undefined && !NGINX_BINARY)('has nginx to test several instances with (.ci/run installs nginx-light)', () => {
  expect(NGINX_BINARY, 'nginx is needed on CI for the several-instances test').toBeDefined();
});

describe.runIf(onPostgres && NGINX_BINARY !== undefined)('two instances behind nginx', () => {
  let database: TestDatabase;
  let instances: ServerProcess[] = [];
  let balancer: LoadBalancer;
  const clients: HubConnection[] = [];
  // The metadata folders of the old and the new release, and the import folder all instances share.
  const folder = mkdtempSync(path.join(tmpdir(), 'mate-several-'));
  const oldMetadata = path.join(folder, 'metadata-old');
  const newMetadata = path.join(folder, 'metadata-new');
  const importDir = path.join(folder, 'imports');
  const instanceEnv = (metadataDir: string) => ({ MATE_METADATA_DIR: metadataDir, MATE_IMPORT_DIR: importDir, MATE_JOB_LEASE_SECONDS: LEASE_SECONDS });

  beforeAll(async () => {
    for (const [dir, document] of [[oldMetadata, visitNote(1)], [newMetadata, visitNote(2, [REMARK])]] as const) {
      mkdirSync(path.join(dir, 'field-service'), { recursive: true });
      writeFileSync(path.join(dir, 'field-service', 'visit-note.json'), JSON.stringify(document, null, 2));
    }
    mkdirSync(importDir);
    database = await createIdentityTestDatabase();
    const clerk = await createRole(database.db, 'Clerk');
    for (const action of ['Read', 'Create', 'Update', 'Delete'] as const) {
      await setPermission(database.db, { subject: { roleOid: clerk }, path: '/data', tenantOid: null, action, allowed: true });
    }
    for (const action of ['Read', 'Update'] as const) {
      await setPermission(database.db, { subject: { roleOid: clerk }, path: '/service/bridge', tenantOid: null, action, allowed: true });
    }
    const user = await addUser(database, 'gina', PASSWORD, [TENANT]);
    await setUserRoles(database.db, user, [{ roleOid: clerk, tenantOid: TENANT }]);
    // Both start at once on the same database, as a rolling deployment's do: the migrations lock keeps them apart.
    instances = await Promise.all([startServerProcess(database.url!, instanceEnv(oldMetadata)), startServerProcess(database.url!, instanceEnv(oldMetadata))]);
    balancer = await startLoadBalancer(instances.map((instance) => instance.port));
  }, 240_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.stop().catch(() => undefined)));
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  const signIn = async () => {
    const answer = await fetch(`${balancer.url}/api/v1-pub/auth/user/token.json`, { headers: { authorization: basic('gina', PASSWORD) } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-mate-tenant': encodeScopeValue(TENANT), 'content-type': 'application/json' });
  const upstreamOf = (answer: Response) => answer.headers.get('x-mate-upstream');
  /** Polls until `done` holds, with vitest's waitFor (a deadline, no fixed sleeps). */
  const until = (done: () => Promise<boolean>, what: string, timeout = 30_000) =>
    vi.waitFor(
      async () => {
        if (!(await done())) throw new Error(`not yet: ${what}`);
      },
      { timeout, interval: 100 },
    );
  const hubClient = (token: string, reconnect = false) => {
    const builder = new HubConnectionBuilder()
      .withUrl(`${balancer.url}/api/hub/mate`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None);
    const client = (reconnect ? builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 200 }) : builder).build();
    clients.push(client);
    return client;
  };
  const created = (client: HubConnection, oid: () => number | undefined, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no DataServiceCreate arrived')), timeoutMs);
      client.on('DataServiceCreate', (event: { oid: number }) => {
        if (event.oid !== oid()) return;
        clearTimeout(timer);
        resolve();
      });
    });

  it('signs in on one instance and is served by both, the token good on each', async () => {
    const token = await signIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${balancer.url}/api/user/profile`, { headers: headers(token) })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map(upstreamOf)).size).toBe(2);
    for (const instance of instances) expect((await fetch(`${instance.url}/api/user/profile`, { headers: headers(token) })).status).toBe(200);
  });

  it('hub clients behind the balancer hear a write whichever instance takes it, though negotiate and socket land apart', async () => {
    const token = await signIn();
    // Four clients: round robin sends the negotiate of each to one instance and its socket to the other.
    const listeners = Array.from({ length: 4 }, () => hubClient(token));
    await Promise.all(listeners.map((client) => client.start()));
    for (let round = 0; round < 2; round += 1) {
      // The event may come before the write's answer: the listeners read the oid when it comes.
      const written: { oid?: number } = {};
      const heard = listeners.map((client) => created(client, () => written.oid));
      const answer = await fetch(`${balancer.url}${KIND}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ Code: `R${round}`, Name: `Round ${round}` }) });
      expect(answer.status).toBe(201);
      written.oid = ((await answer.json()) as { Oid: number }).Oid;
      await Promise.all(heard);
    }
    await Promise.all(listeners.map((client) => client.stop()));
  });

  it('a sign-out through the balancer holds on every instance at once', async () => {
    const token = await signIn();
    const listener = hubClient(token);
    const closed = new Promise<void>((resolve) => listener.onclose(() => resolve()));
    await listener.start();
    expect((await fetch(`${balancer.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    for (const instance of instances) expect((await fetch(`${instance.url}/api/user/profile`, { headers: headers(token) })).status).toBe(401);
    await closed;
  });

  it('an instance killed under load loses no acknowledged write, and a hub client goes on with the other', async () => {
    const token = await signIn();
    const listener = hubClient(token, true);
    await listener.start();
    const acknowledged: number[] = [];
    let refused = 0;
    for (let n = 0; n < 40; n += 1) {
      if (n === 12) await instances[0]!.kill();
      // A write in flight on the instance that dies gets no answer it could take for success (nginx answers 502);
      // every 201 must be kept.
      const answer = await fetch(`${balancer.url}${KIND}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ Code: `K${n}`, Name: `Kill ${n}` }) }).catch(() => undefined);
      if (answer?.status === 201) acknowledged.push(((await answer.json()) as { Oid: number }).Oid);
      else refused += 1;
    }
    // The balancer stops sending to the dead instance: nearly every write is taken by the other.
    expect(acknowledged.length).toBeGreaterThanOrEqual(38);
    expect(refused).toBeLessThanOrEqual(2);
    for (const oid of acknowledged) {
      const answer = await fetch(`${instances[1]!.url}${KIND}/${oid}`, { headers: headers(token) });
      expect(answer.status, `written record ${oid}`).toBe(200);
    }
    // The client whose socket was on the dead instance reconnects to the other (or never lost it) and hears writes
    // again: a write made while it was still reconnecting is not replayed, so write until one is heard.
    let heard = false;
    for (let attempt = 0; attempt < 15 && !heard; attempt += 1) {
      const written: { oid?: number } = {};
      const arrival = created(listener, () => written.oid, 2_000).then(() => true, () => false);
      const answer = await fetch(`${balancer.url}${KIND}`, { method: 'POST', headers: headers(token), body: JSON.stringify({ Code: `A${attempt}`, Name: 'After the kill' }) });
      expect(answer.status).toBe(201);
      written.oid = ((await answer.json()) as { Oid: number }).Oid;
      heard = await arrival;
    }
    expect(heard, 'the hub client heard a write after the instance was killed').toBe(true);
  }, 120_000);

  it('a new release that adds a field starts beside an old instance, which goes on reading and writing the kind', async () => {
    const token = await signIn();
    const old = instances[1]!;
    const post = (base: string, body: object) => fetch(`${base}${NOTE}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
    const read = async (base: string, oid: number) => {
      const answer = await fetch(`${base}${NOTE}/${oid}`, { headers: headers(token) });
      expect(answer.status, `${NOTE}/${oid} on ${base}`).toBe(200);
      return { record: (await answer.json()) as Record<string, unknown>, etag: answer.headers.get('etag')! };
    };
    // The old instance writes on while the new one starts, syncs the catalogue and adds the column: its writes
    // wait for the column's lock at most, and none is refused.
    let starting = true;
    const writtenByOld: number[] = [];
    const refused: number[] = [];
    const writing = (async () => {
      for (let n = 0; starting || n < 3; n += 1) {
        const answer = await post(old.url, { Code: `O${n}`, Name: `Old ${n}` });
        if (answer.status === 201) writtenByOld.push(((await answer.json()) as { Oid: number }).Oid);
        else refused.push(answer.status);
      }
    })();
    // The new release takes the place of the instance killed above, on its address behind the balancer, as a rolling
    // deployment replaces one instance after the other.
    const upgraded = await startServerProcess(database.url!, { ...instanceEnv(newMetadata), PORT: String(instances[0]!.port) }).finally(() => (starting = false));
    instances[0] = upgraded;
    await writing;
    expect(refused).toEqual([]);
    expect(writtenByOld.length).toBeGreaterThanOrEqual(3);

    // The old instance writes on after the column was added.
    const after = await post(old.url, { Code: 'OLDAFTER', Name: 'Old after' });
    expect(after.status).toBe(201);
    writtenByOld.push(((await after.json()) as { Oid: number }).Oid);

    // The new instance writes and reads the new field; the old one's records read on it, the field empty.
    const answer = await post(upgraded.url, { Code: 'N1', Name: 'New 1', Remark: 'Gate code 4711' });
    expect(answer.status).toBe(201);
    const newOid = ((await answer.json()) as { Oid: number }).Oid;
    expect((await read(upgraded.url, newOid)).record).toMatchObject({ Code: 'N1', Remark: 'Gate code 4711' });
    for (const oid of writtenByOld) expect((await read(upgraded.url, oid)).record).toMatchObject({ Name: expect.stringMatching(/^Old /), Remark: null });

    // The old instance reads the new one's record without the field it does not know, lists, and updates it
    // without losing the field: it writes only the columns it knows.
    const seenByOld = await read(old.url, newOid);
    expect(seenByOld.record).toMatchObject({ Code: 'N1', Name: 'New 1' });
    expect(seenByOld.record).not.toHaveProperty('Remark');
    const list = await fetch(`${old.url}${NOTE}?skip=0&take=200`, { headers: headers(token) });
    expect(list.status).toBe(200);
    const updated = await fetch(`${old.url}${NOTE}/${newOid}`, { method: 'PUT', headers: { ...headers(token), 'if-match': seenByOld.etag }, body: JSON.stringify({ ...seenByOld.record, Name: 'Renamed by old' }) });
    expect(updated.status).toBe(200);
    expect((await read(upgraded.url, newOid)).record).toMatchObject({ Name: 'Renamed by old', Remark: 'Gate code 4711' });
    // A client that loaded the new form and lands on the old instance is refused, naming the field, rather than
    // answered 201 with its remark dropped.
    const unknown = await post(old.url, { Code: 'M1', Name: 'Mixed', Remark: 'lost?' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Remark');

    // Behind the balancer both versions answer (nginx tries the address again once its fail_timeout after the kill
    // is over); what both know is written and read whichever takes it.
    // nginx leaves the address alone for its fail_timeout (5 s) after the kill, however few writes that takes.
    const upstreams = new Set<string | null>();
    let n = 0;
    const writeThroughBalancer = async () => {
      n += 1;
      const written = await post(balancer.url, { Code: `B${n}`, Name: `Balanced ${n}` });
      expect(written.status).toBe(201);
      upstreams.add(upstreamOf(written));
      const oid = ((await written.json()) as { Oid: number }).Oid;
      for (const instance of instances) expect((await read(instance.url, oid)).record).toMatchObject({ Name: `Balanced ${n}` });
      return n >= 4 && upstreams.size === 2;
    };
    await until(writeThroughBalancer, 'both versions answer behind the balancer');
    expect(upstreams.size).toBe(2);
  }, 200_000);

  it('a job whose instance is killed is taken over by the other and completes once, its state readable through the balancer', async () => {
    const token = await signIn();
    writeFileSync(path.join(importDir, 'rates.csv'), 'foreignCurrency,exchangeRate\nUSD,1.0842\nCHF,0.9391\nGBP,0.8412\n');
    // The test holds the rates table, so a run of the import stops at its write, on whichever instance, until the
    // test lets go: the instance is killed in the middle of the job, not before or after it.
    let letGo: () => void = () => undefined;
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = database.db.transaction(async (tx) => {
      await tx.query('lock table mate_exchange_rate in exclusive mode');
      locked();
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    await lockTaken;
    try {
      const starter = hubClient(token);
      await starter.start();
      const started = await starter.invoke<{ oid: number; state: number }>('StartBridgeJob', 'import-exchange-rates', { file: 'rates.csv' }, TENANT);
      await starter.stop();
      const oid = started.oid;
      const row = async () => (await database.db.query<{ owner: string | null; attempts: number; state: number }>('select owner, attempts, state from mate_job where oid = $1', [oid])).rows[0]!;
      const waitingForTable = async () =>
        (await database.db.query<{ n: number }>("select count(*)::int as n from pg_locks where relation = 'mate_exchange_rate'::regclass and not granted")).rows[0]!.n > 0;
      const seenThroughBalancer = async () => {
        const answer = await fetch(`${balancer.url}/api/bridge`, { headers: headers(token) });
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { jobs: { oid: number; state: number; error: string | null; count: number; countMax: number | null }[] }).jobs.find((job) => job.oid === oid);
      };
      await until(waitingForTable, 'the run waits for the rates table');
      const first = await row();
      expect(first).toMatchObject({ state: 2, attempts: 1 });

      // Which instance runs it: its bridge names its runner, the job row its owner.
      const ids = await Promise.all(
        instances.map((instance) => fetch(`${instance.url}/api/bridge`, { headers: headers(token) }).then(async (answer) => ((await answer.json()) as { id: string }).id, () => undefined)),
      );
      const runs = ids.indexOf(first.owner!);
      expect(runs, 'the instance that runs the job').toBeGreaterThanOrEqual(0);
      await instances[runs]!.kill();
      const survivor = ids[1 - runs];

      // Until the lease runs out the job shows as running; then the other instance claims it again and runs it from
      // the start. The balancer answers throughout, from the instance that lives.
      await until(async () => {
        expect((await seenThroughBalancer())?.state).toBe(2);
        const now = await row();
        return now.owner === survivor && now.attempts === 2;
      }, 'the other instance takes the job over');
      letGo();
      await holding;
      await until(async () => (await seenThroughBalancer())?.state !== 2, 'the job ends');
      expect(await seenThroughBalancer()).toMatchObject({ state: 3, error: null });
      expect(await row()).toMatchObject({ state: 3, attempts: 2, owner: null });

      // Once: the killed instance's transaction never committed, so each rate was written one time, by the run that
      // finished (the history keeps every write of a rate with its run).
      const rates = await database.db.query<{ foreign_currency: string; exchange_rate: string; job_oid: string }>(
        'select foreign_currency, exchange_rate::text, job_oid from mate_exchange_rate where tenant_oid = $1 order by foreign_currency',
        [TENANT],
      );
      expect(rates.rows.map((rate) => [rate.foreign_currency, Number(rate.exchange_rate), Number(rate.job_oid)])).toEqual([['CHF', 0.9391, oid], ['GBP', 0.8412, oid], ['USD', 1.0842, oid]]);
      const history = await database.db.query<{ n: number }>('select count(*)::int as n from mate_exchange_rate_history where job_oid = $1', [oid]);
      expect(history.rows[0]!.n).toBe(3);
      const finished = await fetch(`${balancer.url}/api/bridge/jobs?state=3`, { headers: headers(token) });
      expect(((await finished.json()) as { items: { oid: number }[] }).items.map((job) => job.oid)).toContain(oid);
    } finally {
      letGo();
      await holding;
    }
  }, 120_000);
});
