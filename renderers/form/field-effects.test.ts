import { describe, expect, it } from 'vitest';
import articleDoc from '../../fixtures/metadata/valid/pos-supply/article.json';
import { compileEntityUncached, type EntityDocument, type UiSchema } from '../../schemas';
import { applyEffects, createFieldEffects } from './field-effects';

const compiled = compileEntityUncached(articleDoc as EntityDocument, 'en');

describe('field effects', () => {
  it('evaluates required, readonly, visible and disabled from the record', () => {
    const engine = createFieldEffects(compiled);
    const states = engine.evaluateAll({ ...compiled.emptyRecord, Kind: 1, Text: '', RetailPrice: 0, DisallowDiscount: true });
    expect(states.GTIN).toMatchObject({ required: true });
    expect(states.RetailPrice).toMatchObject({ readonly: true, reasonKind: 'readonly' });
    expect(states.RetailPrice?.reason).toBe('Disallow discount is true');
    expect(states.LongText).toMatchObject({ hidden: true });
    expect(states.Tax).toMatchObject({ disabled: true });
  });

  it('re-evaluates only the fields whose inputs changed, and keeps unchanged states', () => {
    const engine = createFieldEffects(compiled);
    const before = { ...compiled.emptyRecord, Kind: 1, Text: '' };
    const states = engine.evaluateAll(before);
    const count = engine.evaluations;
    const afterText = { ...before, Text: 'Bolt' };
    const next = engine.update(states, before, afterText);
    expect(engine.evaluations - count).toBe(1); // LongText alone reads Text
    expect(next.LongText?.hidden).toBe(false);
    expect(next.GTIN).toBe(states.GTIN);
    const unrelated = { ...afterText, ArticleNumber: 'A-1' };
    expect(engine.update(next, afterText, unrelated)).toBe(next);
  });

  it('marks the uiSchema nodes and keeps the nodes of untouched fields', () => {
    const engine = createFieldEffects(compiled);
    const states = engine.evaluateAll({ ...compiled.emptyRecord, Kind: 3 });
    const ui = applyEffects(compiled.uiSchema, states);
    expect(ui.Tax).toMatchObject({ 'ui:disabled': true, 'ui:options': { effectReason: 'Kind equals Voucher' } });
    expect(ui.Text).toBe(compiled.uiSchema.Text);
    expect((ui.GTIN as UiSchema)['ui:options']).toMatchObject({ effectRequired: false, maxLength: 32 });
  });
});
