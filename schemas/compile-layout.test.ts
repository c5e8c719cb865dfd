import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/metadata/samples';
import { compileLayout, layoutOrder } from './compile-layout';

describe('compileLayout', () => {
  it('puts unplaced fields in a default first tab and Disabled in its group', () => {
    const layout = compileLayout(sample('article'), 'de');
    expect(layout.tabs.map((t) => [t.id, t.label])).toEqual([['general', 'Allgemein'], ['main', 'Artikel'], ['stock', 'Lager']]);
    expect(layout.tabs[0]!.groups[0]!.fields).toEqual(['ImageName', 'Code', 'Barcodes', 'Prices', 'Counter', 'Disabled']);
    expect(layout.tabs[1]!.groups.map((g) => g.label)).toEqual(['Identität', 'Preise']);
  });

  it('makes one default tab of every field when there are no tabs', () => {
    const layout = compileLayout({ fields: [{ name: 'A', type: 'String' }, { name: 'B', type: 'Number' }] });
    expect(layout).toEqual({ tabs: [{ id: 'general', label: 'General', groups: [{ id: 'default', fields: ['A', 'B', 'Disabled'] }] }] });
  });

  it('adds no default tab when the tabs place every field, and falls back to en labels', () => {
    const layout = compileLayout(
      { fields: [{ name: 'A', type: 'String' }], extensions: { tabs: [{ id: 't', label: { en: 'Tab' }, groups: [{ id: 'g', fields: ['A'] }] }] } },
      'ja',
    );
    expect(layout).toEqual({ tabs: [{ id: 't', label: 'Tab', groups: [{ id: 'g', fields: ['A', 'Disabled'] }] }] });
  });

  it('orders the form by the layout, ending with *', () => {
    expect(layoutOrder({ tabs: [{ id: 't', label: 'T', groups: [{ id: 'a', fields: ['B', 'A'] }, { id: 'b', fields: ['C'] }] }] })).toEqual(['B', 'A', 'C', '*']);
  });
});
