import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  checkCatalogue,
  compileEntity,
  createRecordValidator,
  fieldTypesOf,
  isWriteOnly,
  toEntityMeta,
  validateEntityDocument,
  decimalStringNames,
  type CompiledEntity,
  type DocumentIssue,
  type EntityDocument,
  type EntityMeta,
  type FieldModel,
  type Operation,
  type RecordValidator,
} from '../../schemas';
import type { ConditionFieldTypes } from '../../conditions';
import { entityTableName } from './sql-names';

/** One entity kind as the data service serves it. */
export interface EntityKind {
  /** `<area>/<entity>` as declared. */
  kind: string;
  file: string;
  doc: EntityDocument;
  meta: EntityMeta;
  compiled: CompiledEntity;
  table: string;
  tenantScoped: boolean;
  operations: ReadonlySet<Operation>;
  /** The declared fields (system fields excluded), by name. */
  fields: ReadonlyMap<string, FieldModel>;
  /** The declared fields with a column in the kind's table: all but the external ones (external-fields.ts). */
  storedFields: readonly FieldModel[];
  /** The names of the external fields, whose values a server module keeps (external-fields.ts). */
  externalFields: readonly string[];
  /** Field path -> kind, system fields included: what filters and effects may read. */
  fieldTypes: ConditionFieldTypes;
  /**
   * The decimal-string fields (schemas/decimal-strings.ts): wide integers and exact decimals, decimal strings on the
   * wire, compared numerically by conditions, sorted and paged by their text.
   */
  decimalStrings: ReadonlySet<string>;
  validate: RecordValidator;
}

/** Every entity kind, found by area and entity case-insensitively (the UI lowercases both). */
export interface Catalogue {
  kinds: readonly EntityKind[];
  find(area: string, entity: string): EntityKind | undefined;
}

/** The catalogue could not be loaded; the message lists every issue with file, path and reason. */
export class CatalogueError extends Error {
  constructor(readonly issues: DocumentIssue[]) {
    super(`The entity catalogue has ${issues.length} problem(s):\n${issues.map((i) => `  ${i.file}${i.path ? ` at ${i.path}` : ''}: ${i.message}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

const lookupKey = (area: string, entity: string) => `${area.toLowerCase()}/${entity.toLowerCase()}`;

/**
 * The kind's record validator, compiled by ajv when the kind's first record is checked: compiling every kind's at
 * start cost a second of CPU per start (each test's server, each instance), though most kinds of a server see no
 * write. The compiled schema comes from a checked document; `catalogue-validators.test.ts` compiles every shipped
 * kind's.
 */
function compiledOnFirstUse(doc: EntityDocument): RecordValidator {
  let validate: RecordValidator | undefined;
  return (record) => (validate ??= createRecordValidator(doc))(record);
}

/** Builds a catalogue from documents already validated. */
export function createCatalogue(entries: readonly { file: string; doc: EntityDocument }[]): Catalogue {
  const kinds = entries.map(({ file, doc }): EntityKind => {
    const meta = toEntityMeta(doc);
    return {
      kind: `${doc.area}/${doc.entity}`,
      file,
      doc,
      meta,
      compiled: compileEntity(doc, 'en'),
      table: entityTableName(doc.area, doc.entity),
      tenantScoped: doc.scope === 'tenant',
      operations: new Set(meta.operations),
      fields: new Map(doc.fields.map((f) => [f.name, f])),
      storedFields: doc.fields.filter((f) => !f.external),
      externalFields: doc.fields.filter((f) => f.external).map((f) => f.name),
      // Write-only fields are left out: a filter, sort or search over one would tell its value.
      fieldTypes: fieldTypesOf(meta.fields.filter((f) => !isWriteOnly(f))),
      decimalStrings: decimalStringNames(doc.fields),
      validate: compiledOnFirstUse(doc),
    };
  });
  const byKey = new Map(kinds.map((k) => [lookupKey(k.doc.area, k.doc.entity), k]));
  return { kinds, find: (area, entity) => byKey.get(lookupKey(area, entity)) };
}

async function jsonFiles(root: string, dir = root): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await jsonFiles(root, full)));
    else if (entry.isFile() && entry.name.endsWith('.json') && dir !== root) out.push(full);
  }
  return out;
}

/**
 * Reads every `<area>/<entity>.json` below each directory (files at a directory's top level, such as
 * navigation.json, are not entity documents), validates each document and the catalogue as a whole, and
 * throws a CatalogueError naming file, path and reason when anything is wrong. Later directories add kinds
 * (MATE_METADATA_DIR next to server/metadata); a kind defined twice is an error.
 */
export async function loadCatalogue(dirs: readonly string[]): Promise<Catalogue> {
  const issues: DocumentIssue[] = [];
  const raw: { file: string; doc: unknown }[] = [];
  for (const dir of dirs) {
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) {
      issues.push({ file: dir, path: '', message: 'the metadata directory does not exist' });
      continue;
    }
    for (const file of (await jsonFiles(dir)).sort()) {
      try {
        raw.push({ file, doc: JSON.parse(await readFile(file, 'utf8')) as unknown });
      } catch (error) {
        issues.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
      }
    }
  }
  for (const { file, doc } of raw) issues.push(...validateEntityDocument(doc, file));
  if (issues.length === 0) issues.push(...checkCatalogue(raw));
  if (issues.length > 0) throw new CatalogueError(issues);
  return createCatalogue(raw as { file: string; doc: EntityDocument }[]);
}
