import { Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import useSWR from 'swr';
import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';
import { apiGet } from '../../../lib/api/api-client';
import { formatBytes } from '../../../lib/format/format-bytes';
import { formatNumber } from '../../../lib/format/format-number';
import { CARD_KEY, DATABASE_USAGE_PATH } from '../card-keys';
import { CardFrame } from '../card-frame';
import { usePageLink } from '../use-page-link';

/** Spec 2 §3 "Database usage summary": sizes in KB. */
interface DatabaseUsage {
  count: number;
  total: number;
  topTables: { name: string; total: number }[];
}

const TOP = 5;
const PAGE = '/diagnostics/database-usage';

/** Database usage: the 5 largest tables; the server counts in KB, shown times 1024 as bytes (spec 2 §9). */
export function DatabaseUsageCard({ size }: { size: DashboardCardSize }) {
  const { t, i18n } = useLingui();
  const link = usePageLink(PAGE);
  const { data, error } = useSWR<DatabaseUsage>([CARD_KEY, DATABASE_USAGE_PATH], ([, path]: [string, string]) => apiGet<DatabaseUsage>(path, { take: TOP }));
  return (
    <CardFrame
      title={<Trans>Database usage</Trans>}
      link={link}
      testId="database-usage-card"
      loading={!data}
      error={error as Error | undefined}
      description={data ? t`${formatNumber(data.count, i18n.locale)} tables, ${formatBytes(data.total * 1024, i18n.locale)}` : undefined}
    >
      {data ? (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Table</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Size</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.topTables.slice(0, size === 'small' ? 3 : TOP).map((table) => (
              <Table.Row key={table.name}>
                <Table.Cell wordBreak="break-all">{table.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatBytes(table.total * 1024, i18n.locale)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </CardFrame>
  );
}
