import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import articleDoc from '../../fixtures/metadata/valid/pos-supply/article.json';
import { ENGLISH_EXPLANATIONS, explainCondition, formatExplanation, type Condition } from '../../conditions';
import { compileEntityUncached, type EntityDocument } from '../../schemas';
import { activateCatalogue } from '../test-support/catalogue';
import { explanationMessages } from './explanation-messages';
import { createFieldEffects } from './field-effects';

const compiled = compileEntityUncached(articleDoc as EntityDocument, 'de');
const voucher = { ...compiled.emptyRecord, Kind: 3 };
const say = (condition: Condition, record: Record<string, unknown>) => formatExplanation(explainCondition(condition, record), undefined, explanationMessages(i18n));

afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('explanation messages', () => {
  it('are the English defaults of conditions/, word for word, in English (source texts and catalogue)', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(explanationMessages(i18n)).toEqual(ENGLISH_EXPLANATIONS);
    activateCatalogue('en');
    expect(explanationMessages(i18n)).toEqual(ENGLISH_EXPLANATIONS);
  });

  it('say why a field is disabled in German when German is active', () => {
    activateCatalogue('de');
    const states = createFieldEffects(compiled, explanationMessages(i18n)).evaluateAll(voucher);
    expect(states.Tax).toMatchObject({ disabled: true, reason: 'Kind ist gleich Gutschein' });
    expect(say({ whenAll: [{ field: 'Status', op: 'equal', value: 'Closed' }, { field: 'Paid', op: 'true' }] }, { Status: 'Open', Paid: null })).toBe(
      'Status ist ungleich Closed und Paid ist nicht wahr',
    );
    expect(say({ field: 'Note', op: 'equal', value: null }, { Note: 'x' })).toBe('Note ist ungleich (kein Wert)');
  });

  it('keep the apostrophes of French and Italian texts and fill the placeholders after them', () => {
    activateCatalogue('fr');
    expect(say({ field: 'Statut', op: 'equal', value: 'Clos' }, { Statut: 'Ouvert' })).toBe("Statut n'est pas égal à Clos");
    expect(say({ field: 'Note', op: 'empty' }, { Note: 'x' })).toBe("Note n'est pas vide");
    activateCatalogue('it');
    expect(say({ whenAny: [] }, {})).toBe('non ci sono alternative');
    expect(say({ whenAll: [] }, {})).toBe("non c'è nulla da soddisfare");
  });

  it('are one object per language until the language changes, so the form keeps its effects meanwhile', () => {
    activateCatalogue('de');
    const german = explanationMessages(i18n);
    expect(explanationMessages(i18n)).toBe(german);
    activateCatalogue('cs');
    expect(explanationMessages(i18n)).not.toBe(german);
    expect(say({ field: 'Stav', op: 'empty' }, { Stav: '' })).toBe('pole Stav je prázdné');
  });
});
