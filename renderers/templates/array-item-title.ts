/**
 * rjsf titles an array's items `${arrayTitle}-${index + 1}` ("Roles-1"), which reads like a code. An item is known
 * by its path ending in a number; its title is then the array's title and the item's ordinal in the user's language.
 */
export function arrayItemTitle(title: string, path: readonly (string | number)[], ordinal: (title: string, position: number) => string): string {
  const last = path[path.length - 1];
  if (typeof last !== 'number') return title;
  const suffix = `-${last + 1}`;
  const arrayTitle = title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
  return ordinal(arrayTitle, last + 1);
}
