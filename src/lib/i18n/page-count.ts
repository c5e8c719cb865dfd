import { plural } from '@lingui/core/macro';

/** "3 pages" in the current language; Czech needs its few/many forms. */
export function pageCount(count: number): string {
  return plural(count, { one: '# page', other: '# pages' });
}
