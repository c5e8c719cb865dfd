import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NavigationItem } from '../../schemas/entity-document';

/** The folder of the built-in entity catalogue. */
export const BUILT_IN_METADATA_DIR = path.dirname(fileURLToPath(import.meta.url));

/** The built-in navigation definition (server/metadata/navigation.json). */
export const NAVIGATION_FILE = path.join(BUILT_IN_METADATA_DIR, 'navigation.json');

/** Reads the navigation definition; a broken file stops the start with a message naming it. */
export async function loadNavigation(file = NAVIGATION_FILE): Promise<NavigationItem[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(parsed)) throw new Error(`${file}: must be an array of navigation items`);
  return parsed as NavigationItem[];
}
