import { Alert, Button, Field, Heading, HStack, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { localize } from '../../../schemas/field-label';
import { LocalDateInput } from '../../../renderers/widgets/local-date-input';
import type { PageProps } from '../../app/page-registry';
import { apiGet } from '../../lib/api/api-client';
import { ExportProgress } from './export-progress';
import { reportOfExportPath, type ExportReportInfo } from './report-export-types';
import { EXPORT_FORMATS, useReportExport, type ExportFormat } from './use-report-export';
import { useDateStyle } from '../../lib/format/date-style';

interface Values {
  from: string;
  to: string;
  grouping: string;
}

/**
 * /report/export/{group}/{type} (component 'report-export'): the report's parameters, a format, Export with progress
 * and Cancel; the file is saved under the name the server gives (docs/reports.md "Export").
 */
export function ReportExportPage({ item }: PageProps) {
  const { t, i18n } = useLingui();
  const dateStyle = useDateStyle();
  const report = reportOfExportPath(item.path);
  const key = report ? `/api/reports/${report.group}/${report.type}` : null;
  const { data: info, error } = useSWR<ExportReportInfo>(key, (path: string) => apiGet<ExportReportInfo>(path));
  const exporter = useReportExport(report?.group ?? '', report?.type ?? '', i18n.locale);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [values, setValues] = useState<Values>({ from: '', to: '', grouping: '' });
  const range = info?.parameters.find((p) => p.kind === 'dateRange');
  const grouping = info?.parameters.find((p) => p.kind === 'grouping');
  // The report's definition (read again) sets the form to its defaults.
  const [valuesOf, setValuesOf] = useState<ExportReportInfo>();
  if (info && valuesOf !== info) {
    setValuesOf(info);
    setValues({ from: range?.kind === 'dateRange' ? range.default.from : '', to: range?.kind === 'dateRange' ? range.default.to : '', grouping: grouping?.kind === 'grouping' ? grouping.default : '' });
  }

  if (!report) return <Alert.Root status="error">{t`This is not a report export page.`}</Alert.Root>;
  if (error) {
    return (
      <Alert.Root status="error" data-testid="export-load-error">
        <Alert.Indicator />
        <Alert.Title>{error instanceof Error ? error.message : t`Failed`}</Alert.Title>
      </Alert.Root>
    );
  }
  const { state } = exporter;
  const running = state.phase === 'running';
  const formatLabel: Record<ExportFormat, string> = { csv: t`CSV (all rows)`, xlsx: t`Excel workbook (all rows)`, pdf: t`PDF (first 5,000 rows)` };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    void exporter.start(format, { from: range ? values.from || undefined : undefined, to: range ? values.to || undefined : undefined, grouping: grouping ? values.grouping || undefined : undefined });
  };
  const title = info ? localize(info.title, i18n.locale) : '';

  return (
    <Stack gap="4" maxW="3xl" data-testid="report-export">
      <Heading size="md" as="h2" data-testid="export-title">
        <Trans>Export: {title}</Trans>
      </Heading>
      <form onSubmit={submit} aria-label={t`Export parameters`} data-testid="export-form">
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }}>
            {range && (
              <>
                <Field.Root maxW={{ md: '44' }}>
                  <Field.Label>
                    <Trans>From</Trans>
                  </Field.Label>
                  <LocalDateInput kind="date" locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={values.from} onValueChange={(next) => setValues({ ...values, from: next ?? '' })} disabled={running} data-testid="export-from" />
                </Field.Root>
                <Field.Root maxW={{ md: '44' }}>
                  <Field.Label>
                    <Trans>To</Trans>
                  </Field.Label>
                  <LocalDateInput kind="date" locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={values.to} onValueChange={(next) => setValues({ ...values, to: next ?? '' })} disabled={running} data-testid="export-to" />
                </Field.Root>
              </>
            )}
            {grouping?.kind === 'grouping' && (
              <Field.Root maxW={{ md: '40' }}>
                <Field.Label>
                  <Trans>Group by</Trans>
                </Field.Label>
                <NativeSelect.Root disabled={running}>
                  <NativeSelect.Field value={values.grouping} onChange={(event) => setValues({ ...values, grouping: event.currentTarget.value })} data-testid="export-grouping">
                    {grouping.options.map((option) => (
                      <option key={option} value={option}>
                        {({ day: t`Day`, week: t`Week`, month: t`Month`, year: t`Year` } as Record<string, string>)[option] ?? option}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
          </Stack>
          <Field.Root>
            <Field.Label id="export-format-label">
              <Trans>Format</Trans>
            </Field.Label>
            <RadioGroup.Root value={format} onValueChange={(details) => details.value && setFormat(details.value as ExportFormat)} disabled={running} aria-labelledby="export-format-label" data-testid="export-format">
              <Stack direction={{ base: 'column', md: 'row' }} gap="4">
                {EXPORT_FORMATS.map((option) => (
                  <RadioGroup.Item key={option} value={option} data-testid={`export-format-${option}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{formatLabel[option]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          </Field.Root>
          <HStack gap="3">
            <Button type="submit" colorPalette="blue" loading={running} disabled={!info} data-testid="export-run">
              <Trans>Export</Trans>
            </Button>
            {running && (
              <Button type="button" variant="outline" onClick={exporter.cancel} data-testid="export-cancel">
                <Trans>Cancel</Trans>
              </Button>
            )}
          </HStack>
        </Stack>
      </form>
      {state.phase === 'running' && <ExportProgress progress={state.progress} countsRows={state.format === 'csv'} />}
      {state.phase === 'done' && (
        <Alert.Root status="success" data-testid="export-done">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>
              Saved <bdi>{state.name}</bdi>.
            </Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      {state.phase === 'cancelled' && (
        <Alert.Root status="info" data-testid="export-cancelled">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>The export was cancelled.</Trans>
          </Alert.Title>
        </Alert.Root>
      )}
      {state.phase === 'failed' && (
        <Alert.Root status="error" data-testid="export-failed">
          <Alert.Indicator />
          <Alert.Title>{state.reason ?? (state.brokenAfter !== undefined ? t`The export broke off after ${new Intl.NumberFormat(i18n.locale).format(state.brokenAfter)} rows; no file was saved.` : t`Failed`)}</Alert.Title>
        </Alert.Root>
      )}
      <Text textStyle="sm" color="fg.muted">
        <Trans>CSV and Excel hold every row; text that a spreadsheet would run as a formula is written with a leading apostrophe.</Trans>
      </Text>
    </Stack>
  );
}
