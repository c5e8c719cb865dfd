/**
 * Files of a metadata folder that are not entity documents: the navigation, the settings targets and their settings
 * documents. The server reads none as a kind (it takes only `<area>/<entity>.json`); the schema checker and the
 * golden tests skip them by name, so a settings document at a folder's top level is not mistaken for a kind without
 * area and entity.
 */
export const NON_ENTITY_METADATA_FILES: ReadonlySet<string> = new Set(['navigation.json', 'pos-settings.json', 'backoffice-settings.json', 'settings-targets.json']);

/** True for a `.json` file of a metadata folder that holds an entity document. */
export function isEntityDocumentFile(name: string): boolean {
  return name.endsWith('.json') && !NON_ENTITY_METADATA_FILES.has(name);
}
