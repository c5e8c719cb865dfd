import type { Catalogue } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';
import type { Queryable } from '../db/database';
import type { ReceiptBody } from './receipt-model';

/** Tenants, locations and terminals of the download tests: tenant 11 (German), 22 (English). */
export const WORLD = {
  tenants: [
    { oid: 11, name: 'Müller & Söhne <GmbH>', language: 'de-DE', timeZone: 'Europe/Berlin' },
    { oid: 22, name: 'Other Retail Ltd', language: 'en-GB', timeZone: 'Europe/London' },
  ],
  locations: [
    { oid: 101, tenantOid: 11, name: 'Filiale Hauptstraße' },
    { oid: 102, tenantOid: 11, name: 'Filiale Bahnhof' },
    { oid: 201, tenantOid: 22, name: 'High Street' },
  ],
  terminals: [
    { oid: 1001, tenantOid: 11, locationOid: 101, name: 'Kasse 1' },
    { oid: 1002, tenantOid: 11, locationOid: 102, name: 'Kasse 2' },
    { oid: 1003, tenantOid: 11, locationOid: 101, name: 'Kasse 3' },
    { oid: 2001, tenantOid: 22, locationOid: 201, name: 'Till 1' },
  ],
} as const;

/** Inserts the records of WORLD through SQL (tests only: the data service's checks are not what they test). */
export async function insertReceiptWorld(db: Queryable, catalogue: Catalogue): Promise<void> {
  const table = (entity: string) => q(catalogue.find('tenancy', entity)!.table);
  for (const t of WORLD.tenants) await db.query(`insert into ${table('tenant')} ("Oid", "Name", "LanguageCode", "TimeZone", "CurrencyCode") overriding system value values ($1, $2, $3, $4, 'EUR')`, [t.oid, t.name, t.language, t.timeZone]);
  for (const l of WORLD.locations) await db.query(`insert into ${table('location')} ("Oid", "TenantOid", "Name") overriding system value values ($1, $2, $3)`, [l.oid, l.tenantOid, l.name]);
  for (const p of WORLD.terminals) await db.query(`insert into ${table('pos-terminal')} ("Oid", "TenantOid", "LocationOid", "Name", "TerminalNumber") overriding system value values ($1, $2, $3, $4, $5)`, [p.oid, p.tenantOid, p.locationOid, p.name, p.oid % 1000]);
}

/** A receipt body with two tax rates and two payments; `overrides` replace members. */
export function receiptBody(id: string, overrides: Partial<ReceiptBody> = {}): ReceiptBody {
  return {
    id,
    type: 'receipt',
    number: 4711,
    createdAt: '2026-03-14T09:26:53Z',
    currency: 'EUR',
    operator: 'Anna <b>',
    lines: [
      { articleNumber: 'A-1', gtin: '4006381333931', text: 'Kaffee & Kuchen "Spezial"', quantity: 2, unitPrice: 3.5, amount: 7, taxRate: 7 },
      { articleNumber: 'B-2', text: 'Tasse', quantity: 1, unitPrice: 12.99, amount: 12.99, taxRate: 19 },
    ],
    payments: [
      { method: 'card', amount: 15 },
      { method: 'cash', amount: 4.99 },
    ],
    total: 19.99,
    ...overrides,
  };
}

/** Stores a document as intake would (no processing; the location is the terminal's in WORLD); answers its oid. */
export async function insertReceipt(db: Queryable, tenantOid: number, terminalOid: number, body: ReceiptBody): Promise<number> {
  const inserted = await db.query<{ oid: string }>(
    `insert into mate_terminal_document (tenant_oid, terminal_oid, document_id, document_type, receipt_number, created_at, currency, total, body, kind, operator, references_id, location_oid)
     values ($1, $2, $3, 'receipt', $4, $5, $6, $7, $8, $9, $10, $11, $12) returning oid`,
    [tenantOid, terminalOid, body.id, body.number, body.createdAt, body.currency, body.total, JSON.stringify(body), body.kind ?? 'sale', body.operator ?? null, body.references ?? null, WORLD.terminals.find((terminal) => terminal.oid === terminalOid)?.locationOid ?? null],
  );
  return Number(inserted.rows[0]!.oid);
}
