import { describe, expect, it } from 'vitest';
import sampleDoc from '../fixtures/record-semantics/lab/sample.json';
import rows from '../fixtures/record-semantics/rows.json';
import { adjustRecord } from './adjust-record';
import { compileEntityUncached } from './compile-entity';
import type { EntityDocument } from './entity-document';
import { createRecordValidator } from './record-validator';
import { createFieldEffects, type FieldState } from './record-effects';
import { validateEntityDocument } from './validate-entity-document';

/**
 * The shared table of fixtures/record-semantics/ through the pure core: the states `adjustRecord` answers, the
 * states the editor's effects engine keeps, and the API's messages. The server's and the editor's adapters run the
 * same rows (server/data/record-semantics.test.ts, renderers/form/record-semantics.test.ts).
 */
const doc = sampleDoc as unknown as EntityDocument;
const compiled = compileEntityUncached(doc, 'en');
const effectFields = Object.keys(doc.extensions!.effects!);
const NOTHING_HOLDS: FieldState = { disabled: false, readonly: false, required: false, visible: true };

interface Row {
  name: string;
  record: Record<string, unknown>;
  states: Record<string, Partial<FieldState>>;
  errors: Record<string, string[]>;
}

function expectedStates(row: Row): Record<string, FieldState> {
  return Object.fromEntries(effectFields.map((field) => [field, { ...NOTHING_HOLDS, ...row.states[field] }]));
}

describe('record semantics (fixtures/record-semantics)', () => {
  it('reads a valid document', () => {
    expect(validateEntityDocument(doc, 'lab/sample.json')).toEqual([]);
  });

  it.each((rows as unknown as Row[]).map((row) => [row.name, row] as const))('%s', (_name, row) => {
    const adjusted = adjustRecord(doc, compiled, row.record);
    const serverStates = Object.fromEntries(effectFields.map((field) => [field, adjusted.states[field]]));
    expect(serverStates).toEqual(expectedStates(row));

    const editor = createFieldEffects(compiled).evaluateAll(adjusted.entity);
    const editorStates = Object.fromEntries(effectFields.map((field) => {
      const { disabled, readonly, required, hidden } = editor[field]!;
      return [field, { disabled, readonly, required, visible: !hidden }];
    }));
    expect(editorStates).toEqual(serverStates);

    const errors = createRecordValidator(doc)(adjusted.entity);
    expect(Object.fromEntries(Object.entries(errors).map(([path, list]) => [path, list.map((e) => e.message)]))).toEqual(row.errors);
  });
});
