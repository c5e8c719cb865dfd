import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSeries } from './dashboard-chart';

const COLORS = ['teal.solid', 'blue.solid', 'orange.solid', 'purple.solid', 'pink.solid', 'green.solid', 'cyan.solid', 'yellow.solid'];

/**
 * The bars themselves (recharts), in their own chunk: dashboard-chart.tsx loads it once the page is drawn, so the
 * dashboard's first paint does not wait for the charting library.
 */
export default function DashboardChartDrawing({ rows, series, format, stacked, legend, height, testId }: {
  rows: ({ label: string } & Record<string, number | string>)[];
  series: ChartSeries[];
  format: (value: number) => string;
  stacked?: boolean;
  legend?: boolean;
  height: string;
  testId: string;
}) {
  const rtl = document.dir === 'rtl';
  const chart = useChart({ data: rows, series: series.map((item, i) => ({ name: item.key, label: item.label, color: COLORS[i % COLORS.length] })) });
  return (
    <Chart.Root h={height} chart={chart} data-testid={`${testId}-drawing`}>
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
  );
}
