import { describe, expect, it } from 'vitest';
import { REPORT_AGGREGATIONS, REPORT_SOURCE_FIELDS, REPORT_SOURCES, type ReportDefinition } from '../../schemas';
import { compileReport, type ResolvedRun } from './compile-report';
import { buildReportCatalogue, loadReportCatalogue } from './report-catalogue';

const TITLE = { en: 'T', de: 'T', ja: 'T', it: 'T', ru: 'T', ar: 'T', cs: 'T', es: 'T', fr: 'T' };
const base: ReportDefinition = {
  group: 'test',
  type: 'daily',
  title: TITLE,
  source: 'documents',
  parameters: [{ kind: 'dateRange' }, { kind: 'location' }, { kind: 'grouping', options: ['day', 'month'], default: 'day' }],
  columns: [
    { name: 'day', title: TITLE, field: 'date' },
    { name: 'total', title: TITLE, field: 'total', aggregate: 'sum' },
  ],
};
const RUN: ResolvedRun = { tenantOid: 7, fromInstant: '2026-03-01T00:00:00.000Z', toInstant: '2026-04-01T00:00:00.000Z', locationOid: 3, grouping: 'month' };

describe('compileReport', () => {
  it('puts every run value in parameters and only quoted whitelisted identifiers in the SQL', () => {
    // A maximum is not among the pre-aggregated totals: this report reads the raw documents.
    const raw: ReportDefinition = { ...base, kinds: ['sale'], columns: [base.columns[0]!, { name: 'total', title: TITLE, field: 'total', aggregate: 'max' }] };
    const statement = compileReport(raw).rows(RUN, { limit: 11, offset: 20 });
    expect(compileReport(raw).fromTotals).toBe(false);
    // The range is of business days (the stored day in the location's zone); the creation time, widened by a day
    // on either side, lets the index narrow the scan.
    expect(statement.params).toEqual([7, RUN.fromInstant, RUN.toInstant, '2026-03-01', '2026-04-01', 3, ['sale'], 11, 20]);
    expect(statement.sql).toBe(
      `select to_char(date_trunc('month', d.business_day::timestamp), 'YYYY-MM-DD') as "day", max(d."total") as "total" ` +
        `from "mate_terminal_document" d where d."tenant_oid" = $1 and d.processed_at is not null and d."created_at" >= $2::timestamptz - interval '1 day' ` +
        `and d."created_at" < $3::timestamptz + interval '1 day' and d.business_day >= $4::date and d.business_day < $5::date ` +
        `and d."location_oid" = $6 and d."kind" = any($7::text[]) group by 1 order by 1 asc nulls last limit $8 offset $9`,
    );
  });

  it('reads the pre-aggregated totals when every column is one they keep, the range as whole days', () => {
    const compiled = compileReport({ ...base, kinds: ['sale'], columns: [...base.columns, { name: 'n', title: TITLE, aggregate: 'count' }, { name: 'mean', title: TITLE, field: 'total', aggregate: 'avg' }] });
    expect(compiled.fromTotals).toBe(true);
    const statement = compiled.rows(RUN, { limit: 11, offset: 20 });
    expect(statement.params).toEqual([7, '2026-03-01', '2026-04-01', 3, ['sale'], 11, 20]);
    expect(statement.sql).toBe(
      `select to_char(date_trunc('month', t.day::timestamp), 'YYYY-MM-DD') as "day", coalesce(sum(t.amount), 0) as "total", coalesce(sum(t.documents), 0) as "n", ` +
        `round(sum(t.amount) / nullif(sum(t.documents), 0), 4) as "mean" from "mate_document_total" t where t.tenant_oid = $1 and t.facet = 'document' ` +
        `and t.day >= $2::date and t.day < $3::date and t.location_oid = $4 and t.kind = any($5::text[]) group by 1 order by 1 asc nulls last limit $6 offset $7`,
    );
    // Tax rates and payment methods are kept, articles in the article totals (mate_article_total); an operator or a
    // line's unit price is not.
    const lines = (field: string) => compileReport({ ...base, source: 'document-lines', columns: [{ name: 'x', title: TITLE, field }, { name: 'total', title: TITLE, field: 'amount', aggregate: 'sum' }] });
    expect(lines('taxRate').fromTotals).toBe(true);
    expect(lines('articleNumber').fromTotals).toBe(true);
    expect(lines('articleNumber').rows(RUN, { limit: 1, offset: 0 }).sql).toContain('from "mate_article_total" t');
    expect(lines('unitPrice').fromTotals).toBe(false);
    expect(compileReport({ ...base, source: 'payments', columns: [{ name: 'm', title: TITLE, field: 'method' }, { name: 'n', title: TITLE, aggregate: 'count' }] }).fromTotals).toBe(true);
    expect(compileReport({ ...base, columns: [{ name: 'o', title: TITLE, field: 'operator' }, ...base.columns.slice(1)] }).fromTotals).toBe(false);
  });

  it('computes rows, subtotals and the total in one statement with GROUPING SETS, the rows capped by a parameter', () => {
    const compiled = compileReport({
      ...base,
      columns: [{ name: 'day', title: TITLE, field: 'date' }, { name: 'location', title: TITLE, field: 'locationName' }, { name: 'total', title: TITLE, field: 'total', aggregate: 'sum' }],
      subtotal: 'day',
    });
    const statement = compiled.summary(RUN, 101)!;
    expect(statement.params.at(-1)).toBe(101);
    expect(statement.sql).toContain(`group by grouping sets ((to_char(date_trunc('month', t.day::timestamp), 'YYYY-MM-DD'), loc."Name"), (to_char(date_trunc('month', t.day::timestamp), 'YYYY-MM-DD')), ())`);
    expect(statement.sql).toMatch(/where _level = 0\) r where _n <= \$5 union all .* where _level = 1 union all .* where _level = 3 order by 1, 2$/);
    expect(compileReport({ ...base, columns: [{ name: 'total', title: TITLE, field: 'total', aggregate: 'sum' }] }).summary(RUN, 1)).toBeUndefined();
  });

  it('compiles every field of every source, alone and under every aggregation that fits it', () => {
    for (const source of REPORT_SOURCES) {
      for (const [field, { type }] of Object.entries(REPORT_SOURCE_FIELDS[source])) {
        const numeric = ['integer', 'number', 'money', 'percent'].includes(type);
        for (const aggregate of REPORT_AGGREGATIONS.filter((a) => numeric || (a !== 'sum' && a !== 'avg'))) {
          const definition: ReportDefinition = {
            ...base,
            source,
            parameters: [],
            columns: [
              { name: 'key', title: TITLE, field },
              { name: 'value', title: TITLE, field, aggregate },
            ],
          };
          const built = buildReportCatalogue([{ file: 'test.daily.json', doc: definition }]);
          expect(built.issues, `${source}.${field} ${aggregate}`).toEqual([]);
          const compiled = compileReport(definition);
          const { sql, params } = compiled.rows({ tenantOid: 1, grouping: 'day' }, { limit: 1, offset: 0 });
          expect(sql).toContain(aggregate === 'countDistinct' ? 'count(distinct ' : aggregate === 'avg' ? 'round(avg(' : `${aggregate}(`);
          expect(params).toEqual([1, 1, 0]);
          expect(compiled.totals({ tenantOid: 1, grouping: 'day' }).sql).not.toContain('group by');
        }
      }
    }
  });

  it('counts rows without a field, and joins the location, terminal and article tables only when a field needs them', () => {
    // A maximum is not among the totals: the raw lines.
    const compiled = compileReport({ ...base, source: 'document-lines', columns: [{ name: 'group', title: TITLE, field: 'productGroup' }, { name: 'n', title: TITLE, aggregate: 'count' }, { name: 'top', title: TITLE, field: 'amount', aggregate: 'max' }] });
    const { sql } = compiled.rows({ tenantOid: 1, grouping: 'day' }, { limit: 1, offset: 0 });
    expect(sql).toContain('count(*)');
    expect(sql).toContain('left join "e_pos_supply_article" art on art."TenantOid" = l.tenant_oid');
    expect(sql).not.toContain('e_tenancy_location');
    expect(sql).toContain('join "mate_terminal_document" d on d.oid = l."document_oid"');
    expect(sql).toContain('d.processed_at is not null');
  });

  it('counts receipts per article over the article totals per article, and once per document in the total', () => {
    const articles = compileReport({
      ...base,
      source: 'document-lines',
      columns: [
        { name: 'number', title: TITLE, field: 'articleNumber' },
        { name: 'text', title: TITLE, field: 'articleText' },
        { name: 'receipts', title: TITLE, field: 'documentId', aggregate: 'countDistinct' },
      ],
    });
    expect(articles.fromTotals).toBe(true);
    expect(articles.rows(RUN, { limit: 1, offset: 0 }).sql).toContain('coalesce(sum(t.documents), 0) as "receipts"');
    expect(articles.totals(RUN).sql).toContain('coalesce(sum(t.documents_once), 0) as "receipts"');
    expect(articles.summary(RUN, 10)!.sql).toContain(
      'coalesce(case when grouping(t.article_number, t.article_text) = 0 then sum(t.documents) else sum(t.documents_once) end, 0) as "receipts"',
    );
  });

  it('catalogue sources filter by tenant and enabled records, with no date range', () => {
    const compiled = compileReport({ ...base, source: 'terminals', parameters: [{ kind: 'location' }], columns: [{ name: 'location', title: TITLE, field: 'locationName' }, { name: 'n', title: TITLE, aggregate: 'count' }] });
    const { sql, params } = compiled.rows({ ...RUN, tenantOid: 2 }, { limit: 5, offset: 0 });
    expect(sql).toContain('trm."TenantOid" = $1 and trm."Disabled" = false and trm."LocationOid" = $2');
    expect(sql).not.toContain('created_at');
    expect(params).toEqual([2, 3, 5, 0]);
    expect(compiled.currencies(RUN)).toBeUndefined();
  });

  it('sorts the subtotal column first, then the definition sort, then the other dimensions', () => {
    const compiled = compileReport({
      ...base,
      columns: [
        { name: 'location', title: TITLE, field: 'locationName' },
        { name: 'day', title: TITLE, field: 'date' },
        { name: 'total', title: TITLE, field: 'total', aggregate: 'sum' },
      ],
      sort: [{ column: 'total', direction: 'desc' }],
      subtotal: 'day',
    });
    expect(compiled.rows(RUN, { limit: 1, offset: 0 }).sql).toContain('order by 2 asc nulls last, 3 desc nulls last, 1 asc nulls last');
    expect(compiled.subtotals(RUN)!.sql).toMatch(/^select to_char\(date_trunc\('month'.* as "day", coalesce\(sum\(t.amount\), 0\) as "total" from .* group by 1 order by 1 asc nulls last$/);
  });

  it('reads numbers as numbers and keeps text', () => {
    const compiled = compileReport({ ...base, columns: [...base.columns, { name: 'n', title: TITLE, aggregate: 'count' }] });
    expect(compiled.read({ day: '2026-03-01', total: '12.5000', n: '3' })).toEqual({ day: '2026-03-01', total: 12.5, n: 3 });
    expect(compiled.read({ day: null, total: null, n: '0' })).toEqual({ day: null, total: null, n: 0 });
  });
});

describe('report definitions at load', () => {
  const issuesOf = (doc: unknown, file = 'test.daily.json') => buildReportCatalogue([{ file, doc }]).issues.map((i) => `${i.path}: ${i.message}`);

  it('refuses hostile and wrong definitions, naming the path and what is expected', () => {
    expect(issuesOf({ ...base, columns: [{ name: 'x"; drop table mate_user; --', title: TITLE, field: 'total', aggregate: 'sum' }] })[0]).toMatch(/^\/columns\/0\/name: must match pattern/);
    expect(issuesOf({ ...base, columns: [{ name: 'x', title: TITLE, field: 'pg_sleep(10)', aggregate: 'sum' }] })[0]).toMatch(/^\/columns\/0\/field: must match pattern/);
    expect(issuesOf({ ...base, columns: [base.columns[0], { name: 'x', title: TITLE, field: 'password', aggregate: 'max' }] })).toEqual([
      "/columns/1/field: column 'x': source 'documents' has no field 'password'; expected one of date, kind, location, locationName, terminal, terminalName, operator, documentId, receiptNumber, currency, total",
    ]);
    expect(issuesOf({ ...base, source: 'mate_user' })[0]).toMatch(/^\/source: must be equal to one of the allowed values: documents, document-lines/);
    expect(issuesOf({ ...base, statement: 'select * from mate_user' })).toEqual([": unknown member 'statement'"]);
    expect(issuesOf({ ...base, columns: [base.columns[0], { name: 'x', title: TITLE, field: 'operator', aggregate: 'sum' }] })).toEqual([
      "/columns/1/aggregate: column 'x': sum needs a numeric field, and 'operator' is text",
    ]);
    expect(issuesOf({ ...base, columns: [base.columns[0]] })).toEqual(['/columns: a report needs at least one measure column (with an aggregate)']);
    expect(issuesOf({ ...base, source: 'articles', columns: [{ name: 'a', title: TITLE, field: 'articleNumber' }, { name: 'n', title: TITLE, aggregate: 'count' }] })).toContain(
      "/parameters/0/kind: parameter 'dateRange' needs a document source (documents, document-lines, payments), not 'articles'",
    );
    expect(issuesOf({ ...base, parameters: [{ kind: 'grouping', options: ['day'], default: 'month' }] })).toEqual(["/parameters/0/default: the default 'month' must be one of the options day"]);
    expect(issuesOf({ ...base, sort: [{ column: 'nope', direction: 'asc' }], subtotal: 'total', chart: { type: 'bar', x: 'day', y: ['day'] } })).toEqual([
      "/sort/0/column: sort names column 'nope', which the report does not have",
      "/subtotal: subtotal needs a dimension column (without aggregate); 'total' is a measure",
      '/subtotal: a subtotal needs at least two dimension columns (the subtotal level and one below it)',
      "/chart/y/0: the chart draws measures; 'day' is a dimension",
    ]);
    expect(issuesOf({ ...base, title: { en: 'Only English' } })[0]).toMatch(/^\/title: must have required property 'de'/);
    expect(issuesOf(base, 'wrong-name.json')).toEqual([": the file of report 'test/daily' must be named 'test.daily.json'"]);
    const twice = buildReportCatalogue([{ file: 'a/test.daily.json', doc: base }, { file: 'b/test.daily.json', doc: base }]).issues;
    expect(twice.map((i) => i.message)).toEqual(["report 'test/daily' is already defined in a/test.daily.json"]);
  });

  it('loads the shipped definitions', async () => {
    const catalogue = await loadReportCatalogue();
    expect(catalogue.reports.map((r) => r.code).sort()).toEqual(['finance/payments', 'finance/tax-rates', 'sales/articles', 'sales/daily', 'sales/product-groups', 'sales/returns', 'staff/cashiers']);
    await expect(loadReportCatalogue(['/nonexistent-reports'])).rejects.toThrow('/nonexistent-reports: the report definitions folder does not exist');
  });
});
