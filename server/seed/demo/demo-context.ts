import type { Queryable } from '../../db/database';
import type { Catalogue, EntityKind } from '../../data/catalogue';
import { validateRecord } from '../../data/validate-record';
import { completeRecord, insertRecords } from './insert-records';
import { createRandom, seedOf, type Random } from './random';

/** A generated record failed its kind's validation: a bug in the generator, named precisely. */
export class DemoDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoDataError';
  }
}

/** What every part of the demo seed shares: the transaction, the catalogue, the seed and the clock. */
export interface DemoContext {
  tx: Queryable;
  catalogue: Catalogue;
  seed: number;
  /** The fixed "today" of the demo data, so the same seed gives the same dates on any day. */
  referenceDate: Date;
  /** Rows inserted per kind. */
  counts: Record<string, number>;
  kind(name: string): EntityKind;
  /** A random sequence of its own for one section ("customers/MATE-DE"). */
  random(label: string): Random;
  /** Completes (defaults), validates and inserts records of a kind; answers their Oids in order. */
  insert(kindName: string, records: Record<string, unknown>[], tenantOid?: number): Promise<number[]>;
}

/** Builds the context of one seeding transaction. */
export function createDemoContext(tx: Queryable, catalogue: Catalogue, seed: number, referenceDate: Date): DemoContext {
  const counts: Record<string, number> = {};
  const kind = (name: string): EntityKind => {
    const [area, entity] = name.split('/') as [string, string];
    const found = catalogue.find(area, entity);
    if (!found) throw new DemoDataError(`The demo data needs the entity kind '${name}', which the catalogue does not have.`);
    return found;
  };
  return {
    tx,
    catalogue,
    seed,
    referenceDate,
    counts,
    kind,
    random: (label) => createRandom(seedOf(seed, label)),
    async insert(kindName, records, tenantOid) {
      const k = kind(kindName);
      const complete = records.map((r) => completeRecord(k, r));
      complete.forEach((record, index) => assertValid(k, record, index));
      const oids = await insertRecords(tx, k, complete, { tenantOid });
      counts[k.kind] = (counts[k.kind] ?? 0) + oids.length;
      return oids;
    },
  };
}

/** Throws a DemoDataError when the record fails the kind's validation. */
export function assertValid(kind: EntityKind, record: Record<string, unknown>, index: number): void {
  const errors = validateRecord(kind, record);
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const detail = fields.map((f) => `${f}: ${errors[f]!.join(' ')}`).join('; ');
    throw new DemoDataError(`Demo record #${index} of ${kind.kind} is invalid (${detail}): ${JSON.stringify(record).slice(0, 400)}`);
  }
}

/** "2025-03-07" of a date (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** An ISO date-time without milliseconds, e.g. "2025-03-07T09:30:00Z". */
export function isoDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The date `days` days after `date` (negative: before). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** How many units of a currency one euro of demo price is, roughly. */
const CURRENCY_FACTOR: Record<string, number> = { EUR: 1, CHF: 1, CZK: 25, JPY: 160 };

/** A demo amount given in euro, in the currency and rounded the way prices there look. */
export function money(euro: number, currency: string): number {
  const value = euro * (CURRENCY_FACTOR[currency] ?? 1);
  if (currency === 'JPY') return Math.max(10, Math.round(value / 10) * 10);
  if (currency === 'CZK') return Math.round(value);
  return Math.round(value * 100) / 100;
}

/** "7" -> "007". */
export function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}
