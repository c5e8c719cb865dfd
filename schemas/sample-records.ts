import type { EntityDocument, FieldModel, FieldUsage } from './entity-document';
import { effectiveBounds, isIntegerType } from './managed-types';
import { emptyRecord } from './defaults';
import { evaluateRules, fieldRules } from './rule-strings';
import { toEntityMeta } from './system-fields';

/**
 * Sample texts per String usage, for row `n` (1-based): each fits the usage's format or pattern in
 * compile-field-schema.ts, so the compiled schema accepts it.
 */
const USAGE_TEXTS: Partial<Record<FieldUsage, (n: number) => string>> = {
  Email: (n) => `sample${n}@example.com`,
  Url: (n) => `https://example.com/${n}`,
  UrlTemplate: () => 'https://example.com/items/{0}',
  Date: (n) => `2026-01-${String(n).padStart(2, '0')}`,
  DateTime: (n) => `2026-01-${String(n).padStart(2, '0')}T09:30:00Z`,
  Time: (n) => `${String(8 + n).padStart(2, '0')}:30:00`,
  CurrencyCode: (n) => ['EUR', 'USD', 'CHF', 'JPY'][(n - 1) % 4]!,
  CountryCode: (n) => ['DE', 'US', 'CH', 'JP'][(n - 1) % 4]!,
  LanguageCode: (n) => ['en', 'de', 'ar', 'ja'][(n - 1) % 4]!,
  Color: (n) => ['#3366CC', '#DC3912', '#109618', '#FF9900'][(n - 1) % 4]!,
  TimeZone: (n) => ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC'][(n - 1) % 4]!,
  Id: (n) => `sample-${n}`,
  UpperCase: (n) => `SAMPLE ${n}`,
  LowerCase: (n) => `sample ${n}`,
  Phone: (n) => `+49 30 123456${n}`,
  Barcode: (n) => `40000000000${n}`,
  Json: (n) => `{"sample": ${n}}`,
  Xml: (n) => `<sample>${n}</sample>`,
  Password: (n) => `secret-${n}`,
  ImageName: (n) => `sample-${n}.png`,
  MultilineText: (n) => `Sample ${n}\nsecond line`,
};

/** Fits a text into the field's length limits: padded with its own digits, cut at maxLength. */
function fitLength(text: string, field: FieldModel): string {
  const min = Math.max(field.required ? 1 : 0, field.minLength ?? 0);
  let fitted = text;
  while (fitted.length < min) fitted += 'x';
  return field.maxLength !== undefined ? fitted.slice(0, field.maxLength) : fitted;
}

/** Whether a candidate passes the field's own pattern (the schema) and its rule strings (the record validator). */
function fits(field: FieldModel, value: unknown): boolean {
  if (field.pattern !== undefined && typeof value === 'string') {
    try {
      if (!new RegExp(field.pattern, 'u').test(value)) return false;
    } catch {
      return false;
    }
  }
  return field.rules === undefined || evaluateRules(fieldRules(field), value).length === 0;
}

function sampleString(field: FieldModel, n: number): unknown {
  const usageText = field.usage ? USAGE_TEXTS[field.usage] : undefined;
  // The usage's text, else the name and row; then plainer candidates for a pattern or rule ('id', 'numeric') the
  // first one breaks. When none fits, the field's empty value rather than one the validator would refuse.
  const candidates = [usageText?.(n) ?? `${field.name} ${n}`, `${field.name.toLowerCase()}-${n}`, `${n}`, 'sample', 'A'].map((text) => fitLength(text, field));
  return candidates.find((text) => fits(field, text)) ?? (field.required ? (field.default ?? '') : null);
}

function sampleNumber(field: FieldModel, n: number): number {
  const integer = isIntegerType(field.managedType);
  const { min, max } = effectiveBounds(field);
  // Inside the bounds: from the lower bound when a value is below it, never above the upper one.
  const clamp = (value: number) => {
    let inside = value;
    if (min !== undefined && inside < min) inside = min + (integer ? n - 1 : (n - 1) / 4);
    if (max !== undefined && inside > max) inside = max;
    if (min !== undefined && inside < min) inside = min;
    return integer ? Math.trunc(inside) : inside;
  };
  // A rule string may narrow it further ('integer', 'min:5'): then the first whole number of these that passes.
  const candidates = [n * 12.5, n * 10, n * 100, n * 1000].map((value) => clamp(integer ? Math.trunc(value) : value));
  return candidates.find((value) => fits(field, value)) ?? candidates[0]!;
}

/** A sample value of one field for row `n` (1-based), which its compiled schema accepts. */
export function sampleValue(field: FieldModel, n: number): unknown {
  if (field.options && field.options.length > 0) return field.options[(n - 1) % field.options.length]!.value;
  switch (field.type) {
    case 'String':
      return sampleString(field, n);
    case 'Number':
      return sampleNumber(field, n);
    case 'Boolean':
      return n % 2 === 1;
    case 'Object':
      return Object.fromEntries((field.properties ?? []).map((property) => [property.name, sampleValue(property, n)]));
    case 'Array': {
      const length = Math.max(1, n % 3);
      return field.items ? Array.from({ length }, (_, i) => sampleValue(field.items!, n + i)) : Array.from({ length }, (_, i) => `item ${n + i}`);
    }
  }
}

/**
 * `count` sample records of an entity document (the schema playground's grid and editor): every field filled from
 * its type, usage, options and limits, deterministic (row n gives the same values every time), system fields as a
 * stored record has them (Oid 1..count, no tenant). Lookup fields get a plain value of their type: the playground
 * has no records to point at. Read-only fields are filled too, as a stored record would be.
 */
export function sampleRecords(doc: EntityDocument, count = 3): Record<string, unknown>[] {
  const base = emptyRecord(toEntityMeta(doc));
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const record: Record<string, unknown> = { ...base, Oid: n, ETag: `sample-${n}`, Disabled: false, TenantOid: null };
    for (const field of doc.fields) record[field.name] = sampleValue(field, n);
    return record;
  });
}
