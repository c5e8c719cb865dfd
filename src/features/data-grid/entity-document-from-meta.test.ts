import { describe, expect, it } from 'vitest';
import { compileEntityUncached, toEntityMeta, type EntityDocument } from '../../../schemas';
import product from '../../../server/data/test-fixtures/shop/product.json';
import { entityDocumentFromMeta } from './entity-document-from-meta';

const doc = product as unknown as EntityDocument;

describe('entityDocumentFromMeta', () => {
  it('rebuilds a document that compiles exactly as the server compiled the original', () => {
    const rebuilt = entityDocumentFromMeta(toEntityMeta(doc), doc.extensions, '/data/shop/product');
    const mine = compileEntityUncached(rebuilt, 'en');
    const theirs = compileEntityUncached(doc, 'en');
    expect(mine.schema).toEqual(theirs.schema);
    expect(mine.uiSchema).toEqual(theirs.uiSchema);
    expect(mine.grid).toEqual(theirs.grid);
    expect(mine.emptyRecord).toEqual(theirs.emptyRecord);
  });

  it('leaves the system fields to the compiler, so they are not declared twice', () => {
    const rebuilt = entityDocumentFromMeta(toEntityMeta(doc), {}, '/x');
    expect(rebuilt.fields.map((f) => f.name)).not.toContain('Oid');
    expect(rebuilt.extensions).toBeUndefined();
    expect(compileEntityUncached(rebuilt).meta.fields.filter((f) => f.name === 'Oid')).toHaveLength(1);
  });
});
