import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type UIEvent } from 'react';
import { DataGrid, type Column, type SortColumn } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import './grid-table.css';
import type { CompiledEntity, SortKey } from '../../../schemas';
import { valueAt } from '../../../schemas/field-paths';
import type { DataApi, DataRecord } from './data-api';
import { formatFieldValue } from './format-cell';
import { LookupText } from './lookup-text';
import { lookupBatchId, lookupBatches, pageChunks } from './lookup-texts';
import { RowDetails, type RowDetailsProps } from './row-details';
import { rowNumberText } from './row-numbers';

/** A grid line: a record, or the inline details under the extended record. */
export type GridLine = { type: 'record'; record: DataRecord; index: number } | { type: 'detail'; record: DataRecord };

/** Props of the table part of the grid page (loaded lazily with react-data-grid and the editor). */
export interface GridTableProps {
  compiled: CompiledEntity;
  api: DataApi;
  rows: readonly DataRecord[];
  hasMore: boolean;
  sort: readonly SortKey[];
  onSortChange: (sort: SortKey[]) => void;
  onLoadMore: () => void;
  /** The Oid of the extended row. */
  expanded: unknown;
  onRowClick: (record: DataRecord) => void;
  onRowDoubleClick: (record: DataRecord) => void;
  /** Keyboard: Enter extends the row (details), F2 opens its editor. */
  onRowKey: (record: DataRecord, key: 'Enter' | 'F2') => void;
  details: Omit<RowDetailsProps, 'row' | 'compiled' | 'api'>;
}

const ROW_HEIGHT = 35;
const DETAIL_HEIGHT = { details: 320, view: 560, edit: 600 } as const;

/** Lines of the grid: every record, and after the extended one its details line. */
export function gridLines(rows: readonly DataRecord[], expanded: unknown): GridLine[] {
  const lines: GridLine[] = [];
  rows.forEach((record, index) => {
    lines.push({ type: 'record', record, index });
    if (expanded !== undefined && expanded !== null && record.Oid === expanded) lines.push({ type: 'detail', record });
  });
  return lines;
}

/** The grid with infinite scrolling (spec 2 §2): the next page loads when the end of the list comes into view. */
export function GridTable(props: GridTableProps) {
  const { compiled, api, rows, sort, expanded, details } = props;
  const { t } = useLingui();
  const lines = useMemo(() => gridLines(rows, expanded), [rows, expanded]);
  const count = rows.length;
  // The lookup values of each loaded page resolve with one list call per looked-up kind.
  const pageSize = compiled.grid.pageSize;
  const batchesByPage = useMemo(() => pageChunks(rows, pageSize).map((chunk) => lookupBatches(compiled.lookups, chunk)), [rows, pageSize, compiled.lookups]);

  const columns = useMemo<Column<GridLine>[]>(() => {
    const span = compiled.grid.columns.length + 1;
    return [
      {
        key: '#',
        name: '#',
        width: 64, // room for six digits: the last row number of 100,000 loaded rows
        sortable: false,
        colSpan: (args) => (args.type === 'ROW' && args.row.type === 'detail' ? span : undefined),
        cellClass: (line) => (line.type === 'detail' ? 'mate-detail-cell' : 'mate-row-number'),
        renderCell: ({ row: line }) =>
          line.type === 'detail' ? (
            <RowDetails compiled={compiled} api={api} row={line.record} {...details} />
          ) : (
            <span data-testid="row-number">{rowNumberText(line.index, count)}</span>
          ),
      },
      ...compiled.grid.columns.map(
        (column): Column<GridLine> => ({
          key: column.field,
          name: column.label,
          width: column.width ?? 'auto',
          minWidth: 80,
          sortable: !column.field.includes('.') && column.type !== 'Object' && column.type !== 'Array',
          resizable: true,
          renderCell: ({ row: line }) => {
            if (line.type !== 'record') return null;
            const value = valueAt(line.record, column.field);
            const lookup = compiled.lookups[column.field];
            if (lookup) return <LookupText lookup={lookup} value={value} batch={batchesByPage[Math.floor(line.index / Math.max(1, pageSize))]?.get(lookupBatchId(lookup))} />;
            return formatFieldValue(compiled.schema, column.field, value, t`Yes`, '');
          },
        }),
      ),
    ];
  }, [compiled, api, details, count, t, batchesByPage, pageSize]);

  const sortColumns = useMemo<SortColumn[]>(() => sort.map((s) => ({ columnKey: s.field, direction: s.direction === 'asc' ? 'ASC' : 'DESC' })), [sort]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    if (props.hasMore && target.scrollTop + target.clientHeight >= target.scrollHeight - ROW_HEIGHT * 3) props.onLoadMore();
  };

  return (
    <Box
      data-testid="data-grid"
      data-rows={count}
      css={{
        '& .rdg': { blockSize: 'calc(100vh - 300px)', minBlockSize: '360px', fontSize: 'sm' },
        '& .mate-detail-cell': { padding: 0, whiteSpace: 'normal' },
        '& .mate-row-number': { color: 'var(--chakra-colors-fg-muted)', textAlign: 'end' },
      }}
    >
      <DataGrid<GridLine>
        aria-label={compiled.pluralLabel}
        columns={columns}
        rows={lines}
        rowKeyGetter={(line) => `${line.type}-${String(line.record.Oid)}`}
        rowHeight={(line) => (line.type === 'detail' ? DETAIL_HEIGHT[details.mode] : ROW_HEIGHT)}
        rowClass={(line) => (line.type === 'record' && line.record.Oid === expanded ? 'mate-row-expanded' : undefined)}
        sortColumns={sortColumns}
        onSortColumnsChange={(next) => {
          const first = next[0];
          if (first) props.onSortChange([{ field: first.columnKey, direction: first.direction === 'ASC' ? 'asc' : 'desc' }]);
          else if (sort[0]) props.onSortChange([{ field: sort[0].field, direction: 'asc' }]);
        }}
        onCellClick={({ row: line }) => line.type === 'record' && props.onRowClick(line.record)}
        onCellDoubleClick={(_args, event) => event.preventGridDefault()}
        onCellKeyDown={({ row: line }, event) => {
          if (!line || line.type !== 'record') return;
          if (event.key === 'Enter' || event.key === 'F2') {
            event.preventGridDefault();
            props.onRowKey(line.record, event.key);
          }
        }}
        onScroll={onScroll}
        direction={document.dir === 'rtl' ? 'rtl' : 'ltr'}
        className="rdg-light"
      />
    </Box>
  );
}
