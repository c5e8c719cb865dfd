import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReportDefinition } from './report-definition';
import { validateReportDefinition } from './report-definition';
import { drillDownHref } from './report-parameters';

const columns: ReportDefinition['columns'] = [
  { name: 'lineNumber', title: { en: 'Number' }, field: 'articleNumber' },
  { name: 'who', title: { en: 'Operator' }, field: 'operator' },
  { name: 'amount', title: { en: 'Amount' }, field: 'amount', aggregate: 'sum' },
];

describe('the drill-down link of a report row', () => {
  it("fills the viewer's text filters the definition names from the row, besides the fixed members", () => {
    const definition = { source: 'document-lines' as const, columns, drillDown: { documentType: 'sales', filters: { articleNumber: 'article' } } };
    expect(drillDownHref(definition, { lineNumber: 'A 1', who: 'Anna', amount: 5 }, { from: '2026-01-01', to: '2026-01-31', tenant: 3 })).toBe('/document/receipt/sales?from=2026-01-01&to=2026-01-31&operator=Anna&article=A%201&tenant=3');
  });

  it('names no filter the definition does not declare', () => {
    const definition = { source: 'document-lines' as const, columns, drillDown: { documentType: 'sales' } };
    expect(drillDownHref(definition, { lineNumber: 'A 1', who: 'Anna', amount: 5 }, { from: '2026-01-01', to: '2026-01-31' })).toBe('/document/receipt/sales?from=2026-01-01&to=2026-01-31&operator=Anna');
  });

  it('refuses a drill-down filter on a field the source does not have', () => {
    const shipped = JSON.parse(readFileSync(new URL('../server/reports/definitions/sales.articles.json', import.meta.url), 'utf8')) as ReportDefinition;
    expect(validateReportDefinition(shipped, 'sales.articles.json')).toEqual([]);
    const definition = { ...shipped, drillDown: { documentType: 'sales', filters: { nothingHere: 'article' } } };
    expect(validateReportDefinition(definition, 'sales.articles.json').map((issue) => issue.message)).toContain("drill-down filter names field 'nothingHere', which source 'document-lines' does not have");
  });
});
