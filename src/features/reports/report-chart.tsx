import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Table, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { localize } from '../../../schemas';
import { formatReportValue } from './report-lines';
import type { ReportInfo, ReportResult } from './report-types';
import { useKindLabel } from './use-kind-label';

const COLORS = ['blue.solid', 'teal.solid', 'orange.solid', 'purple.solid'];
/** More categories than this are not readable as bars; the chart shows the first ones (the grid has all). */
const MAX_POINTS = 40;

/**
 * The chart a definition hints (`chart`): bars or a line of its measures over one dimension, from the subtotals when
 * that dimension is the subtotal level, else from the rows. Colours are theme tokens (light and dark); in Arabic the
 * category axis runs from the right. Screen readers get the same figures as a table instead of the drawing.
 */
export function ReportChart({ info, result }: { info: ReportInfo; result: ReportResult }) {
  const { t, i18n } = useLingui();
  const kindLabel = useKindLabel();
  const hint = info.chart!;
  const rtl = document.dir === 'rtl';
  const source = hint.x === info.subtotal ? result.subtotals : result.rows;
  const xColumn = result.columns.find((c) => c.name === hint.x)!;
  const yColumns = hint.y.map((name) => result.columns.find((c) => c.name === name)!);
  const label = (value: string | number | null) => (xColumn.field === 'kind' && typeof value === 'string' ? kindLabel(value) : formatReportValue(value, xColumn, i18n.locale, result.currency, result.parameters.grouping));
  const data: Record<string, string | number | null>[] = source.slice(0, MAX_POINTS).map((row) => ({ ...row, __x: label(row[hint.x] ?? null) }));
  const chart = useChart<Record<string, string | number | null>>({ data, series: yColumns.map((column, i) => ({ name: column.name, color: COLORS[i % COLORS.length], label: localize(column.title, i18n.locale) })) });
  const tick = (value: number) => formatReportValue(value, { type: yColumns[0]!.type === 'money' ? 'number' : yColumns[0]!.type, decimals: 0 }, i18n.locale, null);
  const title = t`Chart of ${yColumns.map((c) => localize(c.title, i18n.locale)).join(', ')} by ${localize(xColumn.title, i18n.locale)}`;
  const axes = (
    <>
      <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
      <XAxis dataKey="__x" reversed={rtl} axisLine={false} tickLine={false} tick={{ fill: chart.color('fg.muted'), fontSize: 12 }} />
      <YAxis orientation={rtl ? 'right' : 'left'} axisLine={false} tickLine={false} tickFormatter={tick} tick={{ fill: chart.color('fg.muted'), fontSize: 12 }} width={72} />
      <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
    </>
  );
  return (
    <Box data-testid="report-chart">
      <Box aria-hidden="true">
        <Chart.Root maxH="xs" chart={chart}>
          {hint.type === 'line' ? (
            <LineChart responsive accessibilityLayer={false} data={chart.data}>
              {axes}
              {chart.series.map((item) => (
                <Line key={String(item.name)} dataKey={chart.key(item.name)} stroke={chart.color(item.color)} strokeWidth={2} isAnimationActive={false} />
              ))}
            </LineChart>
          ) : (
            <BarChart responsive accessibilityLayer={false} data={chart.data}>
              {axes}
              {chart.series.map((item) => (
                <Bar key={String(item.name)} dataKey={chart.key(item.name)} fill={chart.color(item.color)} isAnimationActive={false} />
              ))}
            </BarChart>
          )}
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root data-testid="report-chart-table">
          <Table.Caption>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{localize(xColumn.title, i18n.locale)}</Table.ColumnHeader>
              {yColumns.map((column) => (
                <Table.ColumnHeader key={column.name}>{localize(column.title, i18n.locale)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((row, i) => (
              <Table.Row key={i}>
                <Table.Cell>{row.__x}</Table.Cell>
                {yColumns.map((column) => (
                  <Table.Cell key={column.name}>{formatReportValue(row[column.name], column, i18n.locale, result.currency)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
