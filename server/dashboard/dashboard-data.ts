import { TURNOVER_KINDS_SQL } from '../documents/document-kinds';
import { quoteIdent as q } from '../data/sql-names';
import { BUSINESS_ZONE_FUNCTION, dayInZone } from '../documents/business-day';
import type { Queryable } from '../db/database';

/** Days of the weekly turnover card (spec 2 §9). */
export const TURNOVER_DAYS = 7;
/** Months of the document throughput card (spec 2 §9). */
export const THROUGHPUT_MONTHS = 12;
/** Rates the exchange rate card shows: the most recent (spec 2 §9). */
export const RECENT_EXCHANGE_RATES = 7;
/** The amount of the reference currency the card converts (spec 2 §3 "testValue"). */
export const EXCHANGE_TEST_VALUE = 100;
/** A tenant without a currency counts in this one (spec 2 §9). */
export const DEFAULT_CURRENCY = 'EUR';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A tenant as the cards name it. */
export interface TenantInfo {
  tenantOid: number;
  tenantName: string | null;
  country: string | null;
  currency: string;
}

/** The names, countries and currencies of `tenantOids`, in oid order (a tenant table absent: oids only). */
export async function tenantInfos(db: Queryable, tenantTable: string | undefined, tenantOids: number[]): Promise<TenantInfo[]> {
  const sorted = [...tenantOids].sort((a, b) => a - b);
  if (!tenantTable || sorted.length === 0) return sorted.map((tenantOid) => ({ tenantOid, tenantName: null, country: null, currency: DEFAULT_CURRENCY }));
  const rows = await db.query<{ Oid: string | number; Name: string | null; CountryCode: string | null; CurrencyCode: string | null }>(
    `select "Oid", "Name", "CountryCode", "CurrencyCode" from ${q(tenantTable)} where "Oid" = any($1::bigint[])`,
    [sorted],
  );
  const byOid = new Map(rows.rows.map((row) => [Number(row.Oid), row]));
  return sorted.map((tenantOid) => {
    const row = byOid.get(tenantOid);
    return { tenantOid, tenantName: row?.Name ?? null, country: row?.CountryCode ?? null, currency: row?.CurrencyCode || DEFAULT_CURRENCY };
  });
}

/**
 * Today as the tenants' stores see it: the latest business day (docs/documents.md "Business day") of now among the
 * zones of the tenants and their locations, so that a store east of UTC sees its receipts of "today" on the card
 * while UTC is still on yesterday, and one west of it does not end on a day that has not begun there. UTC's today
 * when there are no tenants.
 */
export async function businessToday(db: Queryable, locationTable: string | undefined, tenantOids: number[], now: number): Promise<string> {
  const utcToday = new Date(now).toISOString().slice(0, 10);
  if (tenantOids.length === 0) return utcToday;
  let today: string | undefined;
  const zones = await db.query<{ zone: string }>(
    `select ${BUSINESS_ZONE_FUNCTION}(oid, null) as zone from unnest($1::bigint[]) as oid${
      locationTable ? `
     union select ${BUSINESS_ZONE_FUNCTION}(l."TenantOid", l."Oid") from ${q(locationTable)} l where l."TenantOid" = any($1::bigint[])` : ''
    }`,
    [tenantOids],
  );
  for (const { zone } of zones.rows) {
    try {
      const day = dayInZone(now, zone);
      if (today === undefined || day > today) today = day;
    } catch {
      // A zone the runtime does not know: UTC's today stands for it.
      if (today === undefined || utcToday > today) today = utcToday;
    }
  }
  return today ?? utcToday;
}

/** The `count` days ending with `last` (YYYY-MM-DD), oldest first. */
export function daysEndingWith(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, index) => new Date(end - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

/** The `count` months ending with `last` (YYYY-MM), oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

export interface TurnoverDay {
  day: string;
  total: number;
  receiptCount: number;
}

/**
 * Per tenant and business day of `days` (each receipt's day in its location's time zone, server/documents/business-day.ts):
 * the turnover of its receipts (sales, returns, cancellations; documents that could
 * not be booked left out), straight from the documents table, so a receipt counts the moment it arrives. A day
 * without receipts is there with 0.
 */
export async function dailyTurnover(db: Queryable, tenantOids: number[], days: string[]): Promise<Map<number, TurnoverDay[]>> {
  const result = new Map(tenantOids.map((tenantOid) => [tenantOid, days.map((day) => ({ day, total: 0, receiptCount: 0 }))]));
  if (tenantOids.length === 0) return result;
  const from = `${days[0]}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${days.at(-1)}T00:00:00.000Z`) + DAY_MS).toISOString();
  const rows = await db.query<{ tenant_oid: string | number; day: string; total: string | number; n: number }>(
    `select tenant_oid, to_char(business_day, 'YYYY-MM-DD') as day, coalesce(sum(total), 0) as total, count(*)::int as n
       from mate_terminal_document
      where tenant_oid = any($1::bigint[]) and business_day >= $2::date and business_day < $3::date
        and document_type = 'receipt' and kind in (${TURNOVER_KINDS_SQL}) and processing_error is null
      group by 1, 2`,
    [tenantOids, from, to],
  );
  for (const row of rows.rows) {
    const entry = result.get(Number(row.tenant_oid))?.find((day) => day.day === row.day);
    if (entry) {
      entry.total = Math.round(Number(row.total) * 100) / 100;
      entry.receiptCount = row.n;
    }
  }
  return result;
}

export interface ThroughputMonth {
  month: string;
  count: number;
}

/**
 * Per tenant and month of `months`: how many documents its terminals handed in (every kind, booked or not), each in
 * the month of its business day (its location's zone), as the turnover card counts days.
 */
export async function documentThroughput(db: Queryable, tenantOids: number[], months: string[]): Promise<Map<number, ThroughputMonth[]>> {
  const result = new Map(tenantOids.map((tenantOid) => [tenantOid, months.map((month) => ({ month, count: 0 }))]));
  if (tenantOids.length === 0) return result;
  const [year, month] = months.at(-1)!.split('-').map(Number) as [number, number];
  // Counted per day first, then summed per month: grouping the index's own order by the date is half the time of
  // formatting every row's month (a million documents: ~100 ms against ~220 ms, bench/README.md "dashboard").
  const rows = await db.query<{ tenant_oid: string | number; month: string; n: number }>(
    `select tenant_oid, to_char(day, 'YYYY-MM') as month, sum(n)::int as n
       from (select tenant_oid, business_day as day, count(*) as n
               from mate_terminal_document
              where tenant_oid = any($1::bigint[]) and business_day >= $2::date and business_day < $3::date
              group by 1, 2) as days
      group by 1, 2`,
    [tenantOids, `${months[0]}-01`, new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10)],
  );
  for (const row of rows.rows) {
    const entry = result.get(Number(row.tenant_oid))?.find((item) => item.month === row.month);
    if (entry) entry.count = row.n;
  }
  return result;
}

export interface ExchangeRate {
  foreignCurrency: string;
  exchangeRate: number;
  modifiedAt: string;
}

/** The tenant's current rates, the most recently changed first (ties by currency), at most `take`. */
export async function recentExchangeRates(db: Queryable, tenantOid: number, take: number): Promise<ExchangeRate[]> {
  const rows = await db.query<{ foreign_currency: string; exchange_rate: string | number; modified_at: Date | string }>(
    'select foreign_currency, exchange_rate, modified_at from mate_exchange_rate where tenant_oid = $1 order by modified_at desc, foreign_currency limit $2',
    [tenantOid, take],
  );
  return rows.rows.map((row) => ({ foreignCurrency: row.foreign_currency, exchangeRate: Number(row.exchange_rate), modifiedAt: new Date(row.modified_at).toISOString() }));
}
