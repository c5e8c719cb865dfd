import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../identity/identity-test-app';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { JOB_STATE, JobRegistry } from '../job-definition';
import { JobRunner } from '../job-runner';
import { readJob, type JobRow } from '../job-store';
import { BUILT_IN_JOBS } from './built-in-jobs';

// import-exchange-rates on the real database (PGlite, or PostgreSQL with DATABASE_URL), reading files from a
// temporary import folder: rates stored per tenant, a bad line fails the run with its number and stores nothing,
// and no name or link leads out of the folder.
describe('import-exchange-rates', () => {
  let database: TestDatabase;
  let root: string;
  let runner: JobRunner;

  const run = async (file: string, tenantOid = 31): Promise<JobRow> => {
    const job = (await runner.enqueue({ name: 'import-exchange-rates', tenantOid, parameters: { file }, manual: true }))!;
    await runner.tick();
    await expect.poll(async () => (await readJob(database.db, job.oid))?.state, { timeout: 10_000 }).toBeGreaterThanOrEqual(JOB_STATE.success);
    return (await readJob(database.db, job.oid))!;
  };
  const rates = async (tenantOid = 31) =>
    (await database.db.query<{ foreign_currency: string; exchange_rate: string }>('select foreign_currency, exchange_rate::text as exchange_rate from mate_exchange_rate where tenant_oid = $1 order by foreign_currency', [tenantOid])).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), 'mate-import-'));
    const importDir = path.join(root, 'imports');
    await mkdir(importDir);
    await writeFile(path.join(root, 'secret.csv'), 'foreignCurrency,exchangeRate\nUSD,9.99\n');
    await writeFile(path.join(importDir, 'rates.csv'), 'foreignCurrency,exchangeRate\r\nUSD,1.0842\r\n\r\nCHF,0.9391\r\n');
    await writeFile(path.join(importDir, 'semicolon.csv'), 'ForeignCurrency;ExchangeRate\nUSD;1.1\nJPY;162.5\n');
    await writeFile(path.join(importDir, 'bad-line.csv'), 'foreignCurrency,exchangeRate\nGBP,0.85\nSEK,11,2\n');
    await writeFile(path.join(importDir, 'bad-rate.csv'), 'foreignCurrency,exchangeRate\nGBP,0.85\nNOK,-1\n');
    await writeFile(path.join(importDir, 'twice.csv'), 'foreignCurrency,exchangeRate\nGBP,0.85\nGBP,0.86\n');
    await writeFile(path.join(importDir, 'no-header.csv'), 'USD,1.08\n');
    await copyFile(new URL('../../../fixtures/exchange-rates/eurofxref-daily.xml', import.meta.url), path.join(importDir, 'eurofxref-daily.xml'));
    await symlink(path.join(root, 'secret.csv'), path.join(importDir, 'link.csv'));
    const clock = testClock();
    runner = new JobRunner({
      db: database.db,
      registry: new JobRegistry(BUILT_IN_JOBS),
      instanceId: 'import',
      now: clock.now,
      importDir,
      describeTenant: async (_db, oid) => ({ oid, id: `T${oid}`, countryCode: 'DE' }),
    });
    await runner.start({ timers: false });
  }, 60_000);
  afterAll(async () => {
    await runner?.halt();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("stores the ECB's daily XML rates and keeps every earlier rate in the history", async () => {
    expect(await run('eurofxref-daily.xml', 35)).toMatchObject({ state: JOB_STATE.success, error: null });
    const stored = await rates(35);
    expect(stored).toHaveLength(30);
    expect(stored.find((rate) => rate.foreign_currency === 'USD')?.exchange_rate).toBe('1.05120000');
    expect((await run('eurofxref-daily.xml', 35)).state).toBe(JOB_STATE.success);
    const history = await database.db.query<{ n: number }>("select count(*)::int as n from mate_exchange_rate_history where tenant_oid = 35 and foreign_currency = 'USD'");
    expect(history.rows[0]!.n).toBe(2);
  });

  it('stores the rates of the file for the tenant, progress in lines, empty lines skipped, either separator', async () => {
    expect(await run('rates.csv')).toMatchObject({ state: JOB_STATE.success, count: 4, countMax: 4, countUnit: 'lines', error: null });
    expect(await rates()).toEqual([
      { foreign_currency: 'CHF', exchange_rate: '0.93910000' },
      { foreign_currency: 'USD', exchange_rate: '1.08420000' },
    ]);
    // A second file changes the rates it names and keeps the others; another tenant's rates are apart.
    expect((await run('semicolon.csv')).state).toBe(JOB_STATE.success);
    expect((await rates()).map((rate) => `${rate.foreign_currency} ${rate.exchange_rate}`)).toEqual(['CHF 0.93910000', 'JPY 162.50000000', 'USD 1.10000000']);
    expect(await rates(32)).toEqual([]);
  });

  it('fails on the first bad line, naming its number, and stores nothing of the file', async () => {
    const cases: [string, string][] = [
      ['bad-line.csv', "Line 3: expected 2 values separated by ',', found 3."],
      ['bad-rate.csv', "Line 3: the exchange rate '-1' must be a positive number with a decimal point, e.g. 1.0842."],
      ['twice.csv', 'Line 3: GBP appears a second time.'],
      ['no-header.csv', "Line 1: the header must be 'foreignCurrency,exchangeRate' (or with ';')."],
    ];
    for (const [file, error] of cases) expect(await run(file, 33), file).toMatchObject({ state: JOB_STATE.failed, error });
    expect(await rates(33)).toEqual([]);
  });

  it('reads nothing outside the import folder: a name with a folder is refused at the start, a link out fails the run', async () => {
    for (const file of ['../secret.csv', '/etc/passwd', 'sub/rates.csv', 'rates.txt', '']) {
      await expect(runner.enqueue({ name: 'import-exchange-rates', tenantOid: 34, parameters: { file }, manual: true })).rejects.toThrow("The parameter 'file' must be the name of a .csv or .xml file in the import folder");
    }
    await expect(runner.enqueue({ name: 'import-exchange-rates', tenantOid: 34, parameters: {}, manual: true })).rejects.toThrow("The parameter 'file'");
    expect(await run('link.csv', 34)).toMatchObject({ state: JOB_STATE.failed, error: "The file 'link.csv' leads out of the import folder; it is not read." });
    expect(await run('missing.csv', 34)).toMatchObject({ state: JOB_STATE.failed, error: "The file 'missing.csv' is not in the import folder." });
    expect(await rates(34)).toEqual([]);
  });
});
