import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../db/postgres-database';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';
import { DataEventBus, type DataEvent } from './data-event-bus';

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((r) => setTimeout(r, 20));
};
const event = (oid: number): DataEvent => ({ type: 'DataServiceUpdate', kind: 'shop/product', oid, etag: `"${oid}-2"`, tenantOid: 1 });

let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.drop();
  t = undefined;
});

describe('DataEventBus', () => {
  it('delivers each event once to every subscriber, the publishing instance included', async () => {
    t = await createTestDatabase({ migrate: false });
    const one = new DataEventBus(t.db);
    const two = new DataEventBus(t.db);
    await one.start();
    await two.start();
    const got1: DataEvent[] = [];
    const got2: DataEvent[] = [];
    one.subscribe((e) => got1.push(e));
    two.subscribe((e) => got2.push(e));
    await one.publish(event(1));
    await two.publish(event(2));
    await settle(() => got1.length >= 2 && got2.length >= 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(got1).toEqual([event(1), event(2)]);
    expect(got2).toEqual([event(1), event(2)]);
    await one.close();
    await two.close();
  });

  it.skipIf(!process.env.DATABASE_URL)('crosses instances with separate connections to one PostgreSQL database', async () => {
    t = await createTestDatabase({ migrate: false });
    const other = await openPostgresDatabase(t.url!, 2);
    try {
      const a = new DataEventBus(t.db);
      const b = new DataEventBus(other);
      await a.start();
      await b.start();
      const gotA: DataEvent[] = [];
      const gotB: DataEvent[] = [];
      a.subscribe((e) => gotA.push(e));
      b.subscribe((e) => gotB.push(e));
      await a.publish(event(7));
      await settle(() => gotA.length > 0 && gotB.length > 0);
      await new Promise((r) => setTimeout(r, 50));
      expect(gotA).toEqual([event(7)]);
      expect(gotB).toEqual([event(7)]);
      await a.close();
      await b.close();
    } finally {
      await other.close();
    }
  });

  it('ignores payloads that are not data events', async () => {
    t = await createTestDatabase({ migrate: false });
    const bus = new DataEventBus(t.db);
    await bus.start();
    const got: DataEvent[] = [];
    bus.subscribe((e) => got.push(e));
    await t.db.notify('mate_data_events', 'not json');
    await t.db.notify('mate_data_events', '{"type":"Other"}');
    await bus.publish(event(3));
    await settle(() => got.length > 0);
    expect(got).toEqual([event(3)]);
    await bus.close();
  });
});
