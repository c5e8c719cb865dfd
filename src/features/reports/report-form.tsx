import { Button, Field, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { ReportGrouping } from '../../../schemas';
import { LocalDateInput } from '../../../renderers/widgets/local-date-input';
import type { LocationOption } from './use-locations';
import type { ReportFormValues } from './use-report';
import type { ReportInfo } from './report-types';
import { useDateStyle } from '../../lib/format/date-style';

interface ReportFormProps {
  info: ReportInfo;
  values: ReportFormValues;
  locations: LocationOption[];
  running: boolean;
  onChange: (values: ReportFormValues) => void;
  onRun: () => void;
}

/**
 * The parameters form, generated from the report's parameters: a date range (typed in the user's language, arrows
 * step a day), the location, the grouping. Enter in any box runs the report; the tenant is the shell's current one.
 */
export function ReportForm({ info, values, locations, running, onChange, onRun }: ReportFormProps) {
  const { t, i18n } = useLingui();
  const dateStyle = useDateStyle();
  const groupingLabel: Record<ReportGrouping, string> = { day: t`Day`, week: t`Week`, month: t`Month`, year: t`Year` };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun();
  };
  return (
    <form onSubmit={submit} aria-label={t`Report parameters`} data-testid="report-form">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }} wrap="wrap">
        {info.parameters.map((parameter) => {
          switch (parameter.kind) {
            case 'dateRange':
              return (
                <HStack key="range" gap="3" align="flex-end">
                  <Field.Root maxW={{ md: '44' }}>
                    <Field.Label>
                      <Trans>From</Trans>
                    </Field.Label>
                    <LocalDateInput kind="date" locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={values.from} onValueChange={(next) => onChange({ ...values, from: next ?? '' })} data-testid="report-from" />
                  </Field.Root>
                  <Field.Root maxW={{ md: '44' }}>
                    <Field.Label>
                      <Trans>To</Trans>
                    </Field.Label>
                    <LocalDateInput kind="date" locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={values.to} onValueChange={(next) => onChange({ ...values, to: next ?? '' })} data-testid="report-to" />
                  </Field.Root>
                </HStack>
              );
            case 'location':
              return (
                <Field.Root key="location" maxW={{ md: '60' }}>
                  <Field.Label>
                    <Trans>Location</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={values.location} onChange={(event) => onChange({ ...values, location: event.currentTarget.value })} data-testid="report-location">
                      <option value="">{t`All locations`}</option>
                      {locations.map((location) => (
                        <option key={location.oid} value={String(location.oid)}>
                          {location.text}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              );
            case 'grouping':
              return (
                <Field.Root key="grouping" maxW={{ md: '40' }}>
                  <Field.Label>
                    <Trans>Group by</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={values.grouping} onChange={(event) => onChange({ ...values, grouping: event.currentTarget.value as ReportGrouping })} data-testid="report-grouping">
                      {parameter.options.map((option) => (
                        <option key={option} value={option}>
                          {groupingLabel[option]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              );
            default:
              // The tenant parameter is the shell's current tenant (the organisation selector): nothing to ask here.
              return null;
          }
        })}
        <Button type="submit" colorPalette="blue" loading={running} data-testid="report-run">
          <Trans>Run report</Trans>
        </Button>
      </Stack>
    </form>
  );
}
