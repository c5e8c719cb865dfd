import { Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';
import { apiGet } from '../../../lib/api/api-client';
import { formatDate, formatNumber } from '../../../lib/format/format-number';
import { useTenancy } from '../../../shell/tenancy-context';
import { CARD_KEY, EXCHANGE_RATES_PATH } from '../card-keys';
import { CardFrame } from '../card-frame';

interface ExchangeRates {
  refCurrency: string;
  testValue: number;
  exchangeRates: { foreignCurrency: string; exchangeRate: number; modifiedAt: string }[];
  link: string | null;
}

/** Exchange rates (spec 2 §2): the tenant's 7 most recently changed rates, as what 100 of its currency buy. */
export function ExchangeRatesCard({ size }: { size: DashboardCardSize }) {
  const { i18n } = useLingui();
  const { tenantOid } = useTenancy();
  const { data, error } = useSWR<ExchangeRates>(tenantOid === undefined ? null : [CARD_KEY, EXCHANGE_RATES_PATH, tenantOid], ([, path, tenant]: [string, string, number]) => apiGet<ExchangeRates>(path, { tenantOid: tenant }));
  const amount = (value: number, currency: string) => formatNumber(value, i18n.locale, { style: 'currency', currency, maximumFractionDigits: 2 });
  return (
    <CardFrame title={<Trans>Exchange rates</Trans>} link={data?.link} testId="exchange-rates-card" loading={!data && tenantOid !== undefined} error={error as Error | undefined} description={data ? amount(data.testValue, data.refCurrency) : undefined}>
      {data && data.exchangeRates.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No exchange rates yet: the bridge job import-exchange-rates imports them.</Trans>
        </Text>
      ) : data ? (
        <Table.Root size="sm" data-testid="exchange-rates">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Currency</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>{amount(data.testValue, data.refCurrency)} buy</Trans>
              </Table.ColumnHeader>
              {size !== 'small' ? (
                <Table.ColumnHeader textAlign="end">
                  <Trans>Changed</Trans>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.exchangeRates.map((rate) => (
              <Table.Row key={rate.foreignCurrency}>
                <Table.Cell>{rate.foreignCurrency}</Table.Cell>
                <Table.Cell textAlign="end">{amount(data.testValue * rate.exchangeRate, rate.foreignCurrency)}</Table.Cell>
                {size !== 'small' ? <Table.Cell textAlign="end">{formatDate(rate.modifiedAt, i18n.locale, { dateStyle: 'short', timeStyle: 'short' })}</Table.Cell> : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </CardFrame>
  );
}
