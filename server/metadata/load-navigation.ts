import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentIssue } from '../../schemas/document-issue';
import type { EntityDocument, NavigationItem } from '../../schemas/entity-document';
import { buildNavigation, type NavigationFile } from './build-navigation';

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

/**
 * The navigation files of metadata folders, in order: each folder's top-level `navigation.json` (the built-in
 * folder's is required, an extension folder's optional), with a file that is no JSON named as an issue.
 */
export async function readNavigationFiles(dirs: readonly string[]): Promise<{ files: NavigationFile[]; issues: DocumentIssue[] }> {
  const files: NavigationFile[] = [];
  const issues: DocumentIssue[] = [];
  for (const [index, dir] of dirs.entries()) {
    const file = path.join(dir, 'navigation.json');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      if (index === 0) issues.push({ file, path: '', message: 'the navigation file is missing' });
      continue;
    }
    try {
      files.push({ file, items: JSON.parse(text) as unknown });
    } catch (error) {
      issues.push({ file, path: '', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  return { files, issues };
}

/**
 * The navigation of the product and the extension folders, with a page for every kind of the catalogue
 * (build-navigation.ts), or the issues that stop the start.
 */
export async function loadMergedNavigation(dirs: readonly string[], docs: readonly { file: string; doc: EntityDocument }[]): Promise<{ navigation: NavigationItem[]; issues: DocumentIssue[]; files: { file: string; items: NavigationItem[] }[] }> {
  const read = await readNavigationFiles(dirs);
  if (read.issues.length > 0) return { navigation: [], issues: read.issues, files: [] };
  const built = buildNavigation(read.files, docs);
  // The files' items are only handed on once they passed the checks.
  return { ...built, files: built.issues.length > 0 ? [] : (read.files as { file: string; items: NavigationItem[] }[]) };
}
