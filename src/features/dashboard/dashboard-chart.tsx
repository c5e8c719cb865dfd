import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Table, VisuallyHidden } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

const COLORS = ['teal.solid', 'blue.solid', 'orange.solid', 'purple.solid', 'pink.solid', 'green.solid', 'cyan.solid', 'yellow.solid'];

export interface ChartSeries {
  key: string;
  label: string;
}

/**
 * Bars of one or more series over categories, in theme colours (readable in light and dark), the category axis from
 * the right in a right-to-left language. Screen readers get the same figures as a table (`caption`) instead.
 */
export function DashboardChart({ rows, series, caption, categoryLabel, format, stacked, legend, height, testId }: {
  rows: ({ label: string } & Record<string, number | string>)[];
  series: ChartSeries[];
  caption: string;
  categoryLabel: string;
  format: (value: number) => string;
  stacked?: boolean;
  /** Names the series under the chart (a large tile; smaller ones name them in the tooltip). */
  legend?: boolean;
  height: string;
  testId: string;
}) {
  const rtl = document.dir === 'rtl';
  const chart = useChart({ data: rows, series: series.map((item, i) => ({ name: item.key, label: item.label, color: COLORS[i % COLORS.length] })) });
  return (
    <Box data-testid={testId}>
      {/* The drawing runs left to right inside (SVG text anchors would otherwise flip into the plot in Arabic); the
          axes are mirrored by the props instead. */}
      <Box aria-hidden="true" dir="ltr">
        <Chart.Root h={height} chart={chart}>
          <BarChart responsive accessibilityLayer={false} data={chart.data}>
            <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
            <XAxis dataKey="label" reversed={rtl} axisLine={false} tickLine={false} tick={{ fill: chart.color('fg.muted'), fontSize: 11 }} />
            <YAxis orientation={rtl ? 'right' : 'left'} axisLine={false} tickLine={false} tickFormatter={format} tick={{ fill: chart.color('fg.muted'), fontSize: 11 }} width={56} />
            <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
            {legend && series.length > 1 ? <Legend content={<Chart.Legend />} /> : null}
            {chart.series.map((item) => (
              <Bar key={String(item.name)} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={stacked ? 'all' : undefined} isAnimationActive={false} />
            ))}
          </BarChart>
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root data-testid={`${testId}-table`}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{categoryLabel}</Table.ColumnHeader>
              {series.map((item) => (
                <Table.ColumnHeader key={item.key}>{item.label}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell>{row.label}</Table.Cell>
                {series.map((item) => (
                  <Table.Cell key={item.key}>{format(Number(row[item.key] ?? 0))}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
