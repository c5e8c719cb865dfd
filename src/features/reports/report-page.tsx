import { Alert, Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { PageProps } from '../../app/page-registry';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { useBasePath } from '../../shell/base-path';
import { useTenancy } from '../../shell/tenancy-context';
import { ReportChart } from './report-chart';
import { ReportForm } from './report-form';
import { ReportGrid } from './report-grid';
import { exportHref } from './report-lines';
import { reportOfPath, runBody, useReport } from './use-report';
import { useLocations } from './use-locations';

/** /report/{group}/{type} (component 'report-grid'): a report's parameters, its result grid, chart and drill-down. */
export function ReportPage({ item }: PageProps) {
  const report = reportOfPath(item.path);
  if (!report) {
    return (
      <Text color="fg.error" role="alert">
        <Trans>This navigation entry names no report.</Trans>
      </Text>
    );
  }
  return <ReportView key={item.path} group={report.group} type={report.type} />;
}

function ReportView({ group, type }: { group: string; type: string }) {
  const { t } = useLingui();
  const base = useBasePath();
  const { tenantOid } = useTenancy();
  const locations = useLocations(tenantOid);
  const report = useReport(group, type);
  if (report.loading) return <BusyHourglass />;
  if (!report.info || !report.values) {
    return (
      <Text color="fg.error" role="alert">
        <Trans>The report could not be read.</Trans>
      </Text>
    );
  }
  const { info, values, result } = report;
  return (
    <Stack gap="4" data-testid="report-page">
      <ReportForm info={info} values={values} locations={locations} running={report.running} onChange={report.setValues} onRun={() => void report.run()} />
      {report.failure && (
        <Alert.Root status="error" data-testid="report-failure">
          <Alert.Indicator />
          <Alert.Title>{report.failure}</Alert.Title>
        </Alert.Root>
      )}
      {result?.truncated && (
        <Alert.Root status="warning" data-testid="report-truncated">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>More than {result.maxRows} rows: the first ones are shown and the totals cover all. Narrow the date range or choose a location to see every row.</Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      {result && (
        <>
          {result.rows.length === 0 ? (
            <Text color="fg.muted" data-testid="report-empty">
              <Trans>No documents in this range.</Trans>
            </Text>
          ) : (
            info.chart && <ReportChart info={info} result={result} />
          )}
          <Box aria-busy={report.running}>
            <ReportGrid info={info} result={result} />
          </Box>
          <HStack gap="4" wrap="wrap">
            <ChakraLink asChild colorPalette="blue">
              <Link to={`${base}${exportHref(group, type, runBody(info, values))}`} data-testid="report-export-link">
                {t`Export this report`}
              </Link>
            </ChakraLink>
          </HStack>
        </>
      )}
    </Stack>
  );
}
