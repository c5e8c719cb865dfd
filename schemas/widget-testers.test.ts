import { describe, expect, it } from 'vitest';
import type { FieldModel, FormExtensions } from './entity-document';
import { chooseWidget, isWidgetName, WIDGET_NAMES, WIDGET_TESTERS, type WidgetTester } from './widget-testers';

const pick = (field: Omit<FieldModel, 'name'> & { name?: string }, extensions: FormExtensions = {}) =>
  chooseWidget({ name: 'F', ...field } as FieldModel, { path: field.name ?? 'F', extensions });

describe('chooseWidget', () => {
  it('picks a base widget per type', () => {
    expect([pick({ type: 'String' }), pick({ type: 'Number' }), pick({ type: 'Boolean' }), pick({ type: 'Object' }), pick({ type: 'Array' })]).toEqual([
      'text', 'number', 'checkbox', 'object', 'array',
    ]);
  });

  it('lets the usage win over the type', () => {
    expect(pick({ type: 'String', usage: 'MultilineText' })).toBe('multiline');
    expect(pick({ type: 'String', usage: 'Password' })).toBe('password');
    expect(pick({ type: 'String', usage: 'UpperCase' })).toBe('upper');
    expect(pick({ type: 'String', usage: 'DateTime' })).toBe('datetime');
    expect(pick({ type: 'Number', usage: 'CurrencyAmount' })).toBe('currency');
    expect(pick({ type: 'String', usage: 'Barcode' })).toBe('barcode');
    expect(pick({ type: 'String', usage: 'Json' })).toBe('code');
    expect(pick({ type: 'String', usage: 'Xml' })).toBe('code');
  });

  it('ignores a usage on a type it does not fit', () => {
    expect(pick({ type: 'Number', usage: 'Email' })).toBe('number');
  });

  it('ranks enum and lookup above the usage widgets', () => {
    expect(pick({ type: 'Number', usage: 'Enum', options: [{ value: 1, label: { en: 'One' } }] })).toBe('enum');
    expect(pick({ type: 'Number' }, { lookups: { F: { entity: 'a/b', textFields: ['Name'] } } })).toBe('lookup');
  });

  it('hides Oid, ETag and TenantOid but not Disabled', () => {
    expect(pick({ name: 'Oid', type: 'Number' })).toBe('hidden');
    expect(pick({ name: 'Disabled', type: 'Boolean' })).toBe('checkbox');
  });

  it('takes an explicit known widget over every tester and ignores an unknown one', () => {
    expect(pick({ type: 'String', usage: 'Password' }, { widgets: { F: 'multiline' } })).toBe('multiline');
    expect(pick({ type: 'String', usage: 'Password' }, { widgets: { F: 'fancy' } })).toBe('password');
  });

  it('uses the highest rank of custom testers', () => {
    const testers: WidgetTester[] = [...WIDGET_TESTERS, { rank: 99, widget: 'color', test: (f) => f.name.endsWith('Colour') }];
    expect(chooseWidget({ name: 'BackColour', type: 'String' }, { path: 'BackColour', extensions: {} }, testers)).toBe('color');
  });

  it('only ever answers known widget names', () => {
    for (const tester of WIDGET_TESTERS) expect(WIDGET_NAMES).toContain(tester.widget);
    expect(isWidgetName('lookup')).toBe(true);
    expect(isWidgetName('nope')).toBe(false);
  });
});
