import type { Report } from './check-fields';
import type { EntityDocument } from './entity-document';

/** The field types an index can hold: scalars (an Object or Array column is JSON). */
const INDEXABLE = new Set(['String', 'Number', 'Boolean']);

/**
 * Checks `indexes`: each names declared top-level fields stored in the kind's table (not external) of a scalar type,
 * a trigram index exactly one String field (pg_trgm indexes text, one column per "contains"), and no two indexes of
 * the same method name the same fields in the same order (the second would be the first again).
 */
export function checkIndexes(doc: EntityDocument, report: Report): void {
  const seen = new Set<string>();
  doc.indexes?.forEach((index, i) => {
    const trigram = index.method === 'trigram';
    if (trigram && index.fields.length > 1) report(`/indexes/${i}/fields`, `a trigram index holds one String field, this one names ${index.fields.length}: declare one trigram index per field`);
    index.fields.forEach((name, j) => {
      const field = doc.fields.find((f) => f.name === name);
      if (!field) report(`/indexes/${i}/fields/${j}`, `index names field '${name}', which does not exist`);
      else if (field.external) report(`/indexes/${i}/fields/${j}`, `index names field '${name}', which is external: it has no column to index`);
      else if (trigram && field.type !== 'String') report(`/indexes/${i}/fields/${j}`, `trigram index names field '${name}' of type ${field.type}: only a String field can have one (it serves "contains")`);
      else if (!INDEXABLE.has(field.type)) report(`/indexes/${i}/fields/${j}`, `index names field '${name}' of type ${field.type}: only String, Number and Boolean fields can be indexed`);
    });
    const key = `${trigram ? 'trigram' : 'btree'}:${index.fields.join(',')}`;
    if (seen.has(key)) report(`/indexes/${i}`, `${trigram ? 'trigram index' : 'index'} on ${index.fields.join(', ')} is declared twice`);
    seen.add(key);
  });
}
