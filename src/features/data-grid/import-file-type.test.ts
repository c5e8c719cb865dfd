import { describe, expect, it } from 'vitest';
import { isCsvFile } from './import-file-type';

describe('isCsvFile', () => {
  it('takes .csv files whatever type the system gives them', () => {
    expect(isCsvFile({ name: 'Articles.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'articles.csv', type: 'application/vnd.ms-excel' })).toBe(true);
  });

  it('takes a CSV type without an extension, and refuses other files', () => {
    expect(isCsvFile({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'export', type: '' })).toBe(false);
    expect(isCsvFile({ name: 'articles.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(false);
    expect(isCsvFile({ name: 'photo.png', type: 'image/png' })).toBe(false);
    expect(isCsvFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });
});
