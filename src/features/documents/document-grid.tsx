import { Badge, Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type UIEvent } from 'react';
import { DataGrid, type Column, type SortColumn } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import '../../lib/ui/grid-table.css';
import { formatNumber } from '../../lib/format/format-number';
import { formatDocumentTime } from './document-time';
import type { DocumentSort } from './document-query';
import type { DocumentSummary } from './document-types';

const ROW_HEIGHT = 35;

export interface DocumentGridProps {
  rows: readonly DocumentSummary[];
  label: string;
  sort: DocumentSort;
  onSortChange: (sort: DocumentSort) => void;
  selected: string | undefined;
  onSelect: (document: DocumentSummary) => void;
  hasMore: boolean;
  onLoadMore: () => void;
  /** Tenant names by oid, shown when documents of several tenants are listed. */
  tenantNames: ReadonlyMap<number, string> | undefined;
}

/** Sort keys of the sortable columns. */
const SORT_KEYS: Record<string, 'date' | 'amount' | 'number'> = { id: 'number', createdAt: 'date', total: 'amount' };

/**
 * The documents as a grid (react-data-grid, as the data grids): the receipt number, date and time, tenant, location,
 * terminal, operator, total and the processing state. A click or Enter on a row opens the document; arrows move;
 * the next page loads when the end of the list comes into view. Number, date and total sort.
 */
export function DocumentGrid({ rows, label, sort, onSortChange, selected, onSelect, hasMore, onLoadMore, tenantNames }: DocumentGridProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const columns = useMemo<Column<DocumentSummary>[]>(() => {
    const list: Column<DocumentSummary>[] = [
      { key: 'id', name: t`Number`, width: 110, sortable: true, cellClass: 'mate-number', renderCell: ({ row }) => (row.id === null ? '' : formatNumber(row.id, locale, { useGrouping: false })) },
      { key: 'createdAt', name: t`Date`, width: 180, sortable: true, renderCell: ({ row }) => formatDocumentTime(row, locale, { dateStyle: 'short', timeStyle: 'short' }) },
    ];
    if (tenantNames) list.push({ key: 'tenant', name: t`Organisation`, width: 160, renderCell: ({ row }) => <bdi>{tenantNames.get(row.tenantOid) ?? `#${row.tenantOid}`}</bdi> });
    list.push(
      { key: 'location', name: t`Location`, width: 180, renderCell: ({ row }) => <bdi>{row.locationName ?? (row.locationOid === null ? '' : `#${row.locationOid}`)}</bdi> },
      { key: 'terminal', name: t`Terminal`, width: 160, renderCell: ({ row }) => <bdi>{row.terminalName ?? `#${row.terminalOid}`}</bdi> },
      { key: 'operator', name: t`Operator`, width: 140, renderCell: ({ row }) => <bdi>{row.operator ?? ''}</bdi> },
      { key: 'total', name: t`Total`, width: 130, sortable: true, cellClass: 'mate-number', renderCell: ({ row }) => formatNumber(row.total, locale, { style: 'currency', currency: row.currency }) },
      {
        key: 'state',
        name: t`State`,
        minWidth: 140,
        renderCell: ({ row }) =>
          row.processed ? (
            t`Processed`
          ) : (
            <Badge colorPalette="orange" variant="subtle" title={row.processingError ?? undefined}>
              {t`Unprocessed`}
            </Badge>
          ),
      },
    );
    return list;
  }, [t, locale, tenantNames]);

  const sortColumns = useMemo<SortColumn[]>(() => {
    const key = Object.entries(SORT_KEYS).find(([, name]) => sort.replace('-', '') === name)?.[0];
    return key ? [{ columnKey: key, direction: sort.startsWith('-') ? 'DESC' : 'ASC' }] : [];
  }, [sort]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    if (hasMore && target.scrollTop + target.clientHeight >= target.scrollHeight - ROW_HEIGHT * 3) onLoadMore();
  };

  // As tall as its rows (a few at least), at most 60 % of the screen: a short list leaves no empty box behind it.
  return (
    <Box data-testid="document-grid" data-rows={rows.length} css={{ '& .rdg': { blockSize: `min(60vh, 560px, ${(Math.max(rows.length, 3) + 1) * ROW_HEIGHT + 2}px)`, fontSize: 'sm' }, '& .mate-number': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', paddingInlineEnd: '4' }, '& .mate-row-selected': { backgroundColor: 'var(--chakra-colors-blue-subtle)', fontWeight: 'semibold' } }}>
      <DataGrid<DocumentSummary>
        aria-label={label}
        columns={columns}
        rows={rows}
        rowKeyGetter={(row) => row.oid}
        rowHeight={ROW_HEIGHT}
        rowClass={(row) => (row.uid === selected ? 'mate-row-selected' : undefined)}
        sortColumns={sortColumns}
        onSortColumnsChange={(next) => {
          const first = next[0];
          const key = first ? SORT_KEYS[first.columnKey] : undefined;
          // A third click (no sort column) falls back to the newest first.
          onSortChange(key ? ((first!.direction === 'DESC' ? `-${key}` : key) as DocumentSort) : '-date');
        }}
        onCellClick={({ row }) => onSelect(row)}
        onCellKeyDown={({ row }, event) => {
          if (row && (event.key === 'Enter' || event.key === ' ')) {
            event.preventGridDefault();
            onSelect(row);
          }
        }}
        onScroll={onScroll}
        direction={document.dir === 'rtl' ? 'rtl' : 'ltr'}
        className="mate-grid"
      />
    </Box>
  );
}
