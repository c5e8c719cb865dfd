import type { Queryable } from '../db/database';
import { entityTableName, quoteIdent as q } from '../data/sql-names';

/**
 * A document's business day (docs/documents.md "Business day"): the calendar day of its creation in its location's
 * time zone (the location record's TimeZone; empty: its tenant's; neither: UTC). A receipt of 23:30 in Tokyo counts
 * on the Tokyo date, not on the UTC date before it. The day is stored with the document when it is inserted
 * (`mate_terminal_document.business_day`, filled by a trigger so that every writer, intake, demo data and bulk loads,
 * gets it the same way) and every day of the product is read from it: the reports' totals, the report engine's date
 * parameters and `date` field, the daily turnover, the dashboard's turnover card and the document viewer's range.
 * A later change of a location's zone leaves stored days as they were (documents are immutable); `fillBusinessDays`
 * recomputes them.
 */
export const BUSINESS_DAY_FUNCTION = 'mate_business_day';

/** The SQL function that answers the zone a document's days and times are read in (the viewer shows its times so). */
export const BUSINESS_ZONE_FUNCTION = 'mate_business_zone';

/**
 * The widest offsets from UTC a zone has (+14:00 Kiritimati, -12:00): a business day D starts no earlier than D 00:00
 * UTC minus 14 hours and ends no later than D+1 00:00 UTC plus 12 hours, so one day of margin on either side of the
 * UTC day bounds every document of D. Readers add it to a `created_at` range so that the (tenant, created_at)
 * indexes narrow the scan before `business_day` decides.
 */
export const BUSINESS_DAY_MARGIN = "interval '1 day'";

/**
 * The SQL functions that answer a document's zone and business day, and the trigger that stores the day on insert.
 * The lookup and a trial conversion sit in an exception block: a zone PostgreSQL does not know (a record saved before
 * zones were checked) or entity tables that do not exist yet (a new database) give UTC rather than a refused document.
 */
export function businessDayFunctionSql(): string[] {
  const location = q(entityTableName('tenancy', 'location'));
  const tenant = q(entityTableName('tenancy', 'tenant'));
  // Separate statements, run one by one: the function bodies hold semicolons that a statement splitter would cut.
  return [
    `create or replace function ${BUSINESS_ZONE_FUNCTION}(tenant bigint, location bigint) returns text
    language plpgsql stable as $fn$
    declare
      zone text;
    begin
      begin
        select coalesce((select nullif(l."TimeZone", '') from ${location} l where l."Oid" = location),
                        (select nullif(t."TimeZone", '') from ${tenant} t where t."Oid" = tenant), 'UTC')
          into zone;
        perform now() at time zone zone;
        return zone;
      exception when others then
        return 'UTC';
      end;
    end
    $fn$`,
    `create or replace function ${BUSINESS_DAY_FUNCTION}(at timestamptz, tenant bigint, location bigint) returns date
    language sql stable as $fn$
      select (at at time zone ${BUSINESS_ZONE_FUNCTION}(tenant, location))::date
    $fn$`,
    `create or replace function mate_terminal_document_business_day() returns trigger
    language plpgsql as $fn$
    begin
      if new.business_day is null then
        new.business_day := ${BUSINESS_DAY_FUNCTION}(new.created_at, new.tenant_oid, new.location_oid);
      end if;
      return new;
    end
    $fn$`,
    'drop trigger if exists mate_terminal_document_business_day on mate_terminal_document',
    `create trigger mate_terminal_document_business_day before insert on mate_terminal_document
      for each row execute function mate_terminal_document_business_day()`,
  ];
}

/** How many documents one step of `fillBusinessDays` updates. */
const BATCH = 50_000;

/**
 * Computes the business day of stored documents again (all of them, or those of one tenant), in batches of oids so
 * that no statement holds a million rows: what migration 810 backfills with and what a change of zones asks for.
 * Callers rebuild the totals afterwards (`rebuildDocumentTotals`, `rebuildTurnoverDays`).
 */
export async function fillBusinessDays(db: Queryable, tenantOid?: number, onProgress?: (done: number, total: number) => void): Promise<number> {
  const tenantFilter = tenantOid === undefined ? '' : ' and tenant_oid = $3';
  const bounds = await db.query<{ low: string | number | null; high: string | number | null }>(
    `select min(oid) as low, max(oid) as high from mate_terminal_document${tenantOid === undefined ? '' : ' where tenant_oid = $1'}`,
    tenantOid === undefined ? [] : [tenantOid],
  );
  const low = Number(bounds.rows[0]?.low ?? 0);
  const high = Number(bounds.rows[0]?.high ?? -1);
  let updated = 0;
  for (let from = low; from <= high; from += BATCH) {
    const result = await db.query(
      `update mate_terminal_document set business_day = ${BUSINESS_DAY_FUNCTION}(created_at, tenant_oid, location_oid)
        where oid >= $1 and oid < $2${tenantFilter}`,
      tenantOid === undefined ? [from, from + BATCH] : [from, from + BATCH, tenantOid],
    );
    updated += result.rowCount;
    onProgress?.(Math.min(from + BATCH, high + 1) - low, high + 1 - low);
  }
  return updated;
}

/**
 * The daily turnover (`mate_turnover_day`) computed again from the documents' business days: every tenant's, or
 * one's. The same rows intake books (terminal-document-processing.ts): booked receipts of the turnover kinds.
 */
export async function rebuildTurnoverDays(db: Queryable, turnoverKindsSql: string, tenantOid?: number): Promise<void> {
  const params = tenantOid === undefined ? [] : [tenantOid];
  await db.query(`delete from mate_turnover_day${tenantOid === undefined ? '' : ' where tenant_oid = $1'}`, params);
  await db.query(
    `insert into mate_turnover_day (tenant_oid, day, receipt_count, total, computed_at)
     select tenant_oid, business_day, count(*)::int, sum(total), now() from mate_terminal_document
      where document_type = 'receipt' and kind in (${turnoverKindsSql}) and processing_error is null${tenantOid === undefined ? '' : ' and tenant_oid = $1'}
      group by 1, 2`,
    params,
  );
}

/** A day (YYYY-MM-DD) in an IANA time zone, as the database computes it: for tests and for "today" in a zone. */
export function dayInZone(instant: Date | number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
