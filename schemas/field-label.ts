import type { FieldModel, Locale, LocalizedText } from './entity-document';

/**
 * Picks a text in a locale, falling back to `en`.
 */
export function localize(text: LocalizedText, locale: Locale | string = 'en'): string {
  return (text as Record<string, string | undefined>)[locale] ?? text.en;
}

/**
 * Splits a PascalCase name into words for a default label: "UnitPrice" -> "Unit price",
 * "GTINCode" -> "GTIN code" (acronyms stay upper case), "Address2" -> "Address2".
 */
export function nameToWords(name: string): string {
  const words = name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^A-Za-z\d]+/g) ?? [name];
  const joined: string[] = [];
  words.forEach((word, index) => {
    const acronym = word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word);
    const text = index === 0 || acronym ? word : word.toLowerCase();
    // Digits stick to the word before them ("Address2"), separators are dropped.
    if (/^\d+$/.test(word) && joined.length > 0) joined[joined.length - 1] += word;
    else if (/^[A-Za-z\d]/.test(word)) joined.push(text);
  });
  const label = joined.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * The label of a field in a locale: its own label (falling back to `en`), else its name split into words.
 */
export function fieldLabel(field: Pick<FieldModel, 'name' | 'label'>, locale: Locale | string = 'en'): string {
  return field.label ? localize(field.label, locale) : nameToWords(field.name);
}
