import { describe, expect, it } from 'vitest';
import { effectFields, expectedStates, sampleDocument as doc, semanticsRows, statesOfEffectFields } from '../fixtures/record-semantics/table';
import { adjustRecord } from './adjust-record';
import { compileEntityUncached } from './compile-entity';
import { createRecordValidator } from './record-validator';
import { createFieldEffects } from './record-effects';
import { validateEntityDocument } from './validate-entity-document';

/**
 * The shared table of fixtures/record-semantics/ through the pure core: the states `adjustRecord` answers, the
 * states the editor's effects engine keeps, and the API's messages. The server's and the editor's adapters run the
 * same rows (server/data/record-semantics.test.ts, renderers/form/record-semantics.test.ts).
 */
const compiled = compileEntityUncached(doc, 'en');

describe('record semantics (fixtures/record-semantics)', () => {
  it('reads a valid document', () => {
    expect(validateEntityDocument(doc, 'lab/sample.json')).toEqual([]);
  });

  it.each(semanticsRows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const adjusted = adjustRecord(doc, compiled, row.record);
    const serverStates = Object.fromEntries(effectFields.map((field) => [field, adjusted.states[field]]));
    expect(serverStates).toEqual(expectedStates(row));

    expect(statesOfEffectFields(createFieldEffects(compiled).evaluateAll(adjusted.entity))).toEqual(serverStates);

    const errors = createRecordValidator(doc)(adjusted.entity);
    expect(Object.fromEntries(Object.entries(errors).map(([path, list]) => [path, list.map((e) => e.message)]))).toEqual(row.errors);
  });
});
