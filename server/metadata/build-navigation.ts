import { closestName } from '../../schemas/closest-name';
import { pointer, type DocumentIssue } from '../../schemas/document-issue';
import type { EntityDocument, NavigationItem } from '../../schemas/entity-document';

/** One navigation file as read: the built-in one, or the one beside the documents of MATE_METADATA_DIR. */
export interface NavigationFile {
  file: string;
  items: unknown;
}

const ITEM_KEYS = ['path', 'title', 'icon', 'component', 'entity', 'state', 'ignorePermissions', 'children'] as const;
const PATH = /^\/([a-z0-9][A-Za-z0-9-]*(\/[a-z0-9][A-Za-z0-9-]*)*)?$/;
const ITEM_EXAMPLE = '{ "path": "/data/gifts", "title": { "en": "Gifts", "de": "Geschenke", ... }, "icon": "gift", "children": [] }';

/** The navigation with every kind in it, and what is wrong with the files and documents that made it. */
export interface BuiltNavigation {
  navigation: NavigationItem[];
  issues: DocumentIssue[];
}

interface SeenPath {
  file: string;
  group: boolean;
}

/**
 * Checks the shape of one navigation item list; an item that fails is left out of the merge. With `mayRepeatGroups`
 * (an extension folder's file) an item without a component may repeat a group already there, to add to it.
 */
function checkItems(file: string, items: unknown, base: string, seen: Map<string, SeenPath>, issues: DocumentIssue[], mayRepeatGroups: boolean): NavigationItem[] {
  if (!Array.isArray(items)) {
    issues.push({ file, path: base, message: `must be an array of navigation items, e.g. [${ITEM_EXAMPLE}]` });
    return [];
  }
  const checked: NavigationItem[] = [];
  items.forEach((raw, index) => {
    const at = pointer(base, index);
    const before = issues.length;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      issues.push({ file, path: at, message: `a navigation item must be an object, e.g. ${ITEM_EXAMPLE}` });
      return;
    }
    const item = raw as Record<string, unknown>;
    for (const key of Object.keys(item)) {
      if ((ITEM_KEYS as readonly string[]).includes(key)) continue;
      const hint = closestName(key, ITEM_KEYS);
      issues.push({ file, path: pointer(at, key), message: `unknown property '${key}'${hint ? ` (did you mean '${hint}'?)` : ` (allowed: ${ITEM_KEYS.join(', ')})`}` });
    }
    if (typeof item.path !== 'string' || !PATH.test(item.path)) {
      issues.push({ file, path: pointer(at, 'path'), message: `path ${JSON.stringify(item.path)} must start with '/' and hold kebab-case segments, e.g. "/data/gifts"` });
    }
    const repeated = typeof item.path === 'string' ? seen.get(item.path) : undefined;
    const addsToGroup = repeated !== undefined && mayRepeatGroups && repeated.group && item.component === undefined;
    if (repeated && !addsToGroup) {
      issues.push({ file, path: pointer(at, 'path'), message: `path '${String(item.path)}' is already in the navigation (${repeated.file})` });
    }
    if (addsToGroup && item.title === undefined) {
      // Adding to a group of the product's: its title stays.
    } else if (typeof item.title === 'string') {
      issues.push({ file, path: pointer(at, 'title'), message: `title must be localized text, an object with one string per language, e.g. { "en": ${JSON.stringify(item.title)}, "de": "..." }, not a plain string` });
    } else if (item.title === null || typeof item.title !== 'object' || typeof (item.title as Record<string, unknown>).en !== 'string') {
      issues.push({ file, path: pointer(at, 'title'), message: 'title is required: localized text with at least "en", e.g. { "en": "Gifts", "de": "Geschenke" }' });
    }
    for (const key of ['icon', 'component', 'entity'] as const) {
      if (item[key] !== undefined && typeof item[key] !== 'string') issues.push({ file, path: pointer(at, key), message: `${key} must be a string` });
    }
    if (item.entity !== undefined && item.component === undefined) issues.push({ file, path: pointer(at, 'component'), message: `an item with an entity is a data grid page: add "component": "data-grid"` });
    if (item.state !== undefined && typeof item.state !== 'boolean') issues.push({ file, path: pointer(at, 'state'), message: 'state must be true (in progress) or false (testable)' });
    if (item.ignorePermissions !== undefined && typeof item.ignorePermissions !== 'boolean') issues.push({ file, path: pointer(at, 'ignorePermissions'), message: 'ignorePermissions must be true or false' });
    if (issues.length > before) return;
    if (!addsToGroup) seen.set(item.path as string, { file, group: item.component === undefined });
    const children = item.children === undefined ? undefined : checkItems(file, item.children, pointer(at, 'children'), seen, issues, mayRepeatGroups);
    checked.push({ ...(item as unknown as NavigationItem), ...(children ? { children } : {}) });
  });
  return checked;
}

function findItem(items: readonly NavigationItem[], predicate: (item: NavigationItem) => boolean): NavigationItem | undefined {
  for (const item of items) {
    if (predicate(item)) return item;
    const found = findItem(item.children ?? [], predicate);
    if (found) return found;
  }
  return undefined;
}

function allItems(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => [item, ...allItems(item.children ?? [])]);
}

/**
 * Merges an extension folder's navigation into the product's: an item whose path is a group already there (at any
 * depth) adds its children to that group; any other item is added where it stands (top level: at the end).
 */
function mergeInto(root: NavigationItem[], target: NavigationItem[], additions: readonly NavigationItem[]): void {
  for (const addition of additions) {
    const existing = findItem(root, (item) => item.path === addition.path && !item.component);
    if (existing) {
      existing.children = [...(existing.children ?? [])];
      mergeInto(root, existing.children, addition.children ?? []);
    } else target.push(addition);
  }
}

/** The paths of every group (an item without a component of its own), for "did you mean". */
function groupPaths(items: readonly NavigationItem[]): string[] {
  return allItems(items)
    .filter((item) => !item.component)
    .map((item) => item.path);
}

/**
 * The product's navigation with the extension folders' navigation files merged in and a data-grid page for every
 * entity kind that no item names yet: under the group its document's `navigation` names, titled with its
 * `pluralLabel` (else `label`), with its `icon`, at `<navigation>/<entity>`. So a new kind is one document: its menu
 * entry, page and permission-matrix row follow from it (docs/metadata.md "Where a kind appears in the menu").
 */
export function buildNavigation(files: readonly NavigationFile[], docs: readonly { file: string; doc: EntityDocument }[]): BuiltNavigation {
  const issues: DocumentIssue[] = [];
  const seen = new Map<string, SeenPath>();
  const navigation: NavigationItem[] = [];
  files.forEach(({ file, items }, index) => {
    const checked = checkItems(file, items, '', seen, issues, index > 0);
    if (index === 0) navigation.push(...checked);
    else mergeInto(navigation, navigation, checked);
  });
  const kinds = new Map(docs.map(({ doc }) => [`${doc.area}/${doc.entity}`, doc]));
  for (const item of allItems(navigation)) {
    if (item.entity === undefined || kinds.has(item.entity)) continue;
    const file = files.find((f) => JSON.stringify(f.items).includes(JSON.stringify(item.entity)))?.file ?? '';
    const hint = closestName(item.entity, kinds.keys());
    issues.push({ file, path: '', message: `navigation item '${item.path}' names entity '${item.entity}', which no document defines${hint ? ` (did you mean '${hint}'?)` : ''}` });
  }
  for (const { file, doc } of docs) {
    const key = `${doc.area}/${doc.entity}`;
    if (findItem(navigation, (item) => item.entity === key)) continue;
    const group = findItem(navigation, (item) => item.path === doc.navigation);
    if (!group || group.component) {
      const groups = groupPaths(navigation);
      const hint = closestName(doc.navigation, groups);
      issues.push({
        file,
        path: '/navigation',
        message:
          `navigation '${doc.navigation}' ${group ? 'is a page, not a group' : 'names no navigation group'}${hint ? ` (did you mean '${hint}'?)` : ''}: ` +
          `use a group of the menu, e.g. "navigation": "/data/${doc.area}" (groups: ${groups.filter((path) => path.startsWith('/data/')).join(', ')}), ` +
          `or add the group to a navigation.json beside your documents, e.g. [{ "path": "${doc.navigation}", "title": { "en": "...", "de": "..." }, "children": [] }]`,
      });
      continue;
    }
    const path = `${doc.navigation}/${doc.entity}`;
    if (findItem(navigation, (item) => item.path === path)) {
      issues.push({ file, path: '/entity', message: `the page of this kind would be '${path}', which is already a navigation item of something else` });
      continue;
    }
    group.children = [...(group.children ?? []), { path, title: doc.pluralLabel ?? doc.label, ...(doc.icon ? { icon: doc.icon } : {}), component: 'data-grid', entity: key }];
  }
  return { navigation, issues };
}
