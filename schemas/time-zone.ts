import type Ajv from 'ajv';

/** The format name of an IANA time zone (usage `TimeZone`), registered by {@link addTimeZoneFormat}. */
export const TIME_ZONE_FORMAT = 'time-zone';

let names: readonly string[] | undefined;
let known: ReadonlySet<string> | undefined;

/**
 * The IANA time zones the runtime knows (`Intl.supportedValuesOf('timeZone')`, the zones the editor offers), with
 * `UTC`, which the list leaves out although every runtime and PostgreSQL know it. Sorted; computed once.
 */
export function timeZoneNames(): readonly string[] {
  names ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return names;
}

/**
 * Whether a text names an IANA time zone: one of `timeZoneNames`, or an alias the runtime resolves to one
 * (`Asia/Kolkata` for `Asia/Calcutta`, `US/Eastern`). Offsets (`+05:00`) and abbreviations (`CET` aside, which is a
 * zone) are refused: a business day follows a place's rules, summer time included, not a fixed offset.
 */
export function isTimeZone(text: string): boolean {
  known ??= new Set(timeZoneNames());
  if (known.has(text)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(text)) return false;
  try {
    return known.has(new Intl.DateTimeFormat('en', { timeZone: text }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** Adds the `time-zone` format to an ajv instance (the server's record validator and the editors' validator). */
export function addTimeZoneFormat(ajv: Ajv): Ajv {
  if (!ajv.formats[TIME_ZONE_FORMAT]) ajv.addFormat(TIME_ZONE_FORMAT, { type: 'string', validate: isTimeZone });
  return ajv;
}
