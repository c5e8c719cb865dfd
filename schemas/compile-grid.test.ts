import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/metadata/samples';
import { commandResultIsWarning, commandResultText, compileDetails, compileGrid, compileQueryFields, compileQuickSearch, compileRowCommands } from './compile-grid';

describe('compileGrid', () => {
  it('compiles declared columns with labels, types and widths', () => {
    const grid = compileGrid(sample('location'), 'de');
    expect(grid.columns).toEqual([
      { field: 'Number', label: 'Number', type: 'Number', width: 90 },
      { field: 'Name', label: 'Name', type: 'String' },
      { field: 'Address.City', label: 'Ort', type: 'String' },
    ]);
    expect(grid.defaultSort).toEqual([{ field: 'Number', direction: 'asc' }]);
    expect(grid.pageSize).toBe(100);
  });

  it('defaults to the title field plus the first String/Number fields, sorted by title', () => {
    const grid = compileGrid({
      fields: [
        { name: 'Code', type: 'String' }, { name: 'Secret', type: 'String', usage: 'Password' }, { name: 'Name', type: 'String', required: true },
        { name: 'Flag', type: 'Boolean' }, { name: 'A', type: 'Number' }, { name: 'B', type: 'Number' }, { name: 'C', type: 'Number' }, { name: 'D', type: 'Number' },
      ],
    });
    expect(grid.columns.map((c) => c.field)).toEqual(['Name', 'Code', 'A', 'B', 'C']);
    expect(grid.defaultSort).toEqual([{ field: 'Name', direction: 'asc' }]);
    expect(grid.pageSize).toBe(50);
    expect(grid.runOnLoad).toBeUndefined();
  });

  it('runs the query on load only when the document asks for it', () => {
    const fields = [{ name: 'Name', type: 'String' as const }];
    expect(compileGrid({ fields, extensions: { grid: { columns: [], runOnLoad: true } } }).runOnLoad).toBe(true);
    expect(compileGrid({ fields, extensions: { grid: { columns: [], runOnLoad: false } } }).runOnLoad).toBeUndefined();
  });
});

describe('query form, quick search, details', () => {
  it('compiles declared query fields and defaults to the title field', () => {
    expect(compileQueryFields(sample('article')).map((q) => q.field)).toEqual(['ArticleNumber', 'Text', 'Kind']);
    expect(compileQueryFields(sample('quantity-unit'))).toEqual([{ field: 'Id', label: 'Id', type: 'String', usage: 'UpperCase' }]);
  });

  it('marks the query fields whose bounds must keep every digit: wide integers and exact decimals', () => {
    const fields = [
      { name: 'Next', type: 'Number' as const, managedType: 'int64' as const },
      { name: 'Amount', type: 'Number' as const, managedType: 'decimal' as const, precision: 30, scale: 4 },
      { name: 'Price', type: 'Number' as const, managedType: 'decimal' as const, precision: 15, scale: 2 },
    ];
    const compiled = compileQueryFields({ fields, titleField: 'Next', extensions: { queryFields: ['Next', 'Amount', 'Price'] } });
    expect(compiled.map((q) => [q.field, q.wide, q.exact])).toEqual([['Next', true, undefined], ['Amount', undefined, true], ['Price', undefined, undefined]]);
  });

  it('searches every String field but passwords by default', () => {
    expect(compileQuickSearch({ fields: [{ name: 'A', type: 'String' }, { name: 'P', type: 'String', usage: 'Password' }, { name: 'N', type: 'Number' }] })).toEqual(['A']);
    expect(compileQuickSearch(sample('article'))).toEqual(['ArticleNumber', 'Text', 'GTIN']);
  });

  it('localises detail view labels', () => {
    expect(compileDetails(sample('quantity-unit'), 'de')[0]).toMatchObject({ id: 'articles', label: 'Artikel', foreignKey: 'QuantityUnit' });
  });
});

describe('row commands', () => {
  const doc = {
    extensions: {
      commands: [
        {
          id: 'send-reset',
          label: { en: 'Send password reset', de: 'Passwort-Zurücksetzung senden' },
          post: '/api/admin/users/{Oid}/password-reset',
          permission: 'Update' as const,
          results: { sent: { en: 'Sent to {to}.', de: 'An {to} gesendet.' }, queued: { en: 'Waits in the outbox for {to}.' } },
          warningResults: ['queued'],
        },
      ],
    },
  };

  it('compiles label and result texts in the locale', () => {
    expect(compileRowCommands(doc, 'de')).toEqual([
      {
        id: 'send-reset',
        label: 'Passwort-Zurücksetzung senden',
        post: '/api/admin/users/{Oid}/password-reset',
        permission: 'Update',
        results: { sent: 'An {to} gesendet.', queued: 'Waits in the outbox for {to}.' },
        warningResults: ['queued'],
      },
    ]);
    expect(compileRowCommands({}, 'de')).toEqual([]);
  });

  it("says the answer's result with the answer's fields filled in, and nothing for an unknown result", () => {
    const [command] = compileRowCommands(doc, 'en');
    expect(commandResultText(command!, { result: 'queued', to: 'a@example.test' })).toBe('Waits in the outbox for a@example.test.');
    expect(commandResultText(command!, { result: 'sent' })).toBe('Sent to {to}.');
    expect(commandResultText(command!, { result: 'other' })).toBeUndefined();
    expect(commandResultText(command!, undefined)).toBeUndefined();
    expect(commandResultIsWarning(command!, { result: 'queued' })).toBe(true);
    expect(commandResultIsWarning(command!, { result: 'sent' })).toBe(false);
    expect(commandResultIsWarning(command!, 'queued')).toBe(false);
  });
});
