import { decimalScale, isDecimalString, isExactDecimal, normaliseDecimal } from '../../schemas';
import type { EntityKind } from './catalogue';
import { columnType } from './column-types';
import { quoteIdent as q } from './sql-names';

/** The fields of a record that the client never writes directly. */
export const SERVER_FIELDS = ['Oid', 'ETag', 'TenantOid'] as const;

/** The strong ETag of a row version, quoted as HTTP wants it: `"<oid>-<row_version>"`. */
export function etagOf(oid: number, rowVersion: number | string): string {
  return `"${oid}-${rowVersion}"`;
}

/** The row version an ETag of record `oid` names; undefined when the tag is not one of that record's. */
export function rowVersionOf(tag: string, oid: number): number | undefined {
  const match = /^"(\d{1,15})-(\d{1,15})"$/.exec(tag);
  return match && Number(match[1]) === oid ? Number(match[2]) : undefined;
}

/** Reads an If-Match / If-None-Match value down to the bare tag (`W/` and quotes dropped). */
export function parseEtag(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const first = header.split(',')[0]!.trim();
  return first === '' ? undefined : first.replace(/^W\//, '');
}

/**
 * The select list of a kind's records, in the order `rowToRecord` expects. A wide integer (schemas/wide-integer.ts)
 * is read as text: the pg driver parses int8 into a JS number (server/db), which rounds past 2^53. An exact decimal
 * (schemas/exact-decimal.ts) is read as text too, so every digit of its numeric reaches the answer.
 */
export function selectColumns(kind: EntityKind, alias = ''): string {
  const p = alias ? `${alias}.` : '';
  return [
    `${p}"Oid"`,
    `${p}row_version`,
    `${p}"Disabled"`,
    ...(kind.tenantScoped ? [`${p}"TenantOid"`] : []),
    ...kind.storedFields.map((f) => (isDecimalString(f) ? `${p}${q(f.name)}::text as ${q(f.name)}` : `${p}${q(f.name)}`)),
  ].join(', ');
}

function fromSql(value: unknown): unknown {
  // numeric comes back as a string on both drivers, bigint as a number (PGlite) or a parsed number (pg).
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** A wide integer's column value as it travels: its decimal string (selected as text; a number only from elsewhere). */
function wideFromSql(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

/** A database row as the API answers it: system fields first, then the declared fields. */
export function rowToRecord(kind: EntityKind, row: Record<string, unknown>): Record<string, unknown> {
  const oid = Number(row.Oid);
  const record: Record<string, unknown> = {
    Oid: oid,
    ETag: etagOf(oid, String(row.row_version)),
    Disabled: row.Disabled === true,
    TenantOid: kind.tenantScoped ? Number(row.TenantOid) : null,
  };
  for (const field of kind.storedFields) {
    if (isDecimalString(field)) {
      const text = wideFromSql(row[field.name]);
      // numeric(30,4) writes its scale already; a column created before the declared scale may not: canonical either way.
      record[field.name] = text !== null && isExactDecimal(field) ? normaliseDecimal(text, decimalScale(field)) : text;
      continue;
    }
    const value = fromSql(row[field.name]);
    record[field.name] = field.type === 'Number' && typeof value === 'string' ? Number(value) : (value ?? null);
  }
  return record;
}

/** A record value as a SQL parameter with its cast: jsonb goes as JSON text, a JSON null as SQL NULL. */
export function toSqlParam(kind: EntityKind, name: string, value: unknown): { value: unknown; cast: string } {
  if (name === 'Disabled') return { value: value === true, cast: 'boolean' };
  const field = kind.fields.get(name)!;
  // A wide integer goes as its decimal string, cast by the database without a detour through a double.
  const cast = columnType(field);
  if (value === null || value === undefined) return { value: null, cast };
  return { value: cast === 'jsonb' ? JSON.stringify(value) : value, cast };
}

/** The columns a write sets: Disabled and every declared field with a column (external fields have none). */
export function writableColumns(kind: EntityKind): string[] {
  return ['Disabled', ...kind.storedFields.map((f) => f.name)];
}
