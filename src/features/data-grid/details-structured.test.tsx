// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import articleDoc from '../../../fixtures/metadata/valid/pos-supply/article.json';
import { compileEntityUncached, type EntityDocument, type FieldModel } from '../../../schemas';
import { render, type Rendered } from '../../../renderers/test-support/render';
import { DetailsArray, objectLeafPaths } from './details-structured';

const compiled = compileEntityUncached(articleDoc as EntityDocument, 'en');
const fieldNamed = (name: string) => compiled.meta.fields.find((field) => field.name === name) as FieldModel;

let mounted: Rendered | undefined;
afterEach(() => mounted?.unmount());

describe('the read-only details of arrays and objects', () => {
  it('lists an array of values', () => {
    mounted = render(<DetailsArray compiled={compiled} field={fieldNamed('Barcodes')} record={{ Oid: 1, Barcodes: ['4006381333931', '4006381333948'] }} />);
    const items = [...mounted.host.querySelectorAll('[data-item]')].map((item) => item.textContent);
    expect(items).toEqual(['4006381333931, ', '4006381333948']);
  });

  it('shows an array of objects as a table with a column per property, values in the user\'s format', () => {
    const prices = [
      { ValidFrom: '2026-01-01T00:00:00Z', Amount: 1234.5 },
      { ValidFrom: '2026-02-01T00:00:00Z', Amount: 2 },
    ];
    mounted = render(<DetailsArray compiled={compiled} field={fieldNamed('Prices')} record={{ Oid: 1, Prices: prices }} />);
    const headers = [...mounted.host.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toHaveLength(2);
    const rows = mounted.host.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.querySelector('[data-property=Amount]')?.textContent).toBe('1,234.50');
    expect(rows[0]?.querySelector('[data-property=ValidFrom]')?.textContent).toMatch(/2026/);
  });

  it('says an empty array is empty', () => {
    mounted = render(<DetailsArray compiled={compiled} field={fieldNamed('Prices')} record={{ Oid: 1, Prices: [] }} />);
    expect(mounted.host.querySelector('[data-empty]')?.textContent).toBe('none');
  });

  it('names the plain fields inside an object by their path', () => {
    const objectField = compiled.meta.fields.find((field) => field.type === 'Object')!;
    const leaves = objectLeafPaths(objectField, 'en');
    expect(leaves.length).toBeGreaterThan(0);
    expect(leaves.every(({ path, label }) => path.startsWith(`${objectField.name}.`) && label.includes(' › '))).toBe(true);
  });
});
