import type { ErrorObject, ValidateFunction } from 'ajv';
import type { EntityDocument } from './entity-document';
import { validate as validateGenerated } from './entity-document-validator.generated';
import { checkExtensions } from './check-extensions';
import { checkFields } from './check-fields';
import { checkImportDefinition } from './check-import-definition';
import { checkIndexes } from './check-indexes';
import { checkOnDelete } from './check-on-delete';
import { checkScopeFields, checkVisibility } from './check-scope-fields';
import type { DocumentIssue } from './document-issue';
import { closestName } from './closest-name';

// ENTITY_DOCUMENT_SCHEMA compiled ahead (entity-document-validator-source.ts, `npm run generate`): compiling it at run
// time took about a second of every start.
const validateShape = validateGenerated as unknown as ValidateFunction;

/**
 * Validates an entity document: first its shape against `ENTITY_DOCUMENT_SCHEMA`, then (only once the shape is
 * right, so the checks can trust it) the semantic checks of the field model and the extensions, and, when `file`
 * is a path like `.../<area>/<entity>.json`, that `entity` matches the file name and `area` the folder.
 * Returns the issues, empty when the document is valid.
 */
export function validateEntityDocument(doc: unknown, file: string): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const report = (path: string, message: string) => issues.push({ file, path, message });
  if (!validateShape(doc)) {
    for (const error of validateShape.errors ?? []) {
      const { path, message } = describeShapeError(doc, error);
      report(path, message);
    }
    return issues;
  }
  const document = doc as EntityDocument;
  checkFields(document, report);
  checkExtensions(document, report);
  checkOnDelete(document, report);
  checkImportDefinition(document, report);
  checkScopeFields(document, report);
  checkIndexes(document, report);
  checkVisibility(document, report);
  checkFileName(document, file, report);
  return issues;
}

function checkFileName(doc: EntityDocument, file: string, report: (path: string, message: string) => void): void {
  const parts = file.split(/[\\/]/).filter(Boolean);
  const base = parts.at(-1);
  if (!base?.endsWith('.json')) return;
  const entity = base.slice(0, -'.json'.length);
  if (doc.entity !== entity) report('/entity', `entity '${doc.entity}' does not match the file name '${base}': name the file '${doc.entity}.json' or fix 'entity'`);
  const folder = parts.at(-2);
  if (folder !== undefined && doc.area !== folder) report('/area', `area '${doc.area}' does not match the folder '${folder}': move the file to '${doc.area}/' or fix 'area'`);
}

/** Reads the value at a JSON pointer (undefined when absent). */
function at(doc: unknown, path: string): unknown {
  let current = doc;
  for (const raw of path.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** "field 'Address.City': " when the pointer is inside a field, so the author finds the spot by name. */
function fieldContext(doc: unknown, path: string): string {
  const column = /^\/extensions\/import\/columns\/(\d+)/.exec(path);
  if (column) {
    const field = (at(doc, column[0]) as { field?: unknown } | undefined)?.field;
    return `import column ${typeof field === 'string' ? `'${field}'` : `#${column[1]}`}: `;
  }
  const match = /^(\/fields\/\d+(?:\/(?:properties\/\d+|items))*)/.exec(path);
  if (!match) return '';
  const names: string[] = [];
  const segments = match[1]!.split('/').slice(1);
  let prefix = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    prefix += `/${segment}`;
    if (segment === 'items') names.push('[]');
    else if (/^\d+$/.test(segment)) {
      const name = (at(doc, prefix) as { name?: unknown } | undefined)?.name;
      names.push(typeof name === 'string' ? name : `#${segment}`);
    }
  }
  return `field '${names.join('.').replace(/\.\[\]/g, '[]')}': `;
}

const closest = closestName;

/** Keys whose value is localized text ({ en, de, ... }), to name the plain-string mistake plainly. */
const LOCALIZED_KEYS: ReadonlySet<string> = new Set(['label', 'pluralLabel', 'description', 'title']);

function describeShapeError(doc: unknown, error: ErrorObject): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  const context = fieldContext(doc, error.instancePath);
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const hint = closest(key, allowed);
      return {
        path: `${error.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `${context}unknown property '${key}'${hint ? ` (did you mean '${hint}'?)` : allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ''}`,
      };
    }
    case 'required':
      return { path: error.instancePath, message: `${context}missing required property '${String(params.missingProperty)}'` };
    case 'enum': {
      const value = at(doc, error.instancePath);
      const allowed = (params.allowedValues as unknown[]).map((v) => String(v));
      // A misspelt choice ("Strng", "tenants") names the one it most likely meant, as a misspelt key does.
      const hint = typeof value === 'string' ? closest(value, allowed) : undefined;
      return {
        path: error.instancePath,
        message: `${context}${JSON.stringify(value)} is not allowed here; use one of: ${allowed.join(', ')}${hint ? ` (did you mean '${hint}'?)` : ''}`,
      };
    }
    case 'pattern': {
      const value = at(doc, error.instancePath);
      const hint = error.instancePath === '/area'
        ? ' (kebab-case, e.g. "pos-supply")'
        : error.instancePath === '/entity'
          ? ' (e.g. "gift-card" or "contactTask")'
          : /\/entity$/.test(error.instancePath)
            ? ' (the kind as "<area>/<entity>", e.g. "pos-supply/tax")'
            : error.instancePath === '/navigation'
              ? ' (a group path starting with /, e.g. "/data/pos-supply")'
              : '';
      return { path: error.instancePath, message: `${context}${JSON.stringify(value)} does not have the expected form${hint}` };
    }
    case 'type': {
      const value = at(doc, error.instancePath);
      const key = error.instancePath.split('/').at(-1) ?? '';
      if (typeof value === 'string' && LOCALIZED_KEYS.has(key)) {
        return { path: error.instancePath, message: `${context}${key} must be localized text, an object with one string per language, e.g. { "en": ${JSON.stringify(value)}, "de": "..." }, not a plain string` };
      }
      return { path: error.instancePath, message: `${context}${error.instancePath ? `${key} ` : 'the document '}${error.message ?? error.keyword}` };
    }
    default:
      return { path: error.instancePath, message: `${context}${error.instancePath ? `${error.instancePath.split('/').at(-1)} ` : 'the document '}${error.message ?? error.keyword}` };
  }
}
