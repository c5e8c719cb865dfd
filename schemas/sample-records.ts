import type { EntityDocument, FieldModel, FieldUsage } from './entity-document';
import { effectiveBounds, isIntegerType } from './managed-types';
import { emptyRecord } from './defaults';
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

function sampleString(field: FieldModel, n: number): unknown {
  const usageText = field.usage ? USAGE_TEXTS[field.usage] : undefined;
  const candidates = [usageText?.(n) ?? `${field.name} ${n}`, `${n}`, 'sample', 'A'].map((text) => fitLength(text, field));
  // A field with its own pattern keeps the first candidate it accepts; when none fits, the field's empty value
  // (null, or the default) rather than a value the schema would refuse.
  if (field.pattern !== undefined) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(field.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    const fitting = pattern && candidates.find((text) => pattern.test(text));
    return fitting ?? (field.required ? (field.default ?? '') : null);
  }
  return candidates[0];
}

function sampleNumber(field: FieldModel, n: number): number {
  const integer = isIntegerType(field.managedType);
  const { min, max } = effectiveBounds(field);
  let value = integer ? n * 10 : n * 12.5;
  // Inside the bounds: from the lower bound when the plain value is below it, never above the upper one.
  if (min !== undefined && value < min) value = min + (integer ? n - 1 : (n - 1) / 4);
  if (max !== undefined && value > max) value = max;
  if (min !== undefined && value < min) value = min;
  return integer ? Math.trunc(value) : value;
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
