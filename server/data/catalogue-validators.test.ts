import { describe, expect, it } from 'vitest';
import { BUILT_IN_METADATA_DIR } from '../metadata/load-navigation';
import { loadCatalogue } from './catalogue';

// The catalogue compiles a kind's record validator on its first record (catalogue.ts `compiledOnFirstUse`), so a
// schema ajv cannot compile would show at a user's first save instead of at start: every shipped kind's is compiled
// here.
describe('the record validators of the shipped kinds', () => {
  it('compile and check a record for every kind', async () => {
    const catalogue = await loadCatalogue([BUILT_IN_METADATA_DIR]);
    expect(catalogue.kinds.length).toBeGreaterThan(10);
    for (const kind of catalogue.kinds) expect(() => kind.validate({}), kind.kind).not.toThrow();
    // An unknown member is refused by the compiled schema, so the validator did run.
    const first = catalogue.kinds[0]!;
    expect(Object.keys(first.validate({ NoSuchField: 1 }))).toContain('NoSuchField');
  });
});
