import { Box, useBreakpointValue } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { DataGrid, type Column, type DataGridHandle, type SortColumn } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import '../../lib/ui/grid-table.css';
import type { CompiledEntity, SortKey } from '../../../schemas';
import { valueAt } from '../../../schemas/field-paths';
import { findField } from '../../../schemas';
import { ImagePreview } from '../../../renderers/widgets/image-preview';
import { formatNumber } from '../../lib/format/format-number';
import type { DataApi, DataRecord, ListCount } from './data-api';
import { alignsEnd, formatRecordField } from '../../lib/format/format-cell';
import { LookupText } from './lookup-text';
import { lookupBatchId, lookupBatches, pageChunks } from './lookup-texts';
import { RowDetails, type RowDetailsProps } from './row-details';
import { rowNumberText } from './row-numbers';
import { RowSheet } from './row-sheet';
import type { LiveMark as LiveMarkKind } from './live-changes';
import { LiveMark } from './live-mark';
import { useClientWidth } from './use-client-width';
import { useScrollMemory } from './use-scroll-memory';
import { useDateStyle } from '../../lib/format/date-style';

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
  /** Keyboard: Enter extends the row (details), F2 opens its editor on the cell's field (undefined on '#'). */
  onRowKey: (record: DataRecord, key: 'Enter' | 'F2', field: string | undefined) => void;
  /** How many rows match, as the server counted them: the 'row N of M' announcement says it. */
  count?: ListCount | undefined;
  details: Omit<RowDetailsProps, 'row' | 'compiled' | 'api'>;
  /** How a row is marked after a change made elsewhere (use-live-rows.ts). */
  liveMark?: ((oid: unknown) => LiveMarkKind | undefined) | undefined;
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

const noMark = () => undefined;

/** The grid with infinite scrolling (spec 2 §2): the next page loads when the end of the list comes into view. */
export function GridTable(props: GridTableProps) {
  const { compiled, api, rows, sort, expanded, details } = props;
  const { t, i18n } = useLingui();
  // Dates in the style in force (the back office's formats.dateFormat): the cells are written anew when it changes.
  const dateStyle = useDateStyle();
  const grid = useRef<DataGridHandle>(null);
  const liveMarkOf = props.liveMark ?? noMark;
  // Below md the extended row opens as a full-screen sheet, not as a line of the grid.
  const sheet = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const lines = useMemo(() => gridLines(rows, sheet ? undefined : expanded), [rows, expanded, sheet]);
  const sheetRecord = sheet && expanded !== undefined && expanded !== null ? rows.find((record) => record.Oid === expanded) : undefined;
  const count = rows.length;
  // The lookup values of each loaded page resolve with one list call per looked-up kind.
  const pageSize = compiled.grid.pageSize;
  const batchesByPage = useMemo(() => pageChunks(rows, pageSize).map((chunk) => lookupBatches(compiled.lookups, chunk)), [rows, pageSize, compiled.lookups]);

  const imageFields = useMemo(() => new Set(compiled.grid.columns.map((column) => column.field).filter((field) => findField(compiled.meta.fields, field)?.usage === 'ImageName')), [compiled]);
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
            <>
              {liveMarkOf(line.record.Oid) && <LiveMark mark={liveMarkOf(line.record.Oid)!} />}
              <span data-testid="row-number">{rowNumberText(line.index, count)}</span>
            </>
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
          // Numbers stand at the end of their cell so their digits line up (start-aligned in right-to-left too).
          ...(alignsEnd(compiled, column.field) ? { cellClass: 'mate-number', headerCellClass: 'mate-number' } : {}),
          renderCell: ({ row: line }) => {
            if (line.type !== 'record') return null;
            const value = valueAt(line.record, column.field);
            const lookup = compiled.lookups[column.field];
            if (lookup) return <LookupText lookup={lookup} value={value} batch={batchesByPage[Math.floor(line.index / Math.max(1, pageSize))]?.get(lookupBatchId(lookup))} />;
            // Isolated, so '20-0000003' or '19 %' keeps its order in a right-to-left page.
            const text = <bdi>{formatRecordField(compiled, column.field, line.record, t`Yes`, '', dateStyle)}</bdi>;
            // A field naming an image (usage ImageName) shows its thumbnail, loaded when the row scrolls into view.
            if (imageFields.has(column.field) && typeof value === 'string' && value !== '') {
              return (
                <Box as="span" display="inline-flex" alignItems="center" gap="2" height="full">
                  <ImagePreview name={value} size={6} />
                  {text}
                </Box>
              );
            }
            return text;
          },
        }),
      ),
    ];
  }, [compiled, api, details, count, t, batchesByPage, pageSize, liveMarkOf, imageFields, dateStyle]);

  const sortColumns = useMemo<SortColumn[]>(() => sort.map((s) => ({ columnKey: s.field, direction: s.direction === 'asc' ? 'ASC' : 'DESC' })), [sort]);

  // Where the open row was opened from: closing it (Escape, Close, Cancel) gives that cell the focus again.
  const origin = useRef<{ oid: unknown; column: string }>(undefined);
  const [announced, setAnnounced] = useState('');
  const loaded = rows.length;
  const rowAnnouncement = (index: number) => {
    const n = index + 1;
    // The server's count (exact, or its limit), else the rows loaded so far.
    const exact = props.count ? props.count.exact : !props.hasMore;
    const total = formatNumber(props.count?.total ?? loaded, i18n.locale);
    return exact ? t`Row ${n} of ${total}` : t`Row ${n} of more than ${total}`;
  };
  const wasExpanded = useRef(expanded);
  useEffect(() => {
    const closed = wasExpanded.current !== undefined && wasExpanded.current !== null && (expanded === undefined || expanded === null);
    wasExpanded.current = expanded;
    const from = origin.current;
    const element = grid.current?.element;
    if (!closed || !from || !element) return;
    // Only when the focus went down with the details (or stays in the grid): a click elsewhere keeps its focus.
    const focused = document.activeElement;
    if (focused && focused !== document.body && !element.contains(focused)) return;
    const rowIdx = lines.findIndex((line) => line.type === 'record' && line.record.Oid === from.oid);
    const idx = Math.max(0, columns.findIndex((column) => column.key === from.column));
    if (rowIdx < 0) return;
    grid.current?.setActivePosition({ idx, rowIdx }, { shouldFocus: true });
    // When that cell is still the active one, react-data-grid leaves the focus alone: give it the focus here.
    element.querySelector<HTMLElement>(`.rdg-row[aria-rowindex="${rowIdx + 2}"] > .rdg-cell[aria-colindex="${idx + 1}"]`)?.focus();
  }, [expanded, lines, columns]);

  const scroller = useCallback(() => grid.current?.element, []);
  const shownWidth = useClientWidth(scroller);
  const rememberScroll = useScrollMemory(scroller, { lines: lines.length, hasMore: props.hasMore, loadMore: props.onLoadMore });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    rememberScroll(target);
    if (props.hasMore && target.scrollTop + target.clientHeight >= target.scrollHeight - ROW_HEIGHT * 3) props.onLoadMore();
  };

  return (
    <Box
      data-testid="data-grid"
      data-rows={count}
      css={{
        '& .rdg': { blockSize: 'calc(100vh - 300px)', minBlockSize: '360px', fontSize: 'sm' },
        '& .mate-detail-cell': { padding: 0, whiteSpace: 'normal' },
        // The details line spans every column, often wider than the grid shows (users: 1,274 px of columns in a grid
        // 1,230 px wide at 1280): its content keeps to the shown width and to the start of the view when the grid
        // scrolls sideways, so the toolbar wraps inside it and Delete, at its end, stays in sight.
        '& .mate-detail-cell > *': { position: 'sticky', insetInlineStart: 0, maxInlineSize: shownWidth ? `${shownWidth}px` : '100%' },
        '& .mate-row-number': { color: 'var(--chakra-colors-fg-muted)', textAlign: 'end' },
        '& .mate-number': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      }}
    >
      <DataGrid<GridLine>
        ref={grid}
        aria-label={compiled.pluralLabel}
        columns={columns}
        rows={lines}
        rowKeyGetter={(line) => `${line.type}-${String(line.record.Oid)}`}
        rowHeight={(line) => (line.type === 'detail' ? DETAIL_HEIGHT[details.mode] : ROW_HEIGHT)}
        rowClass={(line) => {
          if (line.type !== 'record') return undefined;
          const mark = liveMarkOf(line.record.Oid);
          return [line.record.Oid === expanded ? 'mate-row-expanded' : '', mark ? `mate-row-${mark}` : ''].filter(Boolean).join(' ') || undefined;
        }}
        sortColumns={sortColumns}
        onSortColumnsChange={(next) => {
          const first = next[0];
          if (first) props.onSortChange([{ field: first.columnKey, direction: first.direction === 'ASC' ? 'asc' : 'desc' }]);
          else if (sort[0]) props.onSortChange([{ field: sort[0].field, direction: 'asc' }]);
        }}
        onCellClick={({ row: line, column }) => {
          if (line.type !== 'record') return;
          origin.current = { oid: line.record.Oid, column: column.key };
          props.onRowClick(line.record);
        }}
        onCellDoubleClick={(_args, event) => event.preventGridDefault()}
        onCellKeyDown={({ row: line, column }, event) => {
          if (!line || line.type !== 'record') return;
          // Arrows, Home/End, PageUp/PageDown and Tab stay react-data-grid's own cell navigation.
          if (event.key === 'Enter' || event.key === 'F2') {
            event.preventGridDefault();
            origin.current = { oid: line.record.Oid, column: column?.key ?? '#' };
            props.onRowKey(line.record, event.key, column && column.key !== '#' ? column.key : undefined);
          } else if (event.key === 'Escape' && line.record.Oid === expanded) {
            event.preventGridDefault();
            details.onClose();
          }
        }}
        onActivePositionChange={({ row: line }) => setAnnounced(line?.type === 'record' ? rowAnnouncement(line.index) : '')}
        onScroll={onScroll}
        direction={document.dir === 'rtl' ? 'rtl' : 'ltr'}
        className="mate-grid"
      />
      <Box srOnly role="status" aria-live="polite" data-testid="grid-row-announcement">
        {announced}
      </Box>
      {sheetRecord && (
        <RowSheet title={String(sheetRecord[compiled.meta.titleField] ?? sheetRecord.Oid)} onClose={details.onClose}>
          <RowDetails compiled={compiled} api={api} row={sheetRecord} {...details} />
        </RowSheet>
      )}
    </Box>
  );
}
