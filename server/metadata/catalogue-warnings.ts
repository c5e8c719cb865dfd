import type { DocumentIssue } from '../../schemas/document-issue';
import { pointer } from '../../schemas/document-issue';
import type { EntityDocument, FieldModel, LocalizedText, NavigationItem } from '../../schemas/entity-document';
import { LOCALES } from '../../schemas';
import { closestName } from '../../schemas/closest-name';
import { NAV_ICON_NAMES } from '../../schemas/nav-icon-names';

/**
 * What is legal but likely a mistake, said as warnings (start log, npm run schema:check) rather than refused: a
 * localized text missing languages (the product falls back to English, which reads as unfinished work) and an icon
 * name the product does not draw (it shows a neutral page icon).
 */
export function catalogueWarnings(docs: readonly { file: string; doc: EntityDocument }[], navigation: readonly { file: string; items: readonly NavigationItem[] }[]): DocumentIssue[] {
  const warnings: DocumentIssue[] = [];
  const languages = (file: string, path: string, text: LocalizedText | undefined, what: string) => {
    if (!text || typeof text !== 'object') return;
    const missing = LOCALES.filter((locale) => typeof (text as Record<string, unknown>)[locale] !== 'string');
    if (missing.length > 0) warnings.push({ file, path, message: `${what} lacks ${missing.join(', ')} (shown in English there)` });
  };
  const icon = (file: string, path: string, name: string | undefined) => {
    if (name === undefined || NAV_ICON_NAMES.includes(name)) return;
    const hint = closestName(name, NAV_ICON_NAMES);
    warnings.push({ file, path, message: `icon '${name}' is not one the product draws, a plain page icon shows instead${hint ? ` (did you mean '${hint}'?)` : ''}; known: see schemas/nav-icon-names.ts` });
  };
  for (const { file, doc } of docs) {
    languages(file, '/label', doc.label, 'label');
    languages(file, '/pluralLabel', doc.pluralLabel, 'pluralLabel');
    icon(file, '/icon', doc.icon);
    const fields = (list: readonly FieldModel[], base: string) =>
      list.forEach((field, index) => {
        const at = pointer(base, index);
        languages(file, `${at}/label`, field.label, `field '${field.name}': label`);
        languages(file, `${at}/patternHint`, field.patternHint, `field '${field.name}': patternHint`);
        if (field.properties) fields(field.properties, `${at}/properties`);
      });
    fields(doc.fields ?? [], '/fields');
  }
  for (const { file, items } of navigation) {
    const walk = (list: readonly NavigationItem[], base: string) =>
      list.forEach((item, index) => {
        const at = pointer(base, index);
        languages(file, `${at}/title`, item.title, `navigation item '${item.path}': title`);
        icon(file, `${at}/icon`, item.icon);
        walk(item.children ?? [], `${at}/children`);
      });
    walk(items, '');
  }
  return warnings;
}
