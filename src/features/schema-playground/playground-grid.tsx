import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { DataGrid, type Column } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import '../../lib/ui/grid-table.css';
import type { CompiledEntity } from '../../../schemas';
import { alignsEnd, formatRecordField } from '../../lib/format/format-cell';

type Row = Record<string, unknown>;

/**
 * The grid the document generates (its compiled columns, labels, widths and cell formats, as the data grid shows
 * them) over sample records instead of the server's rows: no sorting, paging or row details, nothing to save.
 */
export function PlaygroundGrid({ compiled, rows }: { compiled: CompiledEntity; rows: readonly Row[] }) {
  const { t } = useLingui();
  const columns = useMemo<Column<Row>[]>(
    () =>
      compiled.grid.columns.map((column) => ({
        key: column.field,
        name: column.label,
        width: column.width ?? 'auto',
        minWidth: 80,
        resizable: true,
        ...(alignsEnd(compiled, column.field) ? { cellClass: 'mate-number', headerCellClass: 'mate-number' } : {}),
        // Lookup fields show their sample value itself: the playground has no records to name.
        renderCell: ({ row }) => <bdi>{formatRecordField(compiled, column.field, row, t`Yes`, '')}</bdi>,
      })),
    [compiled, t],
  );
  return (
    <Box data-testid="playground-grid" css={{ '& .mate-number': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } }}>
      <DataGrid<Row>
        aria-label={compiled.pluralLabel}
        columns={columns}
        rows={rows}
        rowKeyGetter={(row) => String(row.Oid)}
        rowHeight={35}
        direction={document.dir === 'rtl' ? 'rtl' : 'ltr'}
        className="mate-grid"
        style={{ blockSize: `${35 * (rows.length + 1) + 2}px` }}
      />
    </Box>
  );
}
