import { HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';
import { apiGet } from '../../../lib/api/api-client';
import { formatDate, formatNumber } from '../../../lib/format/format-number';
import { CountryFlag } from '../../../lib/ui/country-flag';
import { CARD_KEY, UNPROCESSED_PATH } from '../card-keys';
import { CardFrame } from '../card-frame';
import { usePageLink } from '../use-page-link';
import { storedReason } from '../../../lib/i18n/stored-reasons';

interface Unprocessed {
  count: number;
  tenants: { tenantOid: number; tenantName: string | null; country: string | null; count: number; newest: { oid: number; uid: string; createdAt: string; reason: string | null }[] }[];
}

const PAGE = '/diagnostics/unprocessed-documents';

/** Unprocessed documents: how many stay unprocessed per tenant the user may see, with the newest reasons. */
export function UnprocessedCard({ size }: { size: DashboardCardSize }) {
  const { i18n } = useLingui();
  const link = usePageLink(PAGE);
  const { data, error } = useSWR<Unprocessed>([CARD_KEY, UNPROCESSED_PATH], ([, path]: [string, string]) => apiGet<Unprocessed>(path, { newest: 1 }));
  return (
    <CardFrame title={<Trans>Unprocessed documents</Trans>} link={link} testId="unprocessed-card" loading={!data} error={error as Error | undefined}>
      {data ? (
        <Stack gap="2">
          <Text textStyle="2xl" fontWeight="semibold" data-testid="unprocessed-count">
            {formatNumber(data.count, i18n.locale)}
          </Text>
          {data.tenants.slice(0, size === 'small' ? 2 : 6).map((tenant) => (
            <Stack key={tenant.tenantOid} gap="0" textStyle="sm">
              <HStack>
                <CountryFlag country={tenant.country} size={14} />
                <Text fontWeight="medium">{tenant.tenantName ?? tenant.tenantOid}</Text>
                <Text color="fg.muted">{formatNumber(tenant.count, i18n.locale)}</Text>
              </HStack>
              {size !== 'small' && tenant.newest[0]?.reason ? (
                <Text color="fg.muted" lineClamp={1} title={storedReason(i18n, tenant.newest[0].reason)}>
                  {formatDate(tenant.newest[0].createdAt, i18n.locale, { dateStyle: 'short' })}: {storedReason(i18n, tenant.newest[0].reason)}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
    </CardFrame>
  );
}
