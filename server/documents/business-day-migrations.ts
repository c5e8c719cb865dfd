import { exec, type Migration } from '../db/migrations';
import { rebuildDocumentTotals, DOCUMENT_TOTAL_TABLE } from '../reports/document-totals';
import { TURNOVER_KINDS_SQL } from './document-kinds';
import { businessDayFunctionSql, fillBusinessDays, rebuildTurnoverDays } from './business-day';

/**
 * The business day of documents (versions 810-819; docs/documents.md "Business day").
 * 810: `business_day` on every document, computed in its location's time zone by a trigger on insert; existing
 * documents filled in batches, then the reports' totals and the daily turnover rebuilt from it (they were UTC days)
 * and the tables analysed, so that the planner knows the new column and index.
 */
export const BUSINESS_DAY_MIGRATIONS: Migration[] = [
  {
    version: 810,
    name: 'document-business-day',
    async up(tx) {
      await tx.query('alter table mate_terminal_document add column business_day date');
      for (const statement of businessDayFunctionSql()) await tx.query(statement);
      await fillBusinessDays(tx);
      await exec(
        tx,
        `create index mate_terminal_document_business_day on mate_terminal_document (tenant_oid, business_day);
         create index mate_terminal_document_location_day on mate_terminal_document (tenant_oid, location_oid, business_day)`,
      );
      await rebuildDocumentTotals(tx);
      await rebuildTurnoverDays(tx, TURNOVER_KINDS_SQL);
      for (const table of ['mate_terminal_document', DOCUMENT_TOTAL_TABLE, 'mate_turnover_day']) await tx.query(`analyze ${table}`);
    },
  },
];
