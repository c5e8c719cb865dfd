import { Box, Skeleton, Table, VisuallyHidden } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useIdle } from '../../lib/ui/use-idle';

// recharts is most of the dashboard's code (about 420 KB) and a tenth of a second and more of its first render: the
// drawing loads once the browser is idle after the page is drawn, so the shell, the figures and the links come first.
const DashboardChartDrawing = lazy(() => import('./dashboard-chart-drawing'));

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
  const idle = useIdle();
  return (
    <Box data-testid={testId}>
      {/* The drawing runs left to right inside (SVG text anchors would otherwise flip into the plot in Arabic); the
          axes are mirrored by the props instead. Until it is loaded a placeholder of its height keeps the page still. */}
      <Box aria-hidden="true" dir="ltr">
        {idle ? (
          <Suspense fallback={<Skeleton h={height} />}>
            <DashboardChartDrawing rows={rows} series={series} format={format} stacked={stacked} legend={legend} height={height} testId={testId} />
          </Suspense>
        ) : (
          <Skeleton h={height} />
        )}
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
