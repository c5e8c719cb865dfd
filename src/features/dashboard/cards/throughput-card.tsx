import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';
import { apiGet } from '../../../lib/api/api-client';
import { formatDate, formatNumber } from '../../../lib/format/format-number';
import { CARD_KEY, THROUGHPUT_PATH } from '../card-keys';
import { CardFrame } from '../card-frame';
import { DashboardChart } from '../dashboard-chart';
import { CHART_HEIGHT } from './card-size';

interface Throughput {
  months: string[];
  tenants: { tenantOid: number; tenantName: string | null; months: { month: string; count: number }[] }[];
  link: string | null;
}

/** Monthly document throughput (spec 2 §2): documents handed in per month for 12 months, stacked per tenant. */
export function ThroughputCard({ size }: { size: DashboardCardSize }) {
  const { t, i18n } = useLingui();
  const { data, error } = useSWR<Throughput>([CARD_KEY, THROUGHPUT_PATH], ([, path]: [string, string]) => apiGet<Throughput>(path));
  const total = data?.tenants.reduce((sum, tenant) => sum + tenant.months.reduce((s, month) => s + month.count, 0), 0) ?? 0;
  return (
    <CardFrame title={<Trans>Monthly document throughput</Trans>} link={data?.link} testId="throughput-card" loading={!data} error={error as Error | undefined} description={data ? t`${formatNumber(total, i18n.locale)} documents in 12 months` : undefined}>
      {data && data.tenants.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No tenant whose documents you may read.</Trans>
        </Text>
      ) : data ? (
        <DashboardChart
          testId="throughput-chart"
          height={CHART_HEIGHT[size]}
          stacked
          legend={size === 'large'}
          caption={t`Documents per month and tenant`}
          categoryLabel={t`Month`}
          series={data.tenants.map((tenant) => ({ key: `t${tenant.tenantOid}`, label: tenant.tenantName ?? String(tenant.tenantOid) }))}
          rows={data.months.map((month, index) => ({
            label: formatDate(`${month}-15T12:00:00Z`, i18n.locale, { month: 'short' }),
            ...Object.fromEntries(data.tenants.map((tenant) => [`t${tenant.tenantOid}`, tenant.months[index]?.count ?? 0])),
          }))}
          format={(value) => formatNumber(value, i18n.locale, { notation: 'compact' })}
        />
      ) : null}
    </CardFrame>
  );
}
