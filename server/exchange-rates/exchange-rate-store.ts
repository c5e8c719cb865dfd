import type { CurrentExchangeRate, ExchangeRateChange } from '../../schemas/exchange-rate-wire';
import type { Database, Queryable } from '../db/database';

export type { CurrentExchangeRate, ExchangeRateChange };

type RateRow = { foreign_currency: string; exchange_rate: string | number; modified_at: Date | string; modified_by: string | null; job_oid: string | number | null };

const rateOf = (row: RateRow): CurrentExchangeRate => ({
  foreignCurrency: row.foreign_currency,
  exchangeRate: Number(row.exchange_rate),
  modifiedAt: new Date(row.modified_at).toISOString(),
  modifiedBy: row.modified_by,
  jobOid: row.job_oid === null ? null : Number(row.job_oid),
});

/** Every current rate of the tenant, by currency code. */
export async function currentExchangeRates(db: Queryable, tenantOid: number): Promise<CurrentExchangeRate[]> {
  const rows = await db.query<RateRow>('select foreign_currency, exchange_rate, modified_at, modified_by, job_oid from mate_exchange_rate where tenant_oid = $1 order by foreign_currency', [tenantOid]);
  return rows.rows.map(rateOf);
}

export async function currentExchangeRate(db: Queryable, tenantOid: number, currency: string): Promise<CurrentExchangeRate | undefined> {
  const rows = await db.query<RateRow>('select foreign_currency, exchange_rate, modified_at, modified_by, job_oid from mate_exchange_rate where tenant_oid = $1 and foreign_currency = $2', [tenantOid, currency]);
  return rows.rows[0] ? rateOf(rows.rows[0]) : undefined;
}

/**
 * Sets a rate by hand (adds the currency or changes its rate). The history trigger keeps the value with who set it
 * and when; the dashboard trigger tells every instance, so open dashboards show it at once.
 */
export async function setExchangeRate(db: Queryable, change: { tenantOid: number; currency: string; rate: number; userName: string; at: string }): Promise<CurrentExchangeRate> {
  const rows = await db.query<RateRow>(
    `insert into mate_exchange_rate (tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid, modified_by) values ($1, $2, $3::numeric, $4::timestamptz, null, $5)
     on conflict (tenant_oid, foreign_currency) do update set exchange_rate = excluded.exchange_rate, modified_at = excluded.modified_at, job_oid = null, modified_by = excluded.modified_by
     returning foreign_currency, exchange_rate, modified_at, modified_by, job_oid`,
    [change.tenantOid, change.currency, String(change.rate), change.at, change.userName],
  );
  return rateOf(rows.rows[0]!);
}

/** Removes a currency's rate; the history keeps its values and a removal entry naming the user. False when there was none. */
export async function removeExchangeRate(db: Database, tenantOid: number, currency: string, userName: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The history trigger reads who removed it from this transaction-local setting (a DELETE carries no values).
    await tx.query("select set_config('mate.exchange_rate_user', $1, true)", [userName]);
    const deleted = await tx.query('delete from mate_exchange_rate where tenant_oid = $1 and foreign_currency = $2', [tenantOid, currency]);
    return (deleted.rowCount ?? 0) > 0;
  });
}

/** The history of one currency's rate in the tenant, newest first, at most `take` entries. */
export async function exchangeRateHistory(db: Queryable, tenantOid: number, currency: string, take: number): Promise<ExchangeRateChange[]> {
  const rows = await db.query<{ exchange_rate: string | number; modified_at: Date | string; modified_by: string | null; job_oid: string | number | null; removed: boolean }>(
    `select exchange_rate, modified_at, modified_by, job_oid, removed from mate_exchange_rate_history
      where tenant_oid = $1 and foreign_currency = $2 order by modified_at desc, oid desc limit $3`,
    [tenantOid, currency, take],
  );
  return rows.rows.map((row) => ({
    exchangeRate: Number(row.exchange_rate),
    modifiedAt: new Date(row.modified_at).toISOString(),
    modifiedBy: row.modified_by,
    jobOid: row.job_oid === null ? null : Number(row.job_oid),
    removed: row.removed,
  }));
}
