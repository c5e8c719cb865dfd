import { describe, expect, it } from 'vitest';
import type { EntityDocument } from '../../schemas/entity-document';
import { catalogueWarnings } from './catalogue-warnings';

const ALL = { en: 'Gift card', de: 'Geschenkkarte', ja: 'ギフトカード', it: 'Carta regalo', ru: 'Подарочная карта', ar: 'بطاقة هدية', cs: 'Dárková karta', es: 'Tarjeta regalo', fr: 'Carte cadeau' };
const doc = (extra: Partial<EntityDocument>) =>
  ({ area: 'pos-supply', entity: 'gift-card', version: 1, label: ALL, navigation: '/data/pos-supply', scope: 'tenant', fields: [{ name: 'CardNumber', type: 'String', label: ALL }], ...extra }) as EntityDocument;

describe('catalogueWarnings', () => {
  it('says nothing of a document with every language and a drawn icon', () => {
    expect(catalogueWarnings([{ file: 'g.json', doc: doc({ icon: 'gift' }) }], [])).toEqual([]);
  });

  it('names missing languages and an icon the product does not draw, with the nearest one', () => {
    const warnings = catalogueWarnings(
      [{ file: 'g.json', doc: doc({ icon: 'gfit', label: { en: 'Gift card', de: 'Geschenkkarte' }, fields: [{ name: 'CardNumber', type: 'String', label: { en: 'Card number' } }] }) }],
      [{ file: 'navigation.json', items: [{ path: '/data/gifts', title: { en: 'Gifts' }, icon: 'gift', children: [] }] }],
    );
    expect(warnings).toEqual([
      { file: 'g.json', path: '/label', message: 'label lacks ja, it, ru, ar, cs, es, fr (shown in English there)' },
      { file: 'g.json', path: '/icon', message: expect.stringContaining("icon 'gfit' is not one the product draws, a plain page icon shows instead (did you mean 'gift'?)") },
      { file: 'g.json', path: '/fields/0/label', message: "field 'CardNumber': label lacks de, ja, it, ru, ar, cs, es, fr (shown in English there)" },
      { file: 'navigation.json', path: '/0/title', message: "navigation item '/data/gifts': title lacks de, ja, it, ru, ar, cs, es, fr (shown in English there)" },
    ]);
  });
});
