import { describe, expect, it } from 'vitest';
import type { TableUsage } from '../../../schemas/diagnostics-wire';
import { nextTableSort, shownTables } from './table-usage';

const table = (name: string, totalBytes: number, growthBytes: number | null): TableUsage => ({ name, rows: 1, rowsEstimated: false, totalBytes, tableBytes: totalBytes / 2, indexBytes: totalBytes / 4, growthBytes, growthSince: null });
const tables = [table('mate_job', 300, 10), table('e_article', 900, null), table('mate_terminal_document', 600, 50)];

describe('the table list of the database usage page', () => {
  it('filters by name in any case and sorts by the column asked for, unknown growth last', () => {
    expect(shownTables(tables, 'MATE', { column: 'totalBytes', descending: true }).map((t) => t.name)).toEqual(['mate_terminal_document', 'mate_job']);
    expect(shownTables(tables, '', { column: 'growthBytes', descending: true }).map((t) => t.name)).toEqual(['mate_terminal_document', 'mate_job', 'e_article']);
    expect(shownTables(tables, '', { column: 'growthBytes', descending: false }).map((t) => t.name)).toEqual(['mate_job', 'mate_terminal_document', 'e_article']);
    expect(shownTables(tables, '', { column: 'name', descending: false }).map((t) => t.name)).toEqual(['e_article', 'mate_job', 'mate_terminal_document']);
  });

  it('sorts numbers largest first on the first click and turns round on the second', () => {
    expect(nextTableSort({ column: 'name', descending: false }, 'rows')).toEqual({ column: 'rows', descending: true });
    expect(nextTableSort({ column: 'rows', descending: true }, 'rows')).toEqual({ column: 'rows', descending: false });
    expect(nextTableSort({ column: 'rows', descending: true }, 'name')).toEqual({ column: 'name', descending: false });
  });
});
