import { Link as ChakraLink } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataGrid, type Column } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import './report-grid.css';
import { drillDownHref, localize, type ReportColumn, type ReportRunParameters } from '../../../schemas';
import { useBasePath } from '../../shell/base-path';
import { formatReportValue, reportLines } from './report-lines';
import type { ReportColumnInfo, ReportInfo, ReportLine, ReportResult } from './report-types';
import { useKindLabel } from './use-kind-label';

const ROW_HEIGHT = 36;
const DRILL_KEY = '__drill';

interface ReportGridProps {
  info: ReportInfo;
  result: ReportResult;
}

const isNumeric = (column: ReportColumnInfo) => ['integer', 'number', 'money', 'percent'].includes(column.type);

/**
 * The result grid (react-data-grid): the visible columns, a subtotal line after each group and the grand total last,
 * each set apart; the last column links a line to the documents behind it in the viewer (Enter on a line opens it).
 */
export function ReportGrid({ info, result }: ReportGridProps) {
  const { t, i18n } = useLingui();
  const base = useBasePath();
  const navigate = useNavigate();
  const kindLabel = useKindLabel();
  const lines = useMemo(() => reportLines(result, info.subtotal), [result, info.subtotal]);
  const visible = result.columns.filter((c) => !c.hidden);
  const firstVisible = visible[0]?.name;
  const definition = { drillDown: info.drillDown, source: info.source, columns: result.columns as unknown as ReportColumn[] };
  const hrefOf = (line: ReportLine) => drillDownHref(definition, line.values, result.parameters as ReportRunParameters);

  const text = (line: ReportLine, column: ReportColumnInfo): string => {
    if (column.name === firstVisible && line.type === 'total') return t`Total`;
    if (line.type === 'subtotal' && column.role === 'dimension' && column.name !== info.subtotal) return column.name === firstVisible ? t`Subtotal` : '';
    const value = line.values[column.name];
    if (column.field === 'kind' && typeof value === 'string') return kindLabel(value);
    return formatReportValue(value, column, i18n.locale, result.currency, result.parameters.grouping);
  };

  const columns: Column<ReportLine>[] = visible.map((column) => ({
    key: column.name,
    name: localize(column.title, i18n.locale),
    resizable: true,
    minWidth: isNumeric(column) ? 110 : 140,
    headerCellClass: isNumeric(column) ? 'report-cell-end' : undefined,
    cellClass: isNumeric(column) ? 'report-cell-end' : undefined,
    renderCell: ({ row }) => <bdi data-testid={`report-cell-${column.name}`}>{text(row, column)}</bdi>,
  }));
  if (info.drillDown) {
    columns.push({
      key: DRILL_KEY,
      name: t`Documents`,
      minWidth: 120,
      renderCell: ({ row, tabIndex }) => {
        const href = hrefOf(row);
        return href ? (
          <ChakraLink asChild colorPalette="blue" tabIndex={tabIndex}>
            <Link to={`${base}${href}`} data-testid={`report-drill-${row.type}`}>{t`Show documents`}</Link>
          </ChakraLink>
        ) : null;
      },
    });
  }

  return (
    <DataGrid
      aria-label={t`Report result`}
      className="mate-report-grid"
      columns={columns}
      rows={lines}
      rowKeyGetter={(line) => line.key}
      rowHeight={ROW_HEIGHT}
      rowClass={(line) => `report-line-${line.type}`}
      direction={document.dir === 'rtl' ? 'rtl' : 'ltr'}
      style={{ blockSize: Math.min(560, (lines.length + 1) * ROW_HEIGHT + 4) }}
      onCellKeyDown={({ row }, event) => {
        if (event.key !== 'Enter' || !row) return;
        const href = hrefOf(row);
        if (!href) return;
        event.preventGridDefault();
        void navigate(`${base}${href}`);
      }}
      data-testid="report-grid"
    />
  );
}
