import { Code, DataList } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatNumber } from '../../lib/format/format-number';
import type { BridgeState } from './bridge-types';
import { BridgeStateBadge } from './state-badges';

/** State, job counts, version and build date of the bridge (spec 2 §2), for the card and the page. */
export function BridgeSummary({ summary }: { summary: Omit<BridgeState, 'jobs'> }) {
  const { i18n } = useLingui();
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5" data-testid="bridge-summary">
      <DataList.Item>
        <DataList.ItemLabel>
          <Trans>State</Trans>
        </DataList.ItemLabel>
        <DataList.ItemValue>
          <BridgeStateBadge state={summary.state} />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>
          <Trans>Jobs</Trans>
        </DataList.ItemLabel>
        <DataList.ItemValue data-testid="bridge-job-count">{formatNumber(summary.jobCount, i18n.locale)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>
          <Trans>Failed jobs</Trans>
        </DataList.ItemLabel>
        <DataList.ItemValue data-testid="bridge-failed-count" color={summary.jobFailedCount > 0 ? 'red.fg' : undefined}>
          {formatNumber(summary.jobFailedCount, i18n.locale)}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>
          <Trans>Version</Trans>
        </DataList.ItemLabel>
        <DataList.ItemValue>
          <Code data-testid="bridge-version">{summary.version}</Code>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>
          <Trans>Built</Trans>
        </DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(summary.buildDate, i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })}</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}
