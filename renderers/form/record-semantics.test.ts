import { i18n } from '@lingui/core';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import sampleDoc from '../../fixtures/record-semantics/lab/sample.json';
import rows from '../../fixtures/record-semantics/rows.json';
import { compileEntityUncached, type EntityDocument, type FieldState } from '../../schemas';
import { validationTranslate } from '../validation-messages';
import { explanationMessages } from './explanation-messages';
import { createFieldEffects } from './field-effects';
import { createCustomValidate, createTransformErrors, errorPath, formValidator } from './form-validation';

/**
 * The shared table of fixtures/record-semantics/ through the editor's adapters, as entity-form.tsx wires them: the
 * effects engine for the states, rjsf's validator with `transformErrors` and `customValidate` for the messages, in
 * the English catalogue of the UI. The same rows hold for the server (server/data/record-semantics.test.ts).
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

describe('record semantics in the editor (fixtures/record-semantics)', () => {
  it.each((rows as unknown as Row[]).map((row) => [row.name, row] as const))('%s', (_name, row) => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    // The editor starts from the empty record (GET .../empty) with the row's values typed in.
    const record = { ...compiled.emptyRecord, ...row.record };
    const states = createFieldEffects(compiled, explanationMessages(i18n)).evaluateAll(record);
    const shown = Object.fromEntries(effectFields.map((field) => {
      const { disabled, readonly, required, hidden } = states[field]!;
      return [field, { disabled, readonly, required, visible: !hidden }];
    }));
    expect(shown).toEqual(Object.fromEntries(effectFields.map((field) => [field, { ...NOTHING_HOLDS, ...row.states[field] }])));

    const translate = validationTranslate(i18n);
    const result = formValidator().validateFormData(record, compiled.schema as RJSFSchema, createCustomValidate(compiled, translate, () => states), createTransformErrors(compiled, translate, () => record));
    const errors: Record<string, string[]> = {};
    for (const error of result.errors) (errors[errorPath(error)] ??= []).push(error.message ?? '');
    expect(errors).toEqual(row.errors);
  });
});
