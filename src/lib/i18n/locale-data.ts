/** The locale data of `GET /assets/cldr/{locale}.json` (spec 1 §7): CLDR values the UI reads beside Intl. */
export interface LocaleData {
  locale: string;
  direction: 'ltr' | 'rtl';
  /** First day of the week (1 Monday ... 7 Sunday), weekend days, and the days the first week must have. */
  week: { firstDay: number; weekend: number[]; minimalDays: number };
}

/** Whether a fetched answer has the shape of locale data; anything else is ignored like a failed fetch. */
export function isLocaleData(value: unknown): value is LocaleData {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Partial<LocaleData>;
  return typeof data.locale === 'string' && (data.direction === 'ltr' || data.direction === 'rtl') && typeof data.week?.firstDay === 'number';
}
