import { createHash } from 'node:crypto';

/** Quotes an identifier for PostgreSQL; every identifier in generated SQL goes through here. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** "contactTask" -> "contact_task", "pos-supply" -> "pos_supply"; only [a-z0-9_] survive. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
    .replace(/^_+|_+$/g, '');
}

// PostgreSQL silently truncates identifiers past 63 bytes; a hash keeps long names distinct instead.
function fit(name: string): string {
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

/** The table of an entity kind: `e_<area>_<entity>` in snake case. */
export function entityTableName(area: string, entity: string): string {
  return fit(`e_${snakeCase(area)}_${snakeCase(entity)}`);
}

/** A lookup index of a table on fields (`indexes` of the entity document): the table and the fields in snake case. */
export function lookupIndexName(table: string, fields: readonly string[]): string {
  return fit(`${table}_${fields.map(snakeCase).join('_')}`);
}

/** The trigram index (pg_trgm, for "contains") of one String field of a table. */
export function trigramIndexName(table: string, field: string): string {
  return fit(`${table}_${snakeCase(field)}_trgm`);
}

/** The unique index of one field of a table. */
export function uniqueIndexName(table: string, field: string): string {
  return fit(`${table}_u_${snakeCase(field)}`);
}
