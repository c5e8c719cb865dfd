import { describe, expect, it } from 'vitest';
import { exportHref, formatReportValue, reportLines } from './report-lines';

describe('reportLines', () => {
  it('puts a subtotal after each group and the total last', () => {
    const rows = [
      { day: '2026-03-01', loc: 'A', total: 1 },
      { day: '2026-03-01', loc: 'B', total: 2 },
      { day: '2026-03-02', loc: 'A', total: 4 },
    ];
    const subtotals = [
      { day: '2026-03-01', total: 3 },
      { day: '2026-03-02', total: 4 },
    ];
    const lines = reportLines({ rows, subtotals, totals: { total: 7 } }, 'day');
    expect(lines.map((l) => `${l.type}:${String(l.values.total)}`)).toEqual(['row:1', 'row:2', 'subtotal:3', 'row:4', 'subtotal:4', 'total:7']);
    expect(reportLines({ rows, subtotals: [], totals: { total: 7 } }, undefined).map((l) => l.type)).toEqual(['row', 'row', 'row', 'total']);
  });
});

describe('formatReportValue', () => {
  it('formats by type in the user language', () => {
    expect(formatReportValue(1234.5, { type: 'money' }, 'de', 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatReportValue(1234.5, { type: 'money' }, 'en', null)).toBe('1,234.50');
    expect(formatReportValue(19, { type: 'percent' }, 'en', null)).toBe('19%');
    expect(formatReportValue(1234.4, { type: 'integer' }, 'ar', null)).toBe(new Intl.NumberFormat('ar', { maximumFractionDigits: 0 }).format(1234));
    expect(formatReportValue('2026-03-01', { type: 'date' }, 'en', null, 'month')).toBe('March 2026');
    expect(formatReportValue('2026-03-05', { type: 'date' }, 'en', null)).toBe('Mar 5, 2026');
    expect(formatReportValue(null, { type: 'text' }, 'en', null)).toBe('—');
  });

  it('builds the export link with the same parameters', () => {
    expect(exportHref('sales', 'daily', { from: '2026-03-01', to: '2026-03-31', location: undefined, grouping: 'week' })).toBe('/report/export/sales/daily?from=2026-03-01&to=2026-03-31&grouping=week');
  });
});
