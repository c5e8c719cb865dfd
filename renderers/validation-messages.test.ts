import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES } from '../schemas';
import { activateCatalogue } from './test-support/catalogue';
import { validationTranslate } from './validation-messages';

afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('validation messages', () => {
  it('are the English catalogue of schemas/, every key word for word, in English (source texts and catalogue)', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const translate = validationTranslate(i18n);
    const english = () => Object.fromEntries(Object.keys(DEFAULT_MESSAGES).map((key) => [key, translate(key)]));
    expect(english()).toEqual(DEFAULT_MESSAGES);
    activateCatalogue('en');
    expect(english()).toEqual(DEFAULT_MESSAGES);
  });

  it('are translated, with their placeholders kept for schemas/ to fill', () => {
    activateCatalogue('de');
    const translate = validationTranslate(i18n);
    expect(translate('validation.required.detailed')).toMatch(/\{label\}/);
    expect(translate('validation.required.detailed')).not.toBe(DEFAULT_MESSAGES['validation.required.detailed']);
  });
});
