import { samplePattern } from './pattern-sample';

/** The parts of a field model (GET .../meta) a new record is built from. */
export interface MetaField {
  name: string;
  type: 'String' | 'Number' | 'Boolean' | 'Object' | 'Array';
  required?: boolean;
  unique?: boolean;
  readonly?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  nullable?: boolean;
  managedType?: string;
  usage?: string;
  pattern?: string;
  rules?: string;
  options?: { value: string | number }[];
  properties?: MetaField[];
  items?: MetaField;
}

/** GET .../meta, as far as the test reads it. */
export interface Meta {
  area: string;
  entity: string;
  operations: string[];
  titleField: string;
  fields: MetaField[];
}

/** A lookup of GET .../form-extensions: which kind a field points at. */
export interface Lookup {
  entity: string;
  valueField?: string;
  filter?: unknown;
}

/** GET .../form-extensions, as far as the test reads it. */
export interface Extensions {
  lookups?: Record<string, Lookup>;
  quickSearch?: string[];
  tabs?: { id: string; groups: { fields: string[] }[] }[];
}

/** What POST .../adjust answers per field: the evaluated effects of the record given. */
export interface FieldState {
  disabled: boolean;
  readonly: boolean;
  required: boolean;
  visible: boolean;
}

/** The data service as the test calls it: JSON in, JSON out, the app's own headers. */
export interface DataCalls {
  get: (path: string) => Promise<unknown>;
  post: (path: string, body: unknown) => Promise<unknown>;
}

/** The system fields: the service sets them. */
export const SYSTEM_FIELDS = ['Oid', 'ETag', 'TenantOid', 'Disabled'];

// The usual bounds of the managed number types the catalogue uses (spec 2 §5); an own min/max narrows them.
const MANAGED_MAX: Record<string, number> = { sbyte: 127, int16: 32767, byte: 255, uint16: 65535, int32: 2147483647, uint32: 4294967295, int64: 1e12, uint64: 1e12, single: 1e6, double: 1e6, decimal: 1e6 };
// Values of a fixed shape by usage, for fields without a pattern of their own.
const BY_USAGE: Record<string, (token: string) => string> = {
  Email: (token) => `e2e.${token.toLowerCase()}@example.com`,
  Url: (token) => `https://example.com/${token.toLowerCase()}`,
  UrlTemplate: (token) => `https://example.com/${token.toLowerCase()}?id={0}`,
  Phone: () => '+49 30 1234567',
  Date: () => '2026-03-01',
  DateTime: () => '2026-03-01T09:00:00.000Z',
  Time: () => '09:30:00',
  CountryCode: () => 'DE',
  CurrencyCode: () => 'EUR',
  LanguageCode: () => 'en',
  Color: () => '#336699',
  Barcode: () => '4006381333931',
  ImageName: (token) => `${token.toLowerCase()}.png`,
};
// The service's own patterns of some usages (schemas/compile-field-schema.ts USAGE_PATTERNS), for the sampler.
const USAGE_PATTERNS: Record<string, string> = { Id: '^[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)*$' };

/** Empty as the service counts it for `required`. */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A random token: letters and digits, so it fits ids, codes and quick searches alike. */
export function newToken(): string {
  return `E${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X')}`;
}

function fitString(field: MetaField, token: string): string {
  const max = field.maxLength ?? 40;
  const min = field.minLength ?? 0;
  const usage = field.usage ?? '';
  const pattern = field.pattern ?? USAGE_PATTERNS[usage];
  const shaped = BY_USAGE[usage]?.(token);
  const cased = usage === 'LowerCase' ? token.toLowerCase() : token;
  const candidates = [shaped, cased, cased.toUpperCase(), cased.toLowerCase()]
    .filter((text): text is string => typeof text === 'string')
    .map((text) => (text.length > max && !shaped ? text.slice(0, max) : text).padEnd(min, '0'));
  const fits = candidates.find((text) => text.length <= max && (!pattern || new RegExp(pattern, 'u').test(text)));
  if (fits !== undefined) return fits;
  if (pattern) return samplePattern(pattern, min, max);
  throw new Error(`no value for ${field.name} (${usage || 'String'}, ${min}..${max})`);
}

function numberFor(field: MetaField): number {
  const low = field.min ?? (field.managedType?.startsWith('u') || field.managedType === 'byte' ? 0 : -(MANAGED_MAX[field.managedType ?? 'decimal'] ?? 1e6));
  const high = Math.min(field.max ?? MANAGED_MAX[field.managedType ?? 'decimal'] ?? 1e6, 1e6);
  // A unique number is random in its range; any other the smallest positive one allowed.
  if (field.unique) return low + 1 + Math.floor(Math.random() * Math.max(1, high - low - 1));
  return Math.min(Math.max(1, low), high);
}

/** A valid value of one field (lookups read an existing record of the looked-up kind). */
export async function valueFor(field: MetaField, token: string, calls: DataCalls, lookup?: Lookup): Promise<unknown> {
  if (lookup) {
    const query = new URLSearchParams({ take: '1' });
    if (lookup.filter) query.set('filter', JSON.stringify(lookup.filter));
    const page = (await calls.get(`/api/data/${lookup.entity.toLowerCase()}?${query}`)) as { items: Record<string, unknown>[] };
    const first = page.items[0];
    if (!first) throw new Error(`${field.name}: the looked-up kind ${lookup.entity} has no record to point at`);
    return first[lookup.valueField ?? 'Oid'];
  }
  if (field.options?.length) return field.options[0]!.value;
  switch (field.type) {
    case 'String':
      return fitString(field, token);
    case 'Number':
      return numberFor(field);
    case 'Boolean':
      return true;
    case 'Object':
      return fillObject({}, field.properties ?? [], token, calls);
    case 'Array':
      return field.items ? [await valueFor({ ...field.items, required: true }, token, calls)] : [];
  }
}

async function fillObject(value: Record<string, unknown>, properties: MetaField[], token: string, calls: DataCalls): Promise<Record<string, unknown>> {
  const next = { ...value };
  for (const property of properties) {
    if (property.readonly) continue;
    if (property.required && isEmpty(next[property.name])) next[property.name] = await valueFor(property, token, calls);
    else if (property.type === 'Object' && next[property.name] && typeof next[property.name] === 'object') next[property.name] = await fillObject(next[property.name] as Record<string, unknown>, property.properties ?? [], token, calls);
  }
  return next;
}

/**
 * A valid new record of a kind, built from its field model alone: the kind's empty record, then every field the
 * service's evaluated effects (POST .../adjust) call required and that is still empty, and every unique field,
 * gets a value; repeated until nothing more is required (a filled field can make another one required).
 */
export async function buildNewRecord(base: string, meta: Meta, extensions: Extensions, token: string, calls: DataCalls): Promise<Record<string, unknown>> {
  const record = { ...((await calls.get(`${base}/empty`)) as Record<string, unknown>) };
  for (const name of SYSTEM_FIELDS) delete record[name];
  const writable = meta.fields.filter((f) => !SYSTEM_FIELDS.includes(f.name) && !f.readonly);
  // Each field is filled once: a unique number keeps the random value it got.
  const filled = new Set<string>();
  for (let round = 0; round < 5; round++) {
    const { states } = (await calls.post(`${base}/adjust`, record)) as { states: Record<string, FieldState> };
    let changed = false;
    const filledNow = new Set<string>();
    for (const field of writable) {
      const state = states[field.name];
      const value = record[field.name];
      // A non-nullable number starts at 0, which a lower bound or a unique index may refuse: it gets a value too.
      const outOfBounds = typeof value === 'number' && ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max));
      const wanted = !state?.readonly && ((field.unique && (isEmpty(value) || typeof value === 'number')) || (state?.required && (isEmpty(value) || outOfBounds)));
      if (wanted) {
        if (filled.has(field.name)) continue;
        record[field.name] = await valueFor(field, token, calls, extensions.lookups?.[field.name]);
        filledNow.add(field.name);
        changed = true;
      } else if (field.type === 'Object' && record[field.name] && typeof record[field.name] === 'object') {
        const object = await fillObject(record[field.name] as Record<string, unknown>, field.properties ?? [], token, calls);
        if (JSON.stringify(object) !== JSON.stringify(record[field.name])) {
          record[field.name] = object;
          changed = true;
        }
      }
    }
    for (const name of filledNow) filled.add(name);
    if (!changed) return record;
  }
  return record;
}

/**
 * The field to edit: a top-level free-text String (no enum, pattern, usage or uniqueness) the editor shows
 * writable, else a plain Number; undefined when the kind has none.
 */
export function editableField(meta: Meta, extensions: Extensions, states: Record<string, FieldState>): MetaField | undefined {
  const shown = (f: MetaField) => !SYSTEM_FIELDS.includes(f.name) && !f.readonly && states[f.name]?.visible !== false && !states[f.name]?.disabled && !states[f.name]?.readonly && !extensions.lookups?.[f.name] && !f.options?.length;
  const text = meta.fields.find((f) => shown(f) && f.type === 'String' && !f.pattern && !f.unique && !f.rules && (f.usage === undefined || f.usage === 'MultilineText') && (f.maxLength ?? 40) >= 8);
  return text ?? meta.fields.find((f) => shown(f) && f.type === 'Number' && !f.unique && f.usage === undefined);
}
