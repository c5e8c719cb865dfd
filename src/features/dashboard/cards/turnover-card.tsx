import { HStack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';
import { apiGet } from '../../../lib/api/api-client';
import { formatDate, formatNumber } from '../../../lib/format/format-number';
import { CountryFlag } from '../../../lib/ui/country-flag';
import { useTenancy } from '../../../shell/tenancy-context';
import { CARD_KEY, TURNOVER_PATH } from '../card-keys';
import { CardFrame } from '../card-frame';
import { DashboardChart } from '../dashboard-chart';
import { CHART_HEIGHT } from './card-size';

interface Turnover {
  days: string[];
  tenants: { tenantOid: number; tenantName: string | null; country: string | null; currency: string; days: { day: string; total: number; receiptCount: number }[] }[];
  link: string | null;
}

/**
 * Weekly turnover (spec 2 §2): the chart shows the days of the tenant the user works in (or the first one they may
 * read); the table under it the week's sum of every tenant they may read, each in its own currency.
 */
export function TurnoverCard({ size }: { size: DashboardCardSize }) {
  const { t, i18n } = useLingui();
  const { tenantOid } = useTenancy();
  const { data, error } = useSWR<Turnover>([CARD_KEY, TURNOVER_PATH], ([, path]: [string, string]) => apiGet<Turnover>(path));
  const week = (tenant: Turnover['tenants'][number]) => tenant.days.reduce((sum, day) => sum + day.receiptCount, 0);
  // The tenant the user works in when it sold anything this week (a group's root often sells nothing itself), else
  // the one with the most receipts.
  const current = data?.tenants.find((tenant) => tenant.tenantOid === tenantOid);
  const shown = current && week(current) > 0 ? current : [...(data?.tenants ?? [])].sort((a, b) => week(b) - week(a))[0];
  const money = (value: number, currency: string) => formatNumber(value, i18n.locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  return (
    <CardFrame title={<Trans>Weekly turnover</Trans>} link={data?.link} testId="turnover-card" loading={!data} error={error as Error | undefined}>
      {data && !shown ? (
        <Text color="fg.muted">
          <Trans>No tenant whose turnover you may read.</Trans>
        </Text>
      ) : shown ? (
        <>
          <Text textStyle="xs" color="fg.muted" mb="1" data-testid="turnover-chart-tenant">
            {shown.tenantName ?? shown.tenantOid} ({shown.currency})
          </Text>
          <DashboardChart
            testId="turnover-chart"
            height={CHART_HEIGHT[size]}
            caption={t`Turnover of ${shown.tenantName ?? shown.tenantOid} per day`}
            categoryLabel={t`Day`}
            series={[{ key: 'total', label: t`Turnover (${shown.currency})` }]}
            rows={shown.days.map((day) => ({ label: formatDate(`${day.day}T12:00:00Z`, i18n.locale, { weekday: 'short', day: 'numeric' }), total: day.total }))}
            format={(value) => formatNumber(value, i18n.locale, { notation: 'compact' })}
          />
          <Table.Root size="sm" mt="2" data-testid="turnover-tenants">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Tenant</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>7 days</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Receipts</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data!.tenants.slice(0, size === 'small' ? 3 : 8).map((tenant) => (
                <Table.Row key={tenant.tenantOid} data-testid={`turnover-tenant-${tenant.tenantOid}`}>
                  <Table.Cell>
                    <HStack gap="1.5">
                      <CountryFlag country={tenant.country} size={14} />
                      <Text as="span">{tenant.tenantName ?? tenant.tenantOid}</Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="turnover-week-total">
                    {money(tenant.days.reduce((sum, day) => sum + day.total, 0), tenant.currency)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="turnover-week-receipts">
                    {formatNumber(week(tenant), i18n.locale)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      ) : null}
    </CardFrame>
  );
}
