import { i18n } from '@lingui/core';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { expectedStates, sampleDocument, semanticsRows, statesOfEffectFields } from '../../fixtures/record-semantics/table';
import { compileEntityUncached } from '../../schemas';
import { validationTranslate } from '../validation-messages';
import { explanationMessages } from './explanation-messages';
import { createFieldEffects } from './field-effects';
import { createCustomValidate, createTransformErrors, errorPath, formValidator } from './form-validation';

/**
 * The shared table of fixtures/record-semantics/ through the editor's adapters, as entity-form.tsx wires them: the
 * effects engine for the states, rjsf's validator with `transformErrors` and `customValidate` for the messages, in
 * the English catalogue of the UI. The same rows hold for the server (server/data/record-semantics.test.ts).
 */
const compiled = compileEntityUncached(sampleDocument, 'en');

describe('record semantics in the editor (fixtures/record-semantics)', () => {
  it.each(semanticsRows.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    // The editor starts from the empty record (GET .../empty) with the row's values typed in.
    const record = { ...compiled.emptyRecord, ...row.record };
    const states = createFieldEffects(compiled, explanationMessages(i18n)).evaluateAll(record);
    expect(statesOfEffectFields(states)).toEqual(expectedStates(row));

    const translate = validationTranslate(i18n);
    const result = formValidator().validateFormData(record, compiled.schema as RJSFSchema, createCustomValidate(compiled, translate, () => states), createTransformErrors(compiled, translate, () => record));
    const errors: Record<string, string[]> = {};
    for (const error of result.errors) (errors[errorPath(error)] ??= []).push(error.message ?? '');
    expect(errors).toEqual(row.errors);
  });

  it('refuses a required write-only field whose box was left empty in a new record (the server does), and keeps a stored one', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const translate = validationTranslate(i18n);
    // The write-only widget leaves an empty box out of the record (undefined): the server then keeps a stored value.
    const record: Record<string, unknown> = { ...compiled.emptyRecord, Name: 'Sample', Kind: 2, Pin: undefined };
    const states = createFieldEffects(compiled).evaluateAll(record);
    const messages = (writeOnlySet?: Record<string, boolean>) =>
      formValidator()
        .validateFormData(record, compiled.schema as RJSFSchema, createCustomValidate(compiled, translate, () => states, () => writeOnlySet), createTransformErrors(compiled, translate, () => record))
        .errors.map((error) => `${errorPath(error)}: ${error.message ?? ''}`);
    expect(messages()).toEqual(['Pin: PIN is required.']);
    expect(messages({ Pin: true })).toEqual([]);
  });
});
